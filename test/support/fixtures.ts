import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures01 } from '../fixtures/01-mini-mcp.ts';
import { fixtures02 } from '../fixtures/02-two-sided-allowlists.ts';
import { fixtures03 } from '../fixtures/03-real-mcp-sdk.ts';
import type { Fixture } from '../fixtures/types.ts';
import { REPO } from './run.ts';

/** Every wrong-answer fixture of the course. */
export const FIXTURES: readonly Fixture[] = [...fixtures01, ...fixtures02, ...fixtures03];

/** The chapter folder name of an exercise id such as `01/3`. */
export function chapterDirOf(exerciseId: string): string {
  const prefix = `${exerciseId.split('/')[0]}-`;
  const dir = ['01-mini-mcp', '02-two-sided-allowlists', '03-real-mcp-sdk'].find((name) => name.startsWith(prefix));
  if (!dir) throw new Error(`no chapter for ${exerciseId}`);
  return dir;
}

/** One change to a file of the solutions (path relative to solutions/): text put before it, and/or a replacement. */
export interface Change {
  file: string;
  prepend?: string;
  /** Must occur exactly once in the file. */
  find?: string;
  replace?: string;
}

/** Copies the solutions into `dir` and applies the changes; returns `dir`. */
export function copySolutions(dir: string, changes: readonly Change[]): string {
  cpSync(join(REPO, 'solutions'), dir, { recursive: true });
  for (const change of changes) {
    const file = join(dir, change.file);
    let text = readFileSync(file, 'utf8');
    if (change.find !== undefined) {
      const count = text.split(change.find).length - 1;
      if (count !== 1) throw new Error(`"${change.find}" occurs ${count} times in ${change.file}, not once`);
      text = text.replace(change.find, () => change.replace ?? '');
    }
    writeFileSync(file, `${change.prepend ?? ''}${text}`);
  }
  return dir;
}

/** The solutions with a fixture's edits, in a new folder under `parent`. */
export function buildFixture(fixture: Fixture, parent = mkdtempSync(join(tmpdir(), 'fixture-'))): string {
  const chapter = chapterDirOf(fixture.exercise);
  const dir = join(parent, `${fixture.exercise.replace('/', '-')}-${fixture.name}`);
  return copySolutions(dir, fixture.edits.map((edit) => ({ ...edit, file: join(chapter, edit.file) })));
}
