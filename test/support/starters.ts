import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCommittedStarters } from '../../checker/starters.ts';

let cached: string | null = null;

/**
 * A chapters folder holding the committed starters (the git blobs checker/starters.json names, which reset
 * restores), never the working tree's chapters/: a learner's work there must not change what the tests prove.
 */
export function committedStarters(): string {
  cached ??= writeCommittedStarters(join(mkdtempSync(join(tmpdir(), 'starters-')), 'chapters'));
  return cached;
}

/** A fresh copy of the committed starters in a new folder named `chapters`, for a test that edits it. */
export function starterCopy(prefix = 'starter-copy-'): string {
  return writeCommittedStarters(join(mkdtempSync(join(tmpdir(), prefix)), 'chapters'));
}
