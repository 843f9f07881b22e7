import type { Args } from './args.ts';
import { gradeFolders } from '../grading/grade.ts';
import { messages } from '../usage/messages.ts';
import { CHAPTERS } from '../course/current.ts';
import type { Selected } from '../course/course.ts';
import { chapterFolder, gradedTarget, shownPath } from '../grading/target.ts';
import { findTodo, formatLocation } from '../course/todo.ts';
import { pickExercises, targetUsable } from './check.ts';

/** `npm run hint -- 01/3`: the hint and the TODO location; with no id, for the first exercise that does not pass yet. */
export async function runHint(args: Args): Promise<number> {
  const selected = pickExercises(args);
  if (!selected || !targetUsable(args)) return 2;
  const say = messages(args.lang);
  const target = gradedTarget(args.target, CHAPTERS);
  let shown: Selected[] = selected;
  if (args.ids.length === 0) {
    const [report] = await gradeFolders([{ learner: target }], selected, { lang: args.lang, timeoutMs: args.timeoutMs, chapters: CHAPTERS });
    const first = report?.exercises.find((exercise) => exercise.status !== 'pass');
    if (!first) {
      console.log(say.allDone);
      return 0;
    }
    shown = selected.filter(({ exercise }) => exercise.id === first.id);
  }
  for (const { chapter, exercise } of shown) {
    const todo = findTodo(chapterFolder(target, chapter), shownPath(target, chapter.dir), exercise.todo.file, exercise.todo.marker);
    console.log(`${exercise.id} ${exercise.title[args.lang]}`);
    console.log(`  ${say.where}: ${formatLocation(todo)}`);
    console.log(`  ${say.hint}: ${exercise.hint[args.lang]}\n`);
  }
  return 0;
}
