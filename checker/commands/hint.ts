import { join } from 'node:path';
import type { Args } from '../args.ts';
import { gradeFolders } from '../grade.ts';
import { messages } from '../i18n.ts';
import { CHAPTERS } from '../manifest.ts';
import type { Selected } from '../manifest.ts';
import { resolveChaptersDir } from '../scratch.ts';
import { findTodo, formatLocation } from '../todo.ts';
import { pickExercises, targetUsable } from './check.ts';

/** `npm run hint -- 01/3`: the hint and the TODO location; with no id, for the first exercise that does not pass yet. */
export async function runHint(args: Args): Promise<number> {
  const selected = pickExercises(args);
  if (!selected || !targetUsable(args)) return 2;
  const say = messages(args.lang);
  let shown: Selected[] = selected;
  if (args.ids.length === 0) {
    const [report] = await gradeFolders([args.target], selected, { lang: args.lang, timeoutMs: args.timeoutMs, chapters: CHAPTERS });
    const first = report?.exercises.find((exercise) => exercise.status !== 'pass');
    if (!first) {
      console.log(say.allDone);
      return 0;
    }
    shown = selected.filter(({ exercise }) => exercise.id === first.id);
  }
  const root = resolveChaptersDir(args.target, CHAPTERS);
  for (const { chapter, exercise } of shown) {
    const dir = join(root, chapter.dir);
    const todo = findTodo(dir, join(args.target, chapter.dir), exercise.todo.file, exercise.todo.marker);
    console.log(`${exercise.id} ${exercise.title[args.lang]}`);
    console.log(`  ${say.where}: ${formatLocation(todo)}`);
    console.log(`  ${say.hint}: ${exercise.hint[args.lang]}\n`);
  }
  return 0;
}
