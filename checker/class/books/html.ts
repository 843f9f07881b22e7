import { messages } from '../../usage/messages.ts';
import type { Lang } from '../../usage/messages.ts';
import type { Selected } from '../../course/course.ts';
import type { StudentResult } from '../grade-class.ts';
import { handedIn, reasonOf } from './reasons.ts';
import type { Gradebook } from './gradebook.ts';
import type { ExerciseReport, Status } from '../../report/shape.ts';
import { classStats, percent } from './stats.ts';
import type { ExerciseStat } from './stats.ts';
import { escapeHtml } from '../../report/escape.ts';
import { STATUSES } from '../../report/shape.ts';
import { classWords } from '../words.ts';

/** Escapes text for HTML, under the short name this file uses on every line. */
const html = escapeHtml;

/** The most characters of a learner's message or output one place on the page shows: a cell's tip, a common message, a reason. */
export const MAX_SHOWN = { tip: 600, common: 2_000, reason: 1_000 } as const;

/** Text from a learner's run as the page shows it: at most `max` characters (never half a character), then `…` when cut. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** A failing cell's tip: the first three lines of its message, then the first five its code printed in the failing test, bounded. */
function tipOf(exercise: ExerciseReport): string {
  const printed = exercise.tests.find((test) => test.status !== 'pass')?.output;
  const lines = exercise.message.split('\n').slice(0, 3);
  if (printed) lines.push(...printed.lines.slice(0, 5).map((line) => `│ ${line.text}`));
  return bounded(lines.join('\n'), MAX_SHOWN.tip);
}


const STYLE = `
body{font-family:system-ui,-apple-system,"Noto Sans KR","Malgun Gothic",sans-serif;margin:24px;color:#1f2328}
h1{margin:0 0 4px}h2{margin-top:32px}.meta{color:#57606a}
table{border-collapse:collapse;font-size:14px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa;position:sticky;top:0}
td.cell{text-align:center;width:44px;font-weight:600}
.pass{background:#2da44e;color:#fff}.fail{background:#cf222e;color:#fff}.error{background:#8250df;color:#fff}.timeout{background:#bf8700;color:#fff}
.missing{background:#eaeef2;color:#57606a}.unreadable{background:#57606a;color:#fff}
.bar{background:#eaeef2;width:160px;height:12px;display:inline-block;vertical-align:middle}
.bar span{background:#cf222e;height:12px;display:block}
pre{white-space:pre-wrap;margin:0;max-width:720px;font-size:12px}
.legend span{display:inline-block;padding:2px 8px;margin-right:6px;border-radius:3px}
.reason{color:#57606a;font-size:12px;max-width:420px}
.warning{background:#fff8c5;border:1px solid #d4a72c;padding:6px 10px;max-width:960px}`;

/**
 * What a cell of the heatmap shows: the exercise's status, or that the student handed in nothing for it (no
 * folder, an empty one, no such chapter), or that the submission could not be read (a refused ZIP, a broken link).
 */
type CellState = Status | 'missing' | 'unreadable';

/** Marks drawn only from characters every stock Linux, macOS and Windows font has (no emoji), so none renders as a box. */
const CELL_MARK: Record<CellState, string> = { pass: '✓', fail: '✗', error: '!', timeout: 'T', missing: '–', unreadable: '?' };

/** The state of one student's cell for one exercise. */
function cellState(result: StudentResult, id: string): CellState {
  if (result.student.problem === 'zip-refused' || result.student.problem === 'not-folder') return 'unreadable';
  if (!handedIn(result, id)) return 'missing';
  return result.report.exercises.find((entry) => entry.id === id)?.status ?? 'error';
}

