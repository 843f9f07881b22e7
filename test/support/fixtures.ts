import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures01 } from '../fixtures/01-mini-mcp.ts';
import { fixtures02 } from '../fixtures/02-two-sided-allowlists.ts';
import type { Fixture } from '../fixtures/types.ts';
import { REPO } from './run.ts';

/** Every wrong-answer fixture of the course. */
export const FIXTURES: readonly Fixture[] = [...fixtures01, ...fixtures02];

/** The chapter folder name of an exercise id such as `01/3`. */
export function chapterDirOf(exerciseId: string): string {
  const prefix = `${exerciseId.split('/')[0]}-`;
  const dir = ['01-mini-mcp', '02-two-sided-allowlists'].find((name) => name.startsWith(prefix));
  if (!dir) throw new Error(`no chapter for ${exerciseId}`);
  return dir;
}

/** Copies the solutions into a new folder and applies the fixture's edits; each `find` must occur exactly once. */
export function buildFixture(fixture: Fixture, parent = mkdtempSync(join(tmpdir(), 'fixture-'))): string {
  const dir = join(parent, `${fixture.exercise.replace('/', '-')}-${fixture.name}`);
  cpSync(join(REPO, 'solutions'), dir, { recursive: true });
  for (const edit of fixture.edits) {
    const file = join(dir, chapterDirOf(fixture.exercise), edit.file);
    const text = readFileSync(file, 'utf8');
    const count = text.split(edit.find).length - 1;
    if (count !== 1) throw new Error(`fixture ${fixture.name}: "${edit.find}" occurs ${count} times in ${edit.file}, not once`);
    writeFileSync(file, text.replace(edit.find, () => edit.replace));
  }
  return dir;
}
