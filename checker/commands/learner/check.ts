import { existsSync, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { isLearnerFolder } from '../../course/learner-tree.ts';
import { leftOutLine } from '../../usage/intake-words.ts';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Args } from './args.ts';
import { PrivateSuiteError } from '../../course/private-suites.ts';
import { gradeFolders, loadCheckedPrivateSuites } from '../../grading/index.ts';
import { chapterFolder, gradedTarget, leftOutOf, shownPath } from '../../course/target.ts';
import { messages } from '../../usage/messages.ts';
import { RESTORE_COMMAND, listChanged, verifyChecker } from '../../trust/integrity.ts';
import { signature } from '../../trust/sign.ts';
import { junitOf } from '../../report/junit.ts';
import { CHAPTERS, COURSE_ROOT } from '../../course/current.ts';
import { lessonLink } from '../../course/lesson.ts';
import { selectExercises, validIds } from '../../course/course.ts';
import type { Selected } from '../../course/course.ts';
import type { Report } from '../../report/shape.ts';
import type { ChapterSpec } from '../../manifest/types.ts';
import { quietText, renderText } from '../../report/text.ts';
import type { CourseOutline } from '../../report/course-view.ts';
import { findTodo, formatLocation } from '../../course/todo.ts';
import { hashesOf, knownPassing, rememberResults } from '../../course/progress.ts';
import type { Lang } from '../../usage/messages.ts';
import { usageWords } from '../../usage/usage-words.ts';

/**
 * The course as the text report sees it: every chapter with its title, outcome and exercises, each exercise's TODO as
 * it stands in the learner's folder now, and where the learner's chapter and its solution are.
 */
export function courseOutline(chapters: readonly ChapterSpec[], targetDir: string, lang: Lang, remembered = true): CourseOutline {
  const target = gradedTarget(targetDir, chapters);
  return {
    // What earlier runs passed, files unchanged since (the learner's progress file; see course/progress.ts).
    ...(remembered ? { known: [...knownPassing(target.chaptersDir, chapters)] } : {}),
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      dir: chapter.dir,
      title: chapter.title[lang],
      learnerDir: shownPath(target, chapter.dir),
      lesson: lessonLink(chapterFolder(target, chapter), shownPath(target, chapter.dir), lang).path,
      // The student edition has no solutions/: nothing then points the learner at a folder that is not there.
      ...(existsSync(join(COURSE_ROOT, 'solutions', chapter.dir)) ? { solutionDir: `solutions/${chapter.dir}` } : {}),
      ...(chapter.outcome ? { outcome: chapter.outcome[lang] } : {}),
      exercises: chapter.exercises.map((exercise) => ({
        id: exercise.id,
        title: exercise.title[lang],
        todo: formatLocation(findTodo(chapterFolder(target, chapter), shownPath(target, chapter.dir), exercise.todo.file, exercise.todo.marker, exercise.todo.symbol)),
      })),
    })),
  };
}

/**
 * Picks the exercises named on the command line, or explains which ids exist; null after printing an error.
 * With no id, run from inside a chapter folder, it picks that chapter and says so.
 */
export function pickExercises(args: Args, env: NodeJS.ProcessEnv = process.env): Selected[] | null {
  const here = chapterHere(args, env);
  if (here) {
    if (!args.quiet) console.error(messages(args.lang).hereChapter(shownPath(gradedTarget(args.target, CHAPTERS), here.dir), here.id));
    return selectExercises([here.id], CHAPTERS).selected;
  }
  const { selected, unknown } = selectExercises(args.ids, CHAPTERS);
  if (unknown.length === 0) return selected;
  console.error(messages(args.lang).unknownId(unknown.join(', '), validIds(CHAPTERS).join(', ')));
  return null;
}

/**
 * The chapter whose folder (or a folder inside it) the learner ran npm from, when no id was given: npm runs its
 * scripts from the repository's top folder but keeps the folder it was started from in INIT_CWD.
 */
