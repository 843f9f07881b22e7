import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '../usage/messages.ts';
import { outputLines } from '../report/text.ts';
import type { Lang } from '../usage/messages.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import type { ExerciseReport, Report } from '../report/shape.ts';
import { SHOWN_AS, gradedTarget, holdsChapters, isFolder } from '../course/target.ts';
import type { GradedTarget } from '../course/target.ts';
import { isLearnerFolder } from '../course/learner-tree.ts';

/**
 * Gradescope's autograder results format (the `results.json` its harness uploads): a top-level score, an optional
 * message for the whole submission, visibility settings, and one entry per test case. Only documented keys are written.
 */

/** Who may see a test case or the whole result on Gradescope, and when. */
export type GradescopeVisibility = 'hidden' | 'after_due_date' | 'after_published' | 'visible';

/** Every visibility Gradescope documents, for checking a command-line value. */
export const GRADESCOPE_VISIBILITIES: readonly GradescopeVisibility[] = ['hidden', 'after_due_date', 'after_published', 'visible'];

/** One Gradescope test case: here one exercise of the course. */
export interface GradescopeTest {
  name: string;
  /** Gradescope orders and labels test cases by this, such as `1.3` for exercise 01/3. */
  number?: string;
  score: number;
  max_score: number;
  status: 'passed' | 'failed';
  output: string;
  visibility?: GradescopeVisibility;
}

/** The whole `results.json`. */
export interface GradescopeResults {
  score: number;
  output: string;
  visibility?: GradescopeVisibility;
  stdout_visibility?: GradescopeVisibility;
  tests: GradescopeTest[];
}

/** Settings for the results file: visibility of the whole result, of the autograder's stdout, and of each test case. */
export interface GradescopeOptions {
  visibility?: GradescopeVisibility;
  stdoutVisibility?: GradescopeVisibility;
  testVisibility?: GradescopeVisibility;
}

/** The longest `output` kept for one test case; Gradescope shows it in a collapsed box, and a runaway message is cut. */
const MAX_OUTPUT = 4_000;

/** The longest part of that box a failure message may take, so where to look, the hint and the learner's output always fit after it. */
const MAX_MESSAGE = 2_000;

/** A line of a JavaScript stack trace (`    at fn (file:1:2)`): never shown to a learner. */
const STACK_LINE = /^\s+at\s.+$/;

/** The message without stack-trace lines, and cut to a readable length (`max` characters at most, before the mark of the cut). */
function cleanText(text: string, max = MAX_OUTPUT): string {
  const kept = text.split('\n').filter((line) => !STACK_LINE.test(line)).join('\n').trim();
  return kept.length > max ? `${kept.slice(0, max)}…` : kept;
}

/** `01/3` → `1.3`, the numbering Gradescope shows; nothing for an id of another shape. */
function numberOf(id: string): string | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(id);
  return match ? `${Number(match[1])}.${Number(match[2])}` : undefined;
}

/** One exercise as a Gradescope test case: its points, its status, and its message (with where to look and the hint when it fails). */
function testOf(exercise: ExerciseReport, lang: Lang, visibility: GradescopeVisibility | undefined): GradescopeTest {
  const say = messages(lang);
  const passed = exercise.status === 'pass';
  const lines = [exercise.message.trim() ? `${say.status[exercise.status]}: ${cleanText(exercise.message, MAX_MESSAGE)}` : say.status[exercise.status]];
  if (!passed && exercise.todo) lines.push('', `${say.where}: ${exercise.todo}`);
  if (!passed && exercise.hint) lines.push(`${say.hint}: ${exercise.hint}`);
  // What the learner's code printed in the first failing test, as check shows it: already bounded to 20 lines of 300 characters.
  const printed = passed ? undefined : exercise.tests.find((test) => test.status !== 'pass')?.output;
  if (printed) lines.push('', ...outputLines(printed, say).map((line) => line.trimStart()));
  const number = numberOf(exercise.id);
  return {
    name: `${exercise.id} ${exercise.title}`,
    ...(number ? { number } : {}),
    score: exercise.points,
    max_score: exercise.max_points,
    status: passed ? 'passed' : 'failed',
    output: cleanText(lines.join('\n')),
    ...(visibility ? { visibility } : {}),
  };
}

