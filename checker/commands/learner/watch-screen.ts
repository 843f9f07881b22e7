import { STATUS_MARK, messages } from '../../usage/messages.ts';
import type { Messages } from '../../usage/messages.ts';
import type { ExerciseReport, Report } from '../../report/shape.ts';
import { nextFix, nextSteps, outputLines, renderText } from '../../report/text.ts';
import { visibleText } from '../../report/escape.ts';
import type { CourseOutline } from '../../report/course-view.ts';
import { fitMessage } from '../../report/long-lines.ts';
import { firstBlocker } from '../../report/first-fix.ts';

/** What a watch screen shows: the exercise in focus, its whole hint, every exercise's status, or the full check report. */
export type View = 'summary' | 'hint' | 'list' | 'full';

/** Everything one watch screen is drawn from. */
export interface ScreenInput {
  /** The state of every watched exercise, the latest result of each. */
  report: Report;
  /** The watched chapter folders, such as `01-mini-mcp`. */
  chapters: readonly string[];
  /** The watched folder as the learner named it. */
  target: string;
  view: View;
  /** The exercises the last save re-checked first (the saved file's own), shown as a quick answer. */
  justChecked: readonly ExerciseReport[];
  /** Chapter ids the last save touched: the focus is their first failing exercise, when they have one. */
  prefer: readonly string[];
  /** One line on what watch is doing or did last, such as how long the re-check took; null for none. */
  status: string | null;
  /** True when the keys h, l, f and q work (standard input is a terminal). */
  keys: boolean;
  /** The course, so a screen where everything passes names the next exercise, a completed chapter and the solution to compare with. */
  course?: CourseOutline;
}

/** The most lines of a failure message the summary shows; the full report (f) has them all. */
const MAX_MESSAGE_LINES = 12;

/** The most lines of the learner's own prints the summary shows; the full report (f) has them all. */
const MAX_OUTPUT_LINES = 3;

/** The most compiler errors the summary lists. */
const MAX_TYPE_ERRORS = 3;

/** The exercise watch puts in focus: the first failing one of the chapters just saved, else the first failing one of all. */
export function focusOf(report: Report, prefer: readonly string[] = []): ExerciseReport | undefined {
  const failing = report.exercises.filter((exercise) => exercise.status !== 'pass');
  return failing.find((exercise) => prefer.includes(chapterOf(exercise.id))) ?? failing[0];
}

/** The first sentence of a hint, the one line the summary shows. */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?。](?=\s|$)/su.exec(text.trim());
  return (match?.[0] ?? text).trim();
}

/** The words of a text worth comparing: runs of letters or digits of two characters or more, lower-cased. */
function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}_]{2,}/gu) ?? []));
}

/**
 * The one hint line for a failure: the sentence of the hint that shares the most words with the failing test (its
 * title and message), so what shows follows what failed; the first sentence when none shares any.
 */
export function hintFor(hint: string, failure: string): string {
  const sentences = hint.trim().match(/[^.!?。]+[.!?。]+(?=\s|$)|[^.!?。]+$/gu)?.map((one) => one.trim()).filter(Boolean) ?? [];
  const seen = words(failure);
  let best = firstSentence(hint);
  let score = 0;
  for (const sentence of sentences) {
    const shared = [...words(sentence)].filter((word) => seen.has(word)).length;
    if (shared > score) [best, score] = [sentence, shared];
  }
  return best;
}

