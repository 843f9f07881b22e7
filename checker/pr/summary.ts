import type { PullRequestReport } from './grade-pr.ts';
import { escapeHtml, visibleText } from '../report/escape.ts';
import { messages } from '../usage/messages.ts';
import { prWords } from './words.ts';

/** GitHub shows at most this many error annotations per step. */
export const MAX_ERROR_ANNOTATIONS = 10;

/** The longest annotation message kept; the rest is cut. */
const MAX_MESSAGE = 2_000;

/** Escapes the message of a workflow command, so text cannot end the command or start another line; control characters are shown as visible text (report/escape.ts). */
export function escapeData(text: string): string {
  return visibleText(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Escapes a property value of a workflow command (`file=…,title=…`): the data escapes plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Splits `chapters/x/file.ts:12` into a file and line; null when it is not a plain path inside chapters/. */
export function todoLocation(todo: string): { file: string; line: number | null } | null {
  const match = /^(chapters\/[A-Za-z0-9._/-]+?)(?::(\d+))?$/.exec(todo);
  if (!match || match[1]!.split('/').includes('..')) return null;
  return { file: match[1]!, line: match[2] ? Number(match[2]) : null };
}

/** True when the repository accepts pull requests that change files outside chapters/: `ALLOW_TAMPERED=true`. */
export function tamperedAllowed(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['ALLOW_TAMPERED'] === 'true';
}

/** True when the pull request fails for its changes outside chapters/ alone: some path is tampered and that is not allowed. */
export function failsForTampering(report: PullRequestReport, allowTampered: boolean): boolean {
  return report.tampered.length > 0 && !allowTampered;
}

/**
 * Whether the pull request's check passes: every exercise of its report passes (with an assignment, the report holds
 * that assignment's exercises alone, so they decide) and it is not refused for its changes outside chapters/.
 */
export function prPasses(report: PullRequestReport, allowTampered: boolean): boolean {
  return report.exercises.every((exercise) => exercise.status === 'pass') && !failsForTampering(report, allowTampered);
}

/** How many failing exercises get an error annotation: GitHub's limit, less one when the tampered paths take an error of their own. */
function exerciseAnnotations(report: PullRequestReport, allowTampered: boolean): number {
  return MAX_ERROR_ANNOTATIONS - (failsForTampering(report, allowTampered) ? 1 : 0);
}

/**
 * `::error` annotations at the TODO of each failing exercise (within GitHub's limit) and, when files outside chapters/
 * changed, an error that fails the pull request, or only a warning when the repository allows such changes.
 */
export function annotations(report: PullRequestReport, allowTampered = false): string[] {
  const say = prWords(report.lang);
  const failing = report.exercises.filter((exercise) => exercise.status !== 'pass');
  const lines = failing.slice(0, exerciseAnnotations(report, allowTampered)).map((exercise) => {
    const where = todoLocation(exercise.todo);
    const properties = [
      ...(where ? [`file=${escapeProperty(where.file)}`] : []),
      ...(where?.line ? [`line=${where.line}`] : []),
      `title=${escapeProperty(`${exercise.id} ${exercise.title} — ${messages(report.lang).status[exercise.status]}`)}`,
    ];
    const message = `${exercise.message}\n\n${exercise.hint}`.slice(0, MAX_MESSAGE);
    return `::error ${properties.join(',')}::${escapeData(message)}`;
  });
  if (report.tampered.length > 0) {
    const refused = failsForTampering(report, allowTampered);
    const text = `${refused ? say.tamperedFails(report.tampered.length) : say.tampered(report.tampered.length)}\n${report.tampered.join('\n')}`;
    lines.push(`::${refused ? 'error' : 'warning'} title=${escapeProperty('tampered')}::${escapeData(text.slice(0, MAX_MESSAGE))}`);
  }
  // Without an assignment every exercise of the course decides: week 1's correct work is red for chapters not yet taught, and says so.
  if (!report.assignment && failing.length > 0) {
    lines.push(`::notice title=${escapeProperty('no assignment')}::${escapeData(`${say.whyRed(failing.length, report.exercises.length, null)} ${say.noAssignmentHeading(report.exercises.length)}`)}`);
  }
  return lines;
}

/** Escapes text for a markdown table cell (HTML special characters, pipes, markdown marks, line breaks). */
export function cell(text: string): string {
  return text
    .replace(/([\\`*_[\]|#~!])/g, '\\$1')
    .replace(/[&<>"']/g, escapeHtml)
    .replace(/\r?\n/g, ' ')
    .slice(0, 300);
}

const ICON = { pass: '✅', fail: '❌', error: '❗', timeout: '⏱️' } as const;

/** The job summary: score, one table row per exercise, and the list of changed paths outside chapters/ (a failure unless allowed). */
export function summaryMarkdown(report: PullRequestReport, allowTampered = false): string {
  const say = prWords(report.lang);
  const ko = report.lang === 'ko';
  const passed = report.exercises.filter((exercise) => exercise.status === 'pass').length;
  const out = [
    `## ${ko ? 'MCP 워크숍 채점 결과' : 'MCP workshop grade'}`,
    '',
    // Which exercises decide the check, and why: an assignment's alone, or every exercise of the course when none is set.
    ...(report.assignment
      ? [cell(say.assignmentHeading(report.assignment.name)), '', cell(say.assignmentExercises(report.exercises.map((exercise) => exercise.id).join(', '))), '']
      : [`> [!NOTE]`, `> ${cell(say.noAssignmentHeading(report.exercises.length))}`, '']),
    `${ko ? '점수' : 'Score'}: **${report.score}/${report.max_score}** · ${ko ? '통과한 연습' : 'exercises passed'}: **${passed}/${report.exercises.length}** · ${ko ? '통과한 테스트' : 'tests'}: ${report.tests_passed}/${report.tests_total} · base \`${report.base.slice(0, 12)}\` · head \`${report.head.slice(0, 12)}\``,
    '',
    `| ${ko ? '연습' : 'Exercise'} | ${ko ? '제목' : 'Title'} | ${ko ? '결과' : 'Result'} | ${ko ? '테스트' : 'Tests'} | ${ko ? '고칠 곳' : 'Where'} |`,
    '| --- | --- | --- | --- | --- |',
    ...report.exercises.map((exercise) => {
      const ok = exercise.tests.filter((test) => test.status === 'pass').length;
      return `| ${cell(exercise.id)} | ${cell(exercise.title)} | ${ICON[exercise.status]} ${cell(messages(report.lang).status[exercise.status])} | ${ok}/${exercise.tests.length} | ${exercise.status === 'pass' ? '' : cell(exercise.todo)} |`;
    }),
  ];
  const failing = report.exercises.filter((exercise) => exercise.status !== 'pass').length;
  if (failing > 0) out.push('', cell(say.whyRed(failing, report.exercises.length, report.assignment?.name ?? null)));
  const annotated = exerciseAnnotations(report, allowTampered);
  if (failing > annotated) out.push('', ko ? `주석은 처음 ${annotated}개 연습에만 달았다.` : `Annotations cover the first ${annotated} failing exercises only.`);
  if (report.tampered.length > 0) {
    const refused = failsForTampering(report, allowTampered);
    const text = refused ? say.tamperedFails(report.tampered.length) : say.tampered(report.tampered.length);
    out.push('', refused ? '> [!CAUTION]' : '> [!WARNING]', `> ${cell(text)}`, '>');
    for (const path of report.tampered.slice(0, 200)) out.push(`> - ${cell(path)}`);
  }
  return `${out.join('\n')}\n`;
}
