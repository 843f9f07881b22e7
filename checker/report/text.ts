import { STATUS_MARK, messages } from '../usage/messages.ts';
import { readLessonLines } from './lesson-lines.ts';
import type { Messages } from '../usage/messages.ts';
import type { Blocker, ExerciseReport, Report, TestOutput } from './shape.ts';
import { firstBlocker } from './first-fix.ts';
import { visibleText } from './escape.ts';
import { afterPass, byChapter, chapterIdOf, chapterInProgress } from './course-view.ts';
import type { CourseOutline, OutlineChapter } from './course-view.ts';
import { MAX_LINE, cutLine, fitMessage } from './long-lines.ts';

/** How much of a report the text shows, and what it knows of the course around it. */
export interface TextView {
  /** The course, so a passing report can name the next exercise, a completed chapter or course, and the solution to compare with. */
  course?: CourseOutline;
  /**
   * The first screen: details for the chapter in progress only (the first with an exercise that does not pass), one
   * line for each other chapter; in it, the first failing exercise in detail with its other failing tests as a count
   * and its hint cut to a line, the others one line each.
   */
  focus?: boolean;
  /** Every value whole, every line as long as it is (watch's f); otherwise long lines are fitted (report/long-lines.ts). */
  full?: boolean;
}


/** The words that say what blocks an exercise, by the blocker's kind. */
const BLOCKED_BY: Record<Blocker['kind'], (say: Messages) => string> = {
  syntax_error: (say) => say.blockedBySyntax,
  type_error: (say) => say.blockedByType,
  load_error: (say) => say.blockedByLoad,
  type_check_failed: (say) => say.blockedByTypeCheck,
};

/** The words for the problem named in the next step, by the blocker's kind. */
const ABOVE: Record<Exclude<Blocker['kind'], 'type_check_failed'>, (say: Messages) => string> = {
  syntax_error: (say) => say.syntaxErrorAbove,
  type_error: (say) => say.typeErrorAbove,
  load_error: (say) => say.loadErrorAbove,
};

/** The most other failing test names listed under an exercise; `--json` has them all. */
const MAX_OTHER_NAMES = 10;

/**
 * Renders a report for a person. A problem that stops several exercises (a type error, a file that failed to
 * load) is shown once at the top with the exercises it blocks; each other failure shows what happened, the
 * other failing tests, where to look and the hint. The last lines are the progress and the next step.
 */
