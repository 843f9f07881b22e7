import { visibleText } from '../../report/escape.ts';
import type { Args } from './args.ts';
import { gradeFolders } from '../../grading/index.ts';
import { chapterFolder, gradedTarget, shownPath } from '../../course/target.ts';
import { messages } from '../../usage/messages.ts';
import { lessonLink } from '../../course/lesson.ts';
import { CHAPTERS } from '../../course/current.ts';
import type { Selected } from '../../course/course.ts';
import type { ExerciseReport } from '../../report/shape.ts';
import { findTodo, formatLocation } from '../../course/todo.ts';
import { pickExercises, targetUsable } from './check.ts';
import { hashesOf, rememberResults } from '../../course/progress.ts';

/**
 * `npm run hint -- 01/3`: the exercise's hint and its TODO location, and, from a fresh check, the tests that
 * fail and the place the first failure names (the learner's line when the failure shows one); with no id, for the
 * first exercise that does not pass yet. It says more than check's one failure, and never the line to write.
 */
export async function runHint(args: Args): Promise<number> {
  const selected = pickExercises(args);
  if (!selected || !targetUsable(args)) return 2;
  const say = messages(args.lang);
  const target = gradedTarget(args.target, CHAPTERS);
  const hashes = hashesOf(target.chaptersDir, CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter === chapter)));
  const [report] = await gradeFolders([{ learner: target }], selected, { lang: args.lang, timeoutMs: args.timeoutMs, chapters: CHAPTERS });
  if (report) rememberResults(target.chaptersDir, report.exercises, hashes);
  let shown: Selected[] = selected;
  if (args.ids.length === 0) {
    const first = report?.exercises.find((exercise) => exercise.status !== 'pass');
    if (!first) {
      console.log(say.allDone);
      return 0;
    }
    shown = selected.filter(({ exercise }) => exercise.id === first.id);
  }
  for (const { chapter, exercise } of shown) {
    const todo = formatLocation(findTodo(chapterFolder(target, chapter), shownPath(target, chapter.dir), exercise.todo.file, exercise.todo.marker, exercise.todo.symbol));
    console.log(`${exercise.id} ${exercise.title[args.lang]}`);
    console.log(`  ${say.where}: ${todo}`);
    console.log(`  ${say.lesson}: ${say.lessonPart(lessonLink(chapterFolder(target, chapter), shownPath(target, chapter.dir), args.lang, exercise.id))}`);
    console.log(`  ${say.hint}: ${exercise.hint[args.lang]}`);
    const graded = report?.exercises.find((entry) => entry.id === exercise.id);
    for (const line of failingLines(graded, todo, say)) console.log(visibleText(line));
    console.log('');
  }
  return 0;
}

/** The failing tests of a graded exercise, every one by name, and the place its first failure names when it is not the TODO. */
function failingLines(graded: ExerciseReport | undefined, todo: string, say: ReturnType<typeof messages>): string[] {
  if (!graded) return [];
  if (graded.status === 'pass') return [`  ${say.hintPasses}`];
  const failing = graded.tests.filter((test) => test.status !== 'pass');
  const out = [`  ${say.hintFailing(failing.length, graded.tests.length)}`, ...failing.map((test) => `    - ${test.title}`)];
  if (graded.todo !== todo) out.push(`  ${say.hintFailureAt(graded.todo)}`);
  return out;
}
