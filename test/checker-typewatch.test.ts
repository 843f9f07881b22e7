import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createScratch } from '../checker/grading/scratch.ts';
import type { Scratch } from '../checker/grading/scratch.ts';
import { tscBinary } from '../checker/grading/typecheck.ts';
import { TypeWatcher } from '../checker/grading/typewatch.ts';
import { REPO } from './support/run.ts';

let scratch: Scratch | undefined;
// Made before the tests, never while the file loads.
beforeAll(() => {
  scratch = createScratch();
});
afterAll(() => scratch?.dispose());

/** Saves a learner file the way the checker's sync does: write beside it, then rename. */
function save(text: string): void {
  const file = join(scratch!.root, 't0', 'chapters', '01-mini-mcp', 'model.ts');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(`${file}.partial`, text);
  renameSync(`${file}.partial`, file);
}

test('every result after a save is the type check of that save, however often and however soon it is asked', async () => {
  save('export const fine: number = 1;\n');
  const types = await TypeWatcher.start(scratch!.root, tscBinary(REPO));
  try {
    expect(await types.result()).toEqual({ problems: [] });
    for (let round = 0; round < 4; round += 1) {
      save(`export const wrong: number = 'text ${round}';\n`);
      types.expectChange();
      for (const asked of [await types.result(), await types.result()]) expect(asked.problems.map((problem) => problem.code)).toEqual(['TS2322']);
      save(`export const fine: number = ${round};\n`);
      types.expectChange();
      // Asked twice, as watch does (the saved file's exercises, then the rest of the chapter): both answers are current.
      expect(await types.result()).toEqual({ problems: [] });
      expect(await types.result()).toEqual({ problems: [] });
    }
  } finally {
    types.stop();
  }
});
