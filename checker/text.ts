import { messages } from './i18n.ts';
import type { Report } from './report.ts';

const MARK = { pass: '✓', fail: '✗', error: '!', timeout: '⏱' } as const;

/** Renders a report for a person: a line per exercise, and for each failure what happened, where to look and the hint. */
export function renderText(report: Report): string {
  const say = messages(report.lang);
  const out: string[] = [say.heading(report.target), ''];
  for (const exercise of report.exercises) {
    out.push(`${MARK[exercise.status]} ${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`);
    if (exercise.status === 'pass') continue;
    for (const line of exercise.message.split('\n')) out.push(`    ${line}`);
    const others = exercise.tests.filter((test) => test.status !== 'pass').length - 1;
    if (exercise.status === 'fail' && others > 0) out.push(`    ${say.moreFailures(others)}`);
    out.push(`    ${say.where}: ${exercise.todo}`);
    out.push(`    ${say.hint}: ${exercise.hint}`);
    out.push('');
  }
  if (report.type_errors.length > 0) {
    out.push(say.typeErrors(report.type_errors.length));
    for (const problem of report.type_errors.slice(0, 10)) {
      out.push(`    ${problem.file}:${problem.line}:${problem.column} ${problem.code} ${problem.message}`);
    }
    out.push('');
  }
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  out.push(say.progress(passed, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`));
  const next = report.exercises.find((exercise) => exercise.status !== 'pass');
  out.push(next ? say.next(next.id, next.todo) : say.allDone);
  return out.join('\n');
}
