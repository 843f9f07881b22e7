import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCommittedStarters } from '../../checker/course/starters.ts';
import { REPO } from './run.ts';

let cached: string | null = null;

/** A new temporary folder laid out like the repository: ES modules, and the repository's packages (chapter code imports the SDK). */
function folderWithPackages(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * A chapters folder holding the committed starters (the git blobs checker/starters.json names, which reset
 * restores), never the working tree's chapters/: a learner's work there must not change what the tests prove.
 */
export function committedStarters(): string {
  cached ??= writeCommittedStarters(join(folderWithPackages('starters-'), 'chapters'));
  return cached;
}

/** A fresh copy of the committed starters in a new folder named `chapters`, for a test that edits it (copied from committedStarters, read from git once). */
export function starterCopy(prefix = 'starter-copy-'): string {
  const dest = join(folderWithPackages(prefix), 'chapters');
  cpSync(committedStarters(), dest, { recursive: true });
  return dest;
}