export function renderText(report: Report, view: TextView = {}): string {
  const say = messages(report.lang);
  const out: string[] = [say.heading(report.target), say.scoreRule, ''];
  const focusId = view.focus ? chapterInProgress(report) : undefined;
  const focusDir = focusId === undefined ? undefined : view.course?.chapters.find((chapter) => chapter.id === focusId)?.dir;
  const shown = focusId === undefined ? report.exercises : report.exercises.filter((exercise) => chapterIdOf(exercise.id) === focusId);
  const inFocus = (file: string) => focusId === undefined || new RegExp(`(^|/)${focusId}-[^/]+/`).test(file);
  const blockers = groupBlockers(shown);
  for (const { blocker, ids } of blockers.values()) {
    if (blocker.kind === 'load_error') out.push(`! ${say.loadFailedOnce(blocker.where, ids.join(', '))}`, ...indent(blocker.message), '');
    if (blocker.kind === 'type_check_failed') out.push(`! ${blocker.message}`, '');
  }
  for (const kind of ['syntax', 'type'] as const) {
    const problems = report.type_errors.filter((problem) => problem.kind === kind && inFocus(problem.file));
    if (problems.length === 0) continue;
    out.push(kind === 'syntax' ? say.syntaxErrors(problems.length) : say.typeErrors(problems.length));
    for (const problem of problems.slice(0, 10)) {
      out.push(`    ${problem.file}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
    }
    const blocked = [...blockers.values()].filter((entry) => entry.blocker.kind === `${kind}_error`).flatMap((entry) => entry.ids);
    if (blocked.length > 0) out.push(`    ${say.blocks(blocked.join(', '))}`);
    out.push('');
  }
  const fit = (line: string) => (view.full ? line : cutLine(line, report.lang));
  // On the first screen only the first failing exercise is in detail; the others of its chapter are one line each.
  const detailed = focusId === undefined ? undefined : shown.find((exercise) => exercise.status !== 'pass' && !exercise.blocked)?.id;
  for (const exercise of shown) {
    const line = `${STATUS_MARK[exercise.status]} ${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`;
    if (exercise.status === 'pass') {
      out.push(line);
      continue;
    }
    if (exercise.blocked) {
      out.push(`${line} (${BLOCKED_BY[exercise.blocked.kind](say)})`);
      continue;
    }
    if (detailed !== undefined && exercise.id !== detailed) {
      out.push(line);
      continue;
    }
    out.push(line, ...indent(view.full ? exercise.message : fitMessage(exercise.message, report.lang)));
    const output = exercise.tests.find((test) => test.status !== 'pass')?.output;
    if (output) out.push(...outputLines(output, say).map(fit));
    const others = exercise.tests.filter((test) => test.status !== 'pass').slice(1);
    if (exercise.status === 'fail' && others.length > 0 && detailed !== undefined) out.push(`    ${say.alsoFailingCount(others.length, exercise.id)}`);
    else if (exercise.status === 'fail' && others.length > 0) {
      out.push(`    ${say.alsoFailing(others.length)}`);
      for (const test of others.slice(0, MAX_OTHER_NAMES)) out.push(fit(`      - ${test.title}`));
      if (others.length > MAX_OTHER_NAMES) out.push(`      ${say.moreInJson(others.length - MAX_OTHER_NAMES)}`);
    }
    const hint = detailed !== undefined ? shortHint(exercise.hint, say.hintCut(exercise.id)) : exercise.hint;
    out.push(`    ${say.where}: ${exercise.todo}`, `    ${say.hint}: ${hint}`, '');
  }
  if (detailed !== undefined && out.at(-1) !== '') out.push('');
  if (out.at(-1) !== '') out.push('');
  if (focusId !== undefined) {
    const others = otherChapters(report, focusId, view.course, say);
    if (others.length > 0) out.push(...others, '');
  }
  out.push(progressLine(report));
  if (focusId !== undefined && shown.length < report.exercises.length) out.push(say.focusedOn(focusId));
  out.push(...nextSteps(report, view.course, focusDir));
  // Learner-derived text (messages, output, paths) reaches a terminal: its control characters are shown, never sent.
  return visibleText(out.join('\n'));
}

/** A hint fitted to one line of MAX_LINE characters with its label: its first sentence, or its start, and where the whole hint is. */
export function shortHint(hint: string, whole: string): string {
  const room = MAX_LINE - 12 - [...whole].length;
  const text = hint.trim();
  if ([...text].length <= MAX_LINE - 12) return text;
  const first = /^.*?[.!?。](?=\s|$)/su.exec(text)?.[0] ?? text;
  const chars = [...first];
  return `${chars.length <= room ? first : `${chars.slice(0, room - 1).join('')}…`}${whole}`;
}

/** The progress line: exercises passed, the score and the tests passed. */
export function progressLine(report: Report): string {
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  return messages(report.lang).progress(passed, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`);
}

/** What --quiet prints: the progress line and the first line of the next step. */
export function quietText(report: Report, view: TextView = {}): string {
  const focusId = view.focus ? chapterInProgress(report) : undefined;
  const focusDir = focusId === undefined ? undefined : view.course?.chapters.find((chapter) => chapter.id === focusId)?.dir;
  return visibleText([progressLine(report), nextSteps(report, view.course, focusDir).find((line) => line !== '') ?? ''].join('\n'));
}

/**
 * The next step: the problem that blocks (see firstBlocker; nothing else can pass before it is fixed), else the first
 * TODO. When every graded exercise passes and the course is known: each chapter this completes with what the
 * learner can now do, the course's completion, the next exercise with its TODO, and how to compare with the solution.
 */
export function nextSteps(report: Report, course?: CourseOutline, chapterDir?: string): string[] {
  const say = messages(report.lang);
  const blocker = firstBlocker(report, chapterDir);
  if (blocker) return [nextFix(blocker, say)];
  const next = report.exercises.find((exercise) => exercise.status !== 'pass');
  if (next) return [say.next(next.id, next.todo)];
  if (!course) return [say.allDone];
  const after = afterPass(report, course);
  const touched = (chapter: OutlineChapter) => chapter.exercises.some((exercise) => report.exercises.some((graded) => graded.id === exercise.id));
  const out: string[] = [];
  if (after.courseDone) {
    out.push('', say.courseDone);
    for (const chapter of after.completed) out.push(`  ${chapter.id} ${chapter.title}${chapter.outcome ? `: ${chapter.outcome}` : ''}`);
  } else {
    for (const chapter of after.completed.filter(touched)) {
      out.push('', say.chapterDone(chapter.id, chapter.title), ...(chapter.outcome ? [`  ${chapter.outcome}`] : []));
    }
    if (out.length === 0) out.push(say.allDone);
    if (after.next) out.push(say.nextExercise(after.next.id, after.next.title, after.next.todo), ...readLessonLines(course, after.next.id, say));
  }
  // Before the course is complete, only the chapters this report touched are offered: earlier ones were offered when they completed.
  const compare = after.courseDone ? after.compare : after.compare.filter(touched);
  if (compare.length > 0) {
    out.push(say.compareWithSolution);
    for (const chapter of compare) out.push(`  git diff --no-index ${chapter.solutionDir!} ${chapter.learnerDir}`);
  }
  return out;
}

/** One line for each chapter outside the focus: its id, title and how many of its exercises pass. */
function otherChapters(report: Report, focusId: string, course: CourseOutline | undefined, say: Messages): string[] {
  const out: string[] = [];
  for (const [id, exercises] of byChapter(report.exercises)) {
    if (id === focusId) continue;
    const passed = exercises.filter((exercise) => exercise.status === 'pass').length;
    const mark = passed === exercises.length ? STATUS_MARK.pass : '·';
    const title = course?.chapters.find((chapter) => chapter.id === id)?.title ?? '';
    out.push(`${mark} ${say.chapterLine(id, title, passed, exercises.length)}`);
  }
  return out;
}

/** The learner's own output during a failing test, marked as theirs line by line and bounded (see checker/runner/learner-output.ts). */
export function outputLines(output: TestOutput, say: Messages): string[] {
  const out = [`    ${say.learnerOutput}`];
  for (const line of output.lines) out.push(`    │ ${line.stream === 'stderr' ? '(stderr) ' : ''}${line.text}`);
  if (output.more > 0) out.push(`    │ ${say.learnerOutputMore(output.more)}`);
  return out;
}

/** Failing exercises grouped by the one problem that blocks them, in course order. */
function groupBlockers(exercises: readonly ExerciseReport[]): Map<string, { blocker: Blocker; ids: string[] }> {
  const groups = new Map<string, { blocker: Blocker; ids: string[] }>();
  for (const exercise of exercises) {
    const blocker = exercise.status === 'pass' ? undefined : exercise.blocked;
    if (!blocker) continue;
    const key = `${blocker.kind}|${blocker.where}|${blocker.message}`;
    const group = groups.get(key) ?? { blocker, ids: [] };
    group.ids.push(exercise.id);
    groups.set(key, group);
  }
  return groups;
}

/** The next step for a blocker: fix it where it is, or, for a type check that gave no answer, check again. */
export function nextFix(blocker: Blocker, say: Messages): string {
  return blocker.kind === 'type_check_failed' ? say.typecheckAgain : say.nextFix(blocker.where, ABOVE[blocker.kind](say));
}

function indent(text: string): string[] {
  return text.split('\n').map((line) => `    ${line}`);
}
