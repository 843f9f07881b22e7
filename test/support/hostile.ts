import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySolutions } from './fixtures.ts';
import type { Change } from './fixtures.ts';

/** A copy of the solutions, as a `chapters` folder, with hostile code planted in it. */
export function hostileCopy(changes: readonly Change[]): string {
  return copySolutions(join(mkdtempSync(join(tmpdir(), 'hostile-')), 'chapters'), changes);
}
