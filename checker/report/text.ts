import { STATUS_MARK, messages } from '../usage/messages.ts';
import type { Messages } from '../usage/messages.ts';
import type { Blocker, ExerciseReport, Report } from './shape.ts';
import { firstBlocker } from './first-fix.ts';


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
export function renderText(report: Report): string {
  const say = messages(report.lang);
  const out: string[] = [say.heading(report.target), say.scoreRule, ''];
  const blockers = groupBlockers(report.exercises);
  for (const { blocker, ids } of blockers.values()) {
    if (blocker.kind === 'load_error') out.push(`! ${say.loadFailedOnce(blocker.where, ids.join(', '))}`, ...indent(blocker.message), '');
    if (blocker.kind === 'type_check_failed') out.push(`! ${blocker.message}`, '');
  }
  for (const kind of ['syntax', 'type'] as const) {
    const problems = report.type_errors.filter((problem) => problem.kind === kind);
    if (problems.length === 0) continue;
    out.push(kind === 'syntax' ? say.syntaxErrors(problems.length) : say.typeErrors(problems.length));
    for (const problem of problems.slice(0, 10)) {
      out.push(`    ${problem.file}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
    }
    const blocked = [...blockers.values()].filter((entry) => entry.blocker.kind === `${kind}_error`).flatMap((entry) => entry.ids);
    if (blocked.length > 0) out.push(`    ${say.blocks(blocked.join(', '))}`);
    out.push('');
  }
  for (const exercise of report.exercises) {
    const line = `${STATUS_MARK[exercise.status]} ${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`;
    if (exercise.status === 'pass') {
      out.push(line);
      continue;
    }
    if (exercise.blocked) {
      out.push(`${line} (${BLOCKED_BY[exercise.blocked.kind](say)})`);
      continue;
    }
    out.push(line, ...indent(exercise.message));
    const others = exercise.tests.filter((test) => test.status !== 'pass').slice(1);
    if (exercise.status === 'fail' && others.length > 0) {
      out.push(`    ${say.alsoFailing(others.length)}`);
      for (const test of others.slice(0, MAX_OTHER_NAMES)) out.push(`      - ${test.title}`);
      if (others.length > MAX_OTHER_NAMES) out.push(`      ${say.moreInJson(others.length - MAX_OTHER_NAMES)}`);
    }
    out.push(`    ${say.where}: ${exercise.todo}`, `    ${say.hint}: ${exercise.hint}`, '');
  }
  if (out.at(-1) !== '') out.push('');
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  out.push(say.progress(passed, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`));
  out.push(nextStep(report));
  return out.join('\n');
}

/** The next step: the problem that blocks (see firstBlocker; nothing else can pass before it is fixed), else the first TODO. */
function nextStep(report: Report): string {
  const say = messages(report.lang);
  const blocker = firstBlocker(report);
  if (blocker) return nextFix(blocker, say);
  const next = report.exercises.find((exercise) => exercise.status !== 'pass');
  return next ? say.next(next.id, next.todo) : say.allDone;
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
