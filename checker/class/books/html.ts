import { messages } from '../../usage/messages.ts';
import type { Lang } from '../../usage/messages.ts';
import type { Selected } from '../../course/course.ts';
import type { StudentResult } from '../student-result.ts';
import { handedIn, isLate, reasonOf } from './reasons.ts';
import type { SimilarityReport } from '../review/similarity.ts';
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
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Noto Sans KR","Noto Sans CJK KR","Malgun Gothic",sans-serif;margin:16px 24px;color:#1f2328;line-height:1.4}
h1{margin:0 0 4px;font-size:24px}h2{margin:24px 0 8px;font-size:19px}h3{margin:0 0 6px;font-size:15px}.meta{color:#57606a;margin:4px 0}
table{border-collapse:collapse;font-size:14px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}
td.cell{text-align:center;width:40px;font-weight:600}
.pass{background:#2da44e;color:#fff}.fail{background:#cf222e;color:#fff}.error{background:#8250df;color:#fff}.timeout{background:#bf8700;color:#fff}
.missing{background:#eaeef2;color:#57606a}.unreadable{background:#57606a;color:#fff}
.bar{background:#eaeef2;width:160px;height:12px;display:inline-block;vertical-align:middle}
.bar span{background:#cf222e;height:12px;display:block}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0;max-width:720px;font-size:12px}
.legend span{display:inline-block;padding:2px 8px;margin:0 6px 4px 0;border-radius:3px}
.reason{color:#57606a;font-size:13px;overflow-wrap:anywhere}
.warning{background:#fff8c5;border:1px solid #d4a72c;padding:6px 10px;margin:6px 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px}
.card{border:1px solid #d0d7de;border-radius:6px;padding:10px 12px}
.histogram{display:grid;grid-template-columns:5.5em 1fr 2.5em;gap:2px 8px;align-items:center;font-size:13px}
.histogram .h{background:#eaeef2;height:12px}.histogram .h span{background:#0969da;height:12px;display:block}
.flags{margin:0;padding-left:18px;font-size:14px}.flags li{margin:2px 0;overflow-wrap:anywhere}
.badge{display:inline-block;font-size:12px;padding:0 6px;border-radius:10px;margin:1px 4px 1px 0;background:#ddf4ff;color:#0a3069;white-space:nowrap}
.badge.warn{background:#fff8c5;color:#4d2d00}.badge.bad{background:#ffebe9;color:#82071e}
.sorter{position:absolute;opacity:0;pointer-events:none}
.sort{font-size:14px;margin:6px 0}.sort label{display:inline-block;border:1px solid #d0d7de;border-radius:12px;padding:1px 10px;margin:2px 4px 2px 0;cursor:pointer}
#sort-name:checked~.sort label[for=sort-name],#sort-score:checked~.sort label[for=sort-score],#sort-flags:checked~.sort label[for=sort-flags]{background:#0969da;color:#fff;border-color:#0969da}
table.students{display:block;width:100%;max-width:1200px;border:1px solid #d0d7de}
table.students thead,table.students tbody{display:flex;flex-direction:column}
table.students tr{display:grid;grid-template-columns:minmax(8em,16em) 6em 9em minmax(6em,12em) minmax(0,1fr);border-bottom:1px solid #d0d7de}
table.students th,table.students td{border:0;min-width:0;overflow-wrap:anywhere}
#sort-score:checked~table.students tbody tr{order:var(--by-score)}
#sort-flags:checked~table.students tbody tr{order:var(--by-flags)}
.mini{background:#eaeef2;width:4em;height:8px;display:inline-block;vertical-align:middle;margin-right:4px}.mini span{background:#2da44e;height:8px;display:block}
details>summary{cursor:pointer}
.more summary{color:#57606a;font-size:13px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.marks span{display:inline-block;min-width:3.6em;margin:1px;padding:0 3px;border-radius:3px;font-size:12px;text-align:center}
details.fold{margin-top:16px}details.fold>summary h2{display:inline;margin:0}
.scroll{overflow-x:auto;max-width:100%}
@media (max-width:700px){
body{margin:10px}
table.students thead{display:none}
table.students tr{grid-template-columns:minmax(0,1fr) auto}
table.students td.more{grid-column:1/-1}
.cards{grid-template-columns:minmax(0,1fr)}
}`;

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

/** Where files.ts puts the similarity section (review/similarity.ts): after the students, before the detailed tables. */
export const SIMILARITY_SLOT = '<!-- similarity -->';

/**
 * The class report: one self-contained page (no scripts, no network). First a summary (the score histogram, what to
 * look at first: similar submissions, Canvas's late rows, ZIPs read specially, submissions not graded, deadline
 * notes), then one row per student, sortable by name, score or flags with radio buttons and CSS alone, each row's
 * reason and exercises folded; then the similarity section, and folded: the heatmap, the statistics, the failure
 * rates and the provenance. Laid out for a laptop (1366 px) and a phone (390 px).
 */
export function reportHtml(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang, when: Date = new Date(), book?: Pick<Gradebook, 'provenance' | 'regrades' | 'similarity'>): string {
  const say = classWords(lang);
  const statusWords = messages(lang).status;
  const stateWords: Record<CellState, string> = { ...statusWords, missing: say.notHandedIn, unreadable: say.unreadable };
  const stats = classStats(results, selected, lang);
  const ids = selected.map(({ exercise }) => exercise.id);
  const flags = flagsOf(results, book?.similarity);
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
<section class="summary" id="summary">
<div class="cards">
<div class="card" id="histogram">
<h3>${html(say.histogram)}</h3>
${histogram(results, lang)}
</div>
<div class="card" id="flags">
<h3>${html(say.flags)}</h3>
${flagList(results, flags, lang)}
${deadlineWarnings(results, lang)}
</div>
</div>
</section>
${studentTable(results, ids, flags, lang, stateWords)}
${SIMILARITY_SLOT}
${heatmapFold(results, selected, lang, stateWords)}
<details class="fold">
<summary><h2>${html(say.exerciseRates)}</h2></summary>
<div class="scroll">
${exerciseTable(stats, lang)}
</div>
</details>
<details class="fold">
<summary><h2>${html(say.statistics)}</h2></summary>
<div class="scroll">
${summaryTable(results, selected, lang)}
</div>
</details>
<details class="fold">
<summary><h2>${html(say.testRates)}</h2></summary>
<div class="scroll">
${testTable(stats, lang)}
</div>
</details>
${book ? `<details class="fold">\n<summary><h2>${html(say.provenance)}</h2></summary>\n<div class="scroll">\n${provenanceTable(book, lang)}\n</div>\n</details>` : ''}
</body>
</html>
`;
}

/** The folded heatmap of report.html: one row per student, one cell per exercise, each cell's state as a mark and a tip. */
function heatmapFold(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang, stateWords: Record<CellState, string>): string {
  const say = classWords(lang);
  const ids = selected.map(({ exercise }) => exercise.id);
  const states: CellState[] = [...STATUSES, 'missing', 'unreadable'];
  const legend = states.map((state) => `<span class="${state}">${CELL_MARK[state]} ${html(stateWords[state])}</span>`).join('');
  const head = `<tr><th>${html(say.student)}</th>${ids.map((id) => `<th title="${html(selected.find(({ exercise }) => exercise.id === id)!.exercise.title[lang])}">${html(id)}</th>`).join('')}<th>${html(say.total)}</th></tr>`;
  const rows = results.map((result) => {
    const cells = ids.map((id) => {
      const exercise = result.report.exercises.find((entry) => entry.id === id);
      const state = cellState(result, id);
      const tip = exercise && state !== 'pass' && state !== 'missing' && state !== 'unreadable' ? tipOf(exercise) : stateWords[state];
      return `<td class="cell ${state}" data-student="${html(result.student.name)}" data-exercise="${html(id)}" title="${html(tip)}">${CELL_MARK[state]}</td>`;
    });
    const { score, max_score: max, tests_passed: passed, tests_total: total } = result.report;
    const tests = `${say.testsPassed} ${passed}/${total}`;
    return `<tr><th>${html(result.student.name)}</th>${cells.join('')}<td title="${html(tests)}">${html(`${score}/${max}`)}</td></tr>`;
  });
  return `<details class="fold">
<summary><h2>${html(say.heatmap)}</h2></summary>
<p class="legend">${legend}</p>
<div class="scroll">
<table class="heatmap">
<thead>${head}</thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</div>
</details>`;
}

/** What a student's row is flagged for: the badges it shows, and the sentences of the summary name it. */
interface RowFlags {
  similar: Set<string>;
  late: Set<string>;
  zip: Set<string>;
  problem: Set<string>;
}

/** The students each flag names, from the rows and the similarity pass's "review first" list. */
function flagsOf(results: readonly StudentResult[], similar: SimilarityReport | undefined): RowFlags {
  const names = (keep: (result: StudentResult) => boolean) => new Set(results.filter(keep).map((result) => result.student.name));
  const unzipped = (result: StudentResult) => {
    const read = result.student.unzipped;
    return read !== undefined && (read.encodings.length > 0 || read.backslashes || read.depth > 1);
  };
  return {
    similar: new Set((similar?.review_first ?? []).flatMap((entry) => entry.students)),
    late: names((result) => isLate(result.student.name)),
    zip: names(unzipped),
    problem: names((result) => result.student.problem !== null),
  };
}

/** The score histogram: each tenth of the maximum (and full marks) with its count, and how many rows were not graded at all. */
function histogram(results: readonly StudentResult[], lang: Lang): string {
  const say = classWords(lang);
  const graded = results.filter((result) => !result.student.problem);
  const bucket = (result: StudentResult) => {
    const share = result.report.max_score === 0 ? 0 : result.report.score / result.report.max_score;
    return share >= 1 ? 10 : Math.floor(share * 10);
  };
  const counts = Array.from({ length: 11 }, (_, index) => graded.filter((result) => bucket(result) === index).length);
  const most = Math.max(1, ...counts);
  const rows = counts
    .map((count, index) => ({ count, index }))
    .reverse()
    .map(({ count, index }) => {
      const label = index === 10 ? '100' : `${index * 10}–${index * 10 + 9}`;
      return `<span>${html(label)}</span><span class="h"><span style="width:${Math.round((count / most) * 100)}%"></span></span><span>${count}</span>`;
    });
  const notGraded = results.length - graded.length;
  return `<div class="histogram">\n${rows.join('\n')}\n</div>${notGraded > 0 ? `\n<p class="meta">${html(say.histogramNotGraded(notGraded))}</p>` : ''}`;
}

/** The summary's list of what to look at first, one line per kind, each naming its students (bounded). */
function flagList(results: readonly StudentResult[], flags: RowFlags, lang: Lang): string {
  const say = classWords(lang);
  const list = (names: Set<string>) => bounded([...names].join(', '), MAX_SHOWN.reason);
  const items = [
    flags.similar.size > 0 ? say.flagSimilar(list(flags.similar)) : null,
    flags.late.size > 0 ? say.flagLate(list(flags.late)) : null,
    flags.zip.size > 0 ? say.flagZip(list(flags.zip)) : null,
    flags.problem.size > 0 ? say.flagProblem(list(flags.problem)) : null,
  ].filter((item) => item !== null);
  if (items.length === 0 && !results.some((result) => result.student.snapshot?.kind === 'commit' && (result.student.snapshot.newer || result.student.snapshot.notOwn))) return `<p class="meta">${html(say.noFlags)}</p>`;
  return items.length === 0 ? '' : `<ul class="flags">\n${items.map((item) => `<li>${html(item)}</li>`).join('\n')}\n</ul>`;
}

/**
 * One row per student: name, score, percent, flags, and the reason and each exercise folded. Sorting needs no script:
 * three radio buttons before the table choose which precomputed rank (a CSS variable on each row) orders the rows.
 */
function studentTable(results: readonly StudentResult[], ids: readonly string[], flags: RowFlags, lang: Lang, stateWords: Record<CellState, string>): string {
  const say = classWords(lang);
  const share = (result: StudentResult) => (result.report.max_score === 0 ? 0 : result.report.score / result.report.max_score);
  const flagCount = (name: string) => [flags.similar, flags.late, flags.zip, flags.problem].filter((set) => set.has(name)).length;
  const rank = (order: readonly StudentResult[]) => new Map(order.map((result, index) => [result, index]));
  const byScore = rank([...results].sort((a, b) => share(b) - share(a)));
  const byFlags = rank([...results].sort((a, b) => flagCount(b.student.name) - flagCount(a.student.name)));
  const rows = results.map((result) => {
    const name = result.student.name;
    const { score, max_score: max } = result.report;
    const passed = result.report.exercises.filter((exercise) => exercise.status === 'pass').length;
    const badges = [
      flags.problem.has(name) ? `<span class="badge bad">${html(say.badgeProblem)}</span>` : '',
      flags.late.has(name) ? `<span class="badge warn">${html(say.badgeLate)}</span>` : '',
      flags.similar.has(name) ? `<span class="badge warn">${html(say.badgeSimilar)}</span>` : '',
      flags.zip.has(name) ? `<span class="badge">${html(say.badgeZip)}</span>` : '',
    ].join('');
    const reason = bounded(reasonOf(result, lang), MAX_SHOWN.reason);
    const marks = ids.map((id) => {
      const state = cellState(result, id);
      return `<span class="${state}" title="${html(stateWords[state])}">${html(id)} ${CELL_MARK[state]}</span>`;
    });
    const percentShown = Math.round(share(result) * 1000) / 10;
    return `<tr style="--by-score:${byScore.get(result)};--by-flags:${byFlags.get(result)}"><th>${html(name)}</th><td>${html(`${score}/${max}`)}</td><td><span class="mini"><span style="width:${Math.round(share(result) * 100)}%"></span></span>${html(`${percentShown}%`)}</td><td>${badges}</td><td class="more"><details><summary>${html(reason)}</summary><p class="reason">${html(reason)}</p><p class="meta">${html(say.exercisesPassed(passed, result.report.exercises.length))}</p><p class="marks">${marks.join('')}</p></details></td></tr>`;
  });
  return `<section class="students" id="students">
<h2>${html(say.students)}</h2>
<input type="radio" class="sorter" name="sort" id="sort-name" checked><input type="radio" class="sorter" name="sort" id="sort-score"><input type="radio" class="sorter" name="sort" id="sort-flags">
<p class="sort">${html(say.sortBy)}: <label for="sort-name">${html(say.sortName)}</label><label for="sort-score">${html(say.sortScore)}</label><label for="sort-flags">${html(say.sortFlags)}</label></p>
<table class="students">
<thead><tr><th>${html(say.student)}</th><th>${html(say.total)}</th><th>%</th><th>${html(say.flagsColumn)}</th><th>${html(say.reason)}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
</section>`;
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
  return `<p class="meta">${html(say.ratesOutOf)}</p>
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
  return `<p class="meta">${html(say.ratesOutOf)}</p>
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
  return `<p class="meta">${html(say.scoreSummary(shown(mean(scores)), shown(median(scores)), scores.length))}</p>
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
  return `<table class="provenance">
<thead><tr><th>${html(say.setting)}</th><th>${html(say.value)}</th></tr></thead>
<tbody>
${entries.map(([key, value]) => `<tr><td>${html(key)}</td><td>${html(value)}</td></tr>`).join('\n')}
</tbody>
</table>`;
}
