import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { loadChapters } from '../../../../checker/course/course.ts';
import { declarationLine } from '../../../../checker/course/todo.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..');
const CHAPTERS = await loadChapters(REPO);

test('every exercise names the function it is about, declared in its TODO file in the starter and in the solution', () => {
  for (const chapter of CHAPTERS) {
    for (const exercise of chapter.exercises) {
      expect(exercise.todo.symbol, exercise.id).toBeTruthy();
      for (const folder of ['chapters', 'solutions']) {
        const lines = readFileSync(join(REPO, folder, chapter.dir, exercise.todo.file), 'utf8').split('\n');
        expect(declarationLine(lines, exercise.todo.symbol!), `${folder} ${exercise.id} ${exercise.todo.symbol}`).toBeGreaterThanOrEqual(0);
      }
    }
  }
});
