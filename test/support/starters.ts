import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCommittedStarters } from '../../checker/starters.ts';
import { REPO } from './run.ts';

let cached: string | null = null;

/**
 * A chapters folder holding the committed starters (the git blobs checker/starters.json names, which reset
 * restores), never the working tree's chapters/: a learner's work there must not change what the tests prove.
 */
export function committedStarters(): string {
  cached ??= starterCopy('starters-');
  return cached;
}

/** A fresh copy of the committed starters in a new folder named `chapters`, for a test that edits it. */
export function starterCopy(prefix = 'starter-copy-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  // As in the repository, the chapters sit in an ES module package with the course's packages installed, so a
  // starter that imports the SDK and awaits at top level runs under tsx.
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return writeCommittedStarters(join(root, 'chapters'));
}