/** The top-level message: the score line, and the type or syntax errors that kept exercises from passing. */
function summaryOf(report: Report): string {
  const say = messages(report.lang);
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  const lines = [say.progress(passed, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`)];
  const syntax = report.type_errors.filter((problem) => problem.kind === 'syntax');
  const types = report.type_errors.filter((problem) => problem.kind === 'type');
  if (syntax.length > 0) lines.push('', say.syntaxErrors(syntax.length));
  if (types.length > 0) lines.push('', say.typeErrors(types.length));
  for (const problem of report.type_errors.slice(0, 20)) lines.push(`${problem.file}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
  if (report.type_errors.length > 20) lines.push(`… +${report.type_errors.length - 20}`);
  if (report.status === 'pass') lines.push('', say.allDone);
  return cleanText(lines.join('\n'));
}

/** Gradescope's `results.json` for one checker report: one test case per exercise, in the report's language, its score the report's score. */
export function gradescopeResults(report: Report, options: GradescopeOptions = {}): GradescopeResults {
  return {
    score: report.score,
    output: summaryOf(report),
    ...(options.visibility ? { visibility: options.visibility } : {}),
    ...(options.stdoutVisibility ? { stdout_visibility: options.stdoutVisibility } : {}),
    tests: report.exercises.map((exercise) => testOf(exercise, report.lang, options.testVisibility)),
  };
}

/** A results file for a submission that could not be graded at all: score 0 and the reason, so Gradescope shows it instead of a harness error. */
export function gradescopeFailure(reason: string, options: GradescopeOptions = {}): GradescopeResults {
  return {
    score: 0,
    output: cleanText(reason),
    ...(options.visibility ? { visibility: options.visibility } : {}),
    ...(options.stdoutVisibility ? { stdout_visibility: options.stdoutVisibility } : {}),
    tests: [],
  };
}

/** The results as the file's text: JSON with a final newline. */
export function gradescopeJson(results: GradescopeResults): string {
  return `${JSON.stringify(results, null, 2)}\n`;
}

/** A student's name as one safe folder name (letters, digits, `.`, `_`, `-`; anything else becomes `_`). */
export function safeFolderName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._-]/gu, '_').replace(/^\.+/, '_');
  return safe === '' ? '_' : safe.slice(0, 120);
}

/**
 * From a class run (`npm run grade` passes each submission's name and report): writes
 * `gradescope/<student>/results.json` under `out` for each, the file Gradescope's autograder would have uploaded for
 * that submission, and gradescope/students.json mapping each folder back to the submission's name; returns the
 * results paths written.
 */
export function writeGradescopeResults(out: string, results: readonly { name: string; report: Report }[], options: GradescopeOptions = {}): string[] {
  // The map's own file name is never a folder: a submission named so gets `students.json-2`.
  const used = new Set<string>(['students.json']);
  // Folder → the submission's own name: `lee_a-2` alone would not say whose it is.
  const names = new Map<string, string>();
  const files = results.map((result) => {
    let folder = safeFolderName(result.name);
    for (let index = 2; used.has(folder); index += 1) folder = `${safeFolderName(result.name)}-${index}`;
    used.add(folder);
    names.set(folder, result.name);
    const dir = join(out, 'gradescope', folder);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'results.json');
    writeFileSync(file, gradescopeJson(gradescopeResults(result.report, options)));
    return file;
  });
  if (files.length > 0) writeFileSync(join(out, 'gradescope', 'students.json'), `${JSON.stringify(Object.fromEntries(names), null, 2)}\n`);
  return files;
}

/** Entries an archiver or a file manager adds to an upload and no student wrote. */
const NOISE = new Set(['__MACOSX', 'Thumbs.db', 'desktop.ini']);

/**
 * Where the chapter folders of one Gradescope submission are: the submission itself (chapters only), its chapters/
 * (a whole copy of the repository), or either inside its one wrapper folder (a downloaded ZIP); null when none.
 * The submission folder is the harness's; below it nothing is followed (a GitHub-repository upload keeps its links).
 */
export function locateSubmission(dir: string, chapters: readonly ChapterSpec[]): GradedTarget | null {
  if (!isFolder(dir)) return null;
  if (holdsChapters(dir, chapters)) return gradedTarget(dir, chapters, SHOWN_AS);
  const wrappers = readdirSync(dir).filter((name) => !name.startsWith('.') && !NOISE.has(name) && isLearnerFolder(join(dir, name)));
  const only = wrappers.length === 1 ? join(dir, wrappers[0]!) : null;
  return only && holdsChapters(only, chapters) ? gradedTarget(only, chapters, SHOWN_AS) : null;
}