export function chapterHere(args: Pick<Args, 'ids' | 'target'>, env: NodeJS.ProcessEnv = process.env): ChapterSpec | null {
  const from = env['INIT_CWD'];
  if (args.ids.length > 0 || !from) return null;
  const real = (path: string) => (existsSync(path) ? realpathSync(path) : resolve(path));
  const start = real(from);
  const target = gradedTarget(args.target, CHAPTERS);
  return CHAPTERS.find((chapter) => {
    const dir = real(chapterFolder(target, chapter));
    return start === dir || start.startsWith(`${dir}${sep}`);
  }) ?? null;
}

/**
 * Prints one line and returns false when the target cannot be a course: it must hold chapter folders, hold a
 * chapters/ folder, or be a folder named chapters (an empty one just scores nothing).
 */
export function targetUsable(args: Args): boolean {
  const dir = resolve(args.target);
  const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();
  // The target itself is the user's choice; below it a link is never followed, so a linked chapters/ makes no course.
  const usable = isDir(dir) && (basename(dir) === 'chapters' || isLearnerFolder(join(dir, 'chapters')) || CHAPTERS.some((chapter) => isLearnerFolder(join(dir, chapter.dir))));
  if (!usable) console.error(usageWords(args.lang).noChapters(args.target, CHAPTERS.map((chapter) => chapter.dir).join(', ')));
  return usable;
}

/** Writes the JSON and JUnit files the command line asked for, and the JSON's signature when a key was given. */
export function writeResults(args: Args, report: Report, key: string | null = null): void {
  const say = messages(args.lang);
  const write = (file: string, text: string, kind: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (!args.quiet) console.log(say.wrote(kind, file));
  };
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (args.json) write(args.json, json, 'JSON');
  if (args.json && key) writeFileSync(`${args.json}.sig`, signature(key, json));
  if (args.junit) write(args.junit, junitOf(report), 'JUnit');
}

/** What the signed check adds to a check: the key that signs the JSON, and the name messages give the target's chapters folder. */
export interface Signing {
  key: string;
  shownAs: string;
}

/**
 * `npm run check`: grades the target and prints what passed, what failed, where to look and the hint. The signed
 * check (signed/signed-check.ts) passes `signing`, so the report names the folder as it says and its JSON is signed.
 */
export async function runCheck(args: Args, signing: Signing | null = null): Promise<number> {
  const selected = pickExercises(args);
  if (!selected) return 2;
  // The target is resolved once: what it holds at the course's paths and is not graded (a link, a config file, …) is named before anything runs.
  const target = gradedTarget(args.target, CHAPTERS, signing?.shownAs);
  const leftOut = leftOutOf(target, CHAPTERS);
  if (leftOut.length > 0) console.error(leftOutLine(leftOut, args.lang));
  if (!targetUsable(args)) return 2;
  // A learner may edit their own copy, so a changed checker is a warning here; grade refuses.
  const { changed } = verifyChecker();
  if (changed.length > 0) console.error(messages(args.lang).checkerChanged(listChanged(changed), RESTORE_COMMAND));
  const chapters = CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter === chapter));
  // The files each exercise is about are hashed before grading: progress remembers the result of what was graded.
  const hashes = signing ? new Map<string, string>() : hashesOf(target.chaptersDir, chapters);
  let report;
  try {
    // The private suites are read against the whole course: a folder of a chapter not selected is skipped, one of no chapter refused.
    const privates = args.suites ? { privates: { dir: args.suites, suites: loadCheckedPrivateSuites(args.suites, CHAPTERS, chapters, args.startersGit) } } : {};
    [report] = await gradeFolders([{ learner: target }], selected, { lang: args.lang, timeoutMs: args.timeoutMs, chapters, ...privates });
  } catch (error) {
    if (!(error instanceof PrivateSuiteError)) throw error;
    console.error(error.say(usageWords(args.lang)));
    return 2;
  }
  if (!report) return 1;
  // With no exercise named, the chapter in progress is shown in detail and every other chapter in one line; --all shows them all.
  if (!signing && !args.suites) rememberResults(target.chaptersDir, report.exercises, hashes);
  const view = { course: courseOutline(CHAPTERS, args.target, args.lang, !signing), focus: args.ids.length === 0 && !args.all && !signing };
  console.log(args.quiet ? quietText(report, view) : renderText(report, view));
  writeResults(args, report, signing?.key ?? null);
  return report.status === 'pass' ? 0 : 1;
}