/** Draws one watch screen as plain lines (no escape codes: the caller clears the terminal when there is one). */
export function renderScreen(input: ScreenInput): string {
  const say = messages(input.report.lang);
  const { report } = input;
  const heading = say.watchHeading(input.chapters.join(', '), input.target, report.exercises.length);
  const focus = focusOf(report, input.prefer);
  const body = input.view === 'full' ? [renderText(report, { full: true, ...(input.course ? { course: input.course } : {}) })] : input.view === 'list' ? listLines(report, input.chapters, focus, say) : input.view === 'hint' ? hintLines(report, focus, say) : summaryLines(input, focus, say);
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  const progress = say.progress(passed, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`);
  const tail = [...(input.view === 'full' ? [] : ['', progress]), ...(input.status ? [input.status] : []), input.keys ? say.watchKeys : say.watchStop];
  // Learner-derived text reaches the terminal: its control characters are shown, never sent (report/escape.ts).
  return visibleText([heading, '', ...body, ...tail].join('\n'));
}

/** The summary: the quick answer for the saved file, then the exercise in focus with its failure, where to look and one hint line. */
function summaryLines(input: ScreenInput, focus: ExerciseReport | undefined, say: Messages): string[] {
  const out: string[] = [];
  if (input.justChecked.length > 0) {
    out.push(say.watchJustChecked, ...input.justChecked.map((exercise) => `  ${exerciseLine(exercise, say)}`), '');
  }
  if (!focus) return [...out, `${STATUS_MARK.pass} ${say.allDone}`, ...(input.course ? nextSteps(input.report, input.course).filter((line) => line !== say.allDone) : [])];
  out.push(exerciseLine(focus, say));
  if (focus.blocked) return [...out, ...blockerLines(input, focus, say)];
  out.push(...capped(fitMessage(focus.message, input.report.lang), input.keys, say));
  const others = focus.tests.filter((test) => test.status !== 'pass').length - 1;
  if (focus.status === 'fail' && others > 0) out.push(`    ${say.watchMoreFailing(others)}`);
  const failing = focus.tests.find((test) => test.status !== 'pass');
  // The learner's own prints during that test: the first lines, the rest behind f.
  if (failing?.output) {
    const lines = outputLines(failing.output, say);
    out.push(...lines.slice(0, MAX_OUTPUT_LINES + 1));
    if (lines.length > MAX_OUTPUT_LINES + 1) out.push(`    │ ${say.watchTruncated(input.keys)}`);
  }
  const hint = hintFor(focus.hint, failing ? `${failing.title}\n${failing.message}` : focus.message);
  out.push(`    ${say.where}: ${focus.todo}`, `    ${say.hint}: ${hint}${hint !== focus.hint.trim() && input.keys ? ` (${say.watchWholeHint})` : ''}`);
  return out;
}

/** What stops an exercise before its tests can say anything: the compiler's first errors, or the failed load. */
function blockerLines({ report, chapters, keys }: ScreenInput, focus: ExerciseReport, say: Messages): string[] {
  const dir = chapters.find((one) => one.startsWith(`${chapterOf(focus.id)}-`));
  // The same pick as the text report's next step, within the chapter in focus.
  const blocker = firstBlocker(report, dir) ?? focus.blocked!;
  if (blocker.kind === 'type_check_failed') return [...capped(blocker.message, keys, say).map((line) => `  ${line}`), `    ${nextFix(blocker, say)}`];
  if (blocker.kind === 'load_error') {
    const ids = report.exercises.filter((exercise) => exercise.status !== 'pass' && exercise.blocked?.where === blocker.where).map((exercise) => exercise.id);
    return [`    ${say.loadFailedOnce(blocker.where, ids.join(', '))}`, ...capped(blocker.message, keys, say).map((line) => `  ${line}`), `    ${nextFix(blocker, say)}`];
  }
  const kind = blocker.kind === 'syntax_error' ? 'syntax' : 'type';
  const problems = report.type_errors.filter((problem) => problem.kind === kind && (!dir || problem.file.includes(`${dir}/`)));
  const out = [`    ${kind === 'syntax' ? say.syntaxErrors(problems.length) : say.typeErrors(problems.length)}`];
  for (const problem of problems.slice(0, MAX_TYPE_ERRORS)) out.push(`      ${problem.file}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
  if (problems.length > MAX_TYPE_ERRORS) out.push(`      ${say.watchTruncated(keys)}`);
  out.push(`    ${nextFix(blocker, say)}`);
  return out;
}

/** The whole hint of the exercise in focus, with where to edit. */
function hintLines(report: Report, focus: ExerciseReport | undefined, say: Messages): string[] {
  if (!focus) return [`${STATUS_MARK.pass} ${say.allDone}`];
  const exercise = report.exercises.find((one) => one.id === focus.id)!;
  return [exerciseLine(exercise, say), `    ${say.where}: ${exercise.todo}`, `    ${say.hint}: ${exercise.hint}`];
}

/** Every watched exercise on one line each, chapter by chapter, the one in focus marked. */
function listLines(report: Report, chapters: readonly string[], focus: ExerciseReport | undefined, say: Messages): string[] {
  const out = [`${say.watchList}:`];
  let chapter = '';
  for (const exercise of report.exercises) {
    if (chapterOf(exercise.id) !== chapter) {
      chapter = chapterOf(exercise.id);
      out.push(`  ${chapters.find((dir) => dir.startsWith(`${chapter}-`)) ?? chapter}`);
    }
    out.push(`    ${exerciseLine(exercise, say)}${exercise.id === focus?.id ? `  ${say.watchFocus}` : ''}`);
  }
  return out;
}

function exerciseLine(exercise: ExerciseReport, say: Messages): string {
  return `${STATUS_MARK[exercise.status]} ${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`;
}

/** A message indented under its exercise, cut after MAX_MESSAGE_LINES lines. */
function capped(message: string, keys: boolean, say: Messages): string[] {
  const lines = message.split('\n');
  const shown = lines.slice(0, MAX_MESSAGE_LINES).map((line) => `    ${line}`);
  return lines.length > MAX_MESSAGE_LINES ? [...shown, `    ${say.watchTruncated(keys)}`] : shown;
}

/** The chapter id of an exercise id: `01` of `01/3`. */
function chapterOf(id: string): string {
  return id.split('/')[0] ?? id;
}
