import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { ExerciseSpec } from '../manifest/types.ts';

/*
 * Which learner files an exercise is about: its TODO file, the files its suite starts as processes, and every chapter
 * file those import, directly or not. Progress (course/progress.ts) hashes them, and a type error blocks an exercise
 * only when its file is among them (grading/score.ts).
 */

/** Relative imports of a TypeScript file that stay inside its folder: `./x.ts` of `import … from './x.ts'` or `import('./x.ts')`. */
export function localImports(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.\/[^'"]+)['"]/g)) {
    const spec = normalize(match[1]!);
    if (!spec.startsWith('..') && spec.endsWith('.ts')) found.add(spec);
  }
  return [...found];
}

/** Every chapter file reached from `roots` (names inside the chapter folder) through local imports, roots first, each once. */
export function importClosure(chapterDir: string, roots: readonly string[]): string[] {
  const seen: string[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.includes(file)) continue;
    seen.push(file);
    const path = join(chapterDir, file);
    if (!existsSync(path)) continue;
    queue.push(...localImports(readFileSync(path, 'utf8')));
  }
  return seen;
}

/** The chapter files an exercise is about (see the top of this file), names inside the chapter folder. */
export function exerciseFiles(chapterDir: string, exercise: Pick<ExerciseSpec, 'todo' | 'spawns'>): string[] {
  return importClosure(chapterDir, [exercise.todo.file, ...(exercise.spawns ?? [])]);
}