/** The class report: one self-contained page (no scripts, no network) with the heatmap, statistics, failure rates, common messages and provenance. */
export function reportHtml(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang, when: Date = new Date(), book?: Pick<Gradebook, 'provenance' | 'regrades'>): string {
  const say = classWords(lang);
  const statusWords = messages(lang).status;
  const stateWords: Record<CellState, string> = { ...statusWords, missing: say.notHandedIn, unreadable: say.unreadable };
  const stats = classStats(results, selected, lang);
  const ids = selected.map(({ exercise }) => exercise.id);
  const states: CellState[] = [...STATUSES, 'missing', 'unreadable'];
  const legend = states.map((state) => `<span class="${state}">${CELL_MARK[state]} ${html(stateWords[state])}</span>`).join('');
  const head = `<tr><th>${html(say.student)}</th>${ids.map((id) => `<th title="${html(selected.find(({ exercise }) => exercise.id === id)!.exercise.title[lang])}">${html(id)}</th>`).join('')}<th>${html(say.total)}</th><th>${html(say.reason)}</th></tr>`;
  const rows = results.map((result) => {
    const cells = ids.map((id) => {
      const exercise = result.report.exercises.find((entry) => entry.id === id);
      const state = cellState(result, id);
      const tip = exercise && state !== 'pass' && state !== 'missing' && state !== 'unreadable' ? tipOf(exercise) : stateWords[state];
      return `<td class="cell ${state}" data-student="${html(result.student.name)}" data-exercise="${html(id)}" title="${html(tip)}">${CELL_MARK[state]}</td>`;
    });
    const { score, max_score: max, tests_passed: passed, tests_total: total } = result.report;
    const tests = `${say.testsPassed} ${passed}/${total}`;
    return `<tr><th>${html(result.student.name)}</th>${cells.join('')}<td title="${html(tests)}">${html(`${score}/${max}`)}</td><td class="reason">${html(bounded(reasonOf(result, lang), MAX_SHOWN.reason))}</td></tr>`;
  });
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${html(say.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${html(say.title)}</h1>
<p class="meta">${html(say.generated(results.length, localTime(when, lang)))}</p>
${deadlineWarnings(results, lang)}
<h2>${html(say.heatmap)}</h2>
<p class="legend">${legend}</p>
<table class="heatmap">
<thead>${head}</thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${summaryTable(results, selected, lang)}
${exerciseTable(stats, lang)}
${testTable(stats, lang)}
${book ? provenanceTable(book, lang) : ''}
</body>
</html>
`;
}

/** At the top of the page, the copies whose graded commit is not all there is: newer work left out, or no commit of the student's own. */
function deadlineWarnings(results: readonly StudentResult[], lang: Lang): string {
  const say = classWords(lang);
  return (['newer', 'notOwn'] as const)
    .map((kind) => {
      const names = results.filter((result) => result.student.snapshot?.kind === 'commit' && result.student.snapshot[kind] !== undefined).map((result) => result.student.name);
      return names.length === 0 ? '' : `<p class="warning">${html(say.deadlineSummary(kind, names.join(', ')))}</p>`;
    })
    .filter((line) => line !== '')
    .join('\n');
}

/** The report's time as the instructor's local date and time, with the time zone (not raw ISO UTC). */
function localTime(when: Date, lang: Lang): string {
  return when.toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' }) + ` (${zoneName(when, lang)})`;
}

function zoneName(when: Date, lang: Lang): string {
  const part = new Intl.DateTimeFormat(lang === 'ko' ? 'ko-KR' : 'en-GB', { timeZoneName: 'short' }).formatToParts(when).find((entry) => entry.type === 'timeZoneName');
  return part?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function bar(failed: number, graded: number): string {
  const width = graded === 0 ? 0 : Math.round((failed / graded) * 100);
  return `<span class="bar"><span style="width:${width}%"></span></span> ${html(percent(failed, graded))}`;
}

function exerciseTable(stats: readonly ExerciseStat[], lang: Lang): string {
  const say = classWords(lang);
  const rows = stats.map((stat) => {
    const common = stat.common ? `<pre>${html(bounded(stat.common.message, MAX_SHOWN.common))}</pre><small>× ${stat.common.count}</small>` : html(say.none);
    return `<tr><td>${html(stat.id)}</td><td>${html(stat.title)}</td><td>${bar(stat.failed, stat.graded)}</td><td>${html(say.failedOf(stat.failed, stat.graded))}</td><td>${common}</td></tr>`;
  });
  return `<h2>${html(say.exerciseRates)}</h2>
<p class="meta">${html(say.ratesOutOf)}</p>
<table class="exercises">
<thead><tr><th>${html(say.exercise)}</th><th>${html(say.exerciseTitle)}</th><th>${html(say.failureRate)}</th><th>${html(say.failed)}</th><th>${html(say.commonMessage)}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function testTable(stats: readonly ExerciseStat[], lang: Lang): string {
  const say = classWords(lang);
  const rows = stats.flatMap((stat) =>
    stat.tests.map((test) => `<tr><td>${html(stat.id)}</td><td>${html(test.title)}</td><td>${bar(test.failed, test.graded)}</td><td>${html(say.failedOf(test.failed, test.graded))}</td></tr>`),
  );
  return `<h2>${html(say.testRates)}</h2>
<p class="meta">${html(say.ratesOutOf)}</p>
<table class="tests">
<thead><tr><th>${html(say.exercise)}</th><th>${html(say.test)}</th><th>${html(say.failureRate)}</th><th>${html(say.failed)}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** The middle value of a sorted copy (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A number for the page: at most one decimal, or a dash for none. */
function shown(value: number | null): string {
  return value === null ? '–' : String(Math.round(value * 10) / 10);
}

/** Class statistics: the score's mean, median and spread, and per exercise the mean points and how many students reached each state. */
function summaryTable(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang): string {
  const say = classWords(lang);
  const words: Record<CellState, string> = { ...messages(lang).status, missing: say.notHandedIn, unreadable: say.unreadable };
  const scores = results.filter((result) => !result.student.problem).map((result) => result.report.score);
  const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
  const spread = [...new Set(scores)].sort((a, b) => a - b).map((score) => `${score}: ${scores.filter((value) => value === score).length}`).join(' · ');
  const states: CellState[] = [...STATUSES, 'missing', 'unreadable'];
  const rows = selected.map(({ exercise }) => {
    const points = results.filter((result) => handedIn(result, exercise.id)).map((result) => result.report.exercises.find((entry) => entry.id === exercise.id)?.points ?? 0);
    const counts = states.map((state) => `<td>${results.filter((result) => cellState(result, exercise.id) === state).length}</td>`).join('');
    return `<tr><td>${html(exercise.id)}</td><td>${html(exercise.title[lang])}</td><td>${html(shown(mean(points)))}</td><td>${html(shown(median(points)))}</td>${counts}</tr>`;
  });
  return `<h2>${html(say.statistics)}</h2>
<p class="meta">${html(say.scoreSummary(shown(mean(scores)), shown(median(scores)), scores.length))}</p>
<p class="meta">${html(say.scoreSpread)}: ${html(spread || '–')}</p>
<table class="statistics">
<thead><tr><th>${html(say.exercise)}</th><th>${html(say.exerciseTitle)}</th><th>${html(say.meanPoints)}</th><th>${html(say.medianPoints)}</th>${states.map((state) => `<th>${CELL_MARK[state]} ${html(words[state])}</th>`).join('')}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** What produced the gradebook: the checker's commit, Node, the limits, the private suites' hashes, weights, deadline and regrades. */
function provenanceTable(book: Pick<Gradebook, 'provenance' | 'regrades'>, lang: Lang): string {
  const say = classWords(lang);
  const { provenance } = book;
  const entries: [string, string][] = [
    [say.checkerCommit, provenance.checker_commit ?? say.noCommit],
    ['Node', provenance.node],
    [say.limits, `${provenance.limits.file_ms / 1000} s / ${provenance.limits.test_ms / 1000} s`],
    [say.privateSuites, provenance.private_suites.map((suite) => `${suite.file} ${suite.sha256.slice(0, 12)}`).join(', ') || '–'],
    [say.weights, Object.entries(provenance.weights).map(([id, weight]) => `${id}: ${weight}`).join(', ') || say.manifestWeights],
    [say.deadline, provenance.deadline ? localTime(new Date(provenance.deadline), lang) : '–'],
    [say.generatedAt, localTime(new Date(provenance.generated_at), lang)],
    ...(book.regrades ?? []).map((regrade): [string, string] => [say.regraded, `${localTime(new Date(regrade.generated_at), lang)}: ${regrade.students.join(', ')}`]),
  ];
  return `<h2>${html(say.provenance)}</h2>
<table class="provenance">
<thead><tr><th>${html(say.setting)}</th><th>${html(say.value)}</th></tr></thead>
<tbody>
${entries.map(([key, value]) => `<tr><td>${html(key)}</td><td>${html(value)}</td></tr>`).join('\n')}
</tbody>
</table>`;
}
