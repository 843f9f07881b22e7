import { STATUS_MARK, messages } from '../i18n.ts';
import type { Lang } from '../i18n.ts';
import type { Selected } from '../course.ts';
import type { StudentResult } from './grade-class.ts';
import { reasonOf } from './reasons.ts';
import { classStats, percent } from './stats.ts';
import type { ExerciseStat } from './stats.ts';
import { escapeHtml } from '../escape.ts';
import { STATUSES } from '../report.ts';
import { classWords } from './words.ts';

/** Escapes text for HTML, under the short name this file uses on every line. */
const html = escapeHtml;


const STYLE = `
body{font-family:system-ui,-apple-system,"Noto Sans KR","Malgun Gothic",sans-serif;margin:24px;color:#1f2328}
h1{margin:0 0 4px}h2{margin-top:32px}.meta{color:#57606a}
table{border-collapse:collapse;font-size:14px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa;position:sticky;top:0}
td.cell{text-align:center;width:44px;font-weight:600}
.pass{background:#2da44e;color:#fff}.fail{background:#cf222e;color:#fff}.error{background:#8250df;color:#fff}.timeout{background:#bf8700;color:#fff}
.bar{background:#eaeef2;width:160px;height:12px;display:inline-block;vertical-align:middle}
.bar span{background:#cf222e;height:12px;display:block}
pre{white-space:pre-wrap;margin:0;max-width:720px;font-size:12px}
.legend span{display:inline-block;padding:2px 8px;margin-right:6px;border-radius:3px}
.reason{color:#57606a;font-size:12px;max-width:420px}`;

/** The class report: one self-contained page (no scripts, no network) with the heatmap, failure rates and common messages. */
export function reportHtml(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang, when: Date = new Date()): string {
  const say = classWords(lang);
  const statusWords = messages(lang).status;
  const stats = classStats(results, selected, lang);
  const ids = selected.map(({ exercise }) => exercise.id);
  const legend = STATUSES.map((status) => `<span class="${status}">${STATUS_MARK[status]} ${html(statusWords[status])}</span>`).join('');
  const head = `<tr><th>${html(say.student)}</th>${ids.map((id) => `<th title="${html(selected.find(({ exercise }) => exercise.id === id)!.exercise.title[lang])}">${html(id)}</th>`).join('')}<th>${html(say.total)}</th><th>${html(say.reason)}</th></tr>`;
  const rows = results.map((result) => {
    const cells = ids.map((id) => {
      const exercise = result.report.exercises.find((entry) => entry.id === id);
      const status = exercise?.status ?? 'error';
      const tip = exercise && status !== 'pass' ? exercise.message.split('\n').slice(0, 3).join('\n') : statusWords[status];
      return `<td class="cell ${status}" data-student="${html(result.student.name)}" data-exercise="${html(id)}" title="${html(tip)}">${STATUS_MARK[status]}</td>`;
    });
    const { score, max_score: max, tests_passed: passed, tests_total: total } = result.report;
    const tests = `${say.testsPassed} ${passed}/${total}`;
    return `<tr><th>${html(result.student.name)}</th>${cells.join('')}<td title="${html(tests)}">${html(`${score}/${max}`)}</td><td class="reason">${html(reasonOf(result, lang))}</td></tr>`;
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
<h2>${html(say.heatmap)}</h2>
<p class="legend">${legend}</p>
<table class="heatmap">
<thead>${head}</thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
${exerciseTable(stats, lang)}
${testTable(stats, lang)}
</body>
</html>
`;
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
    const common = stat.common ? `<pre>${html(stat.common.message)}</pre><small>× ${stat.common.count}</small>` : html(say.none);
    return `<tr><td>${html(stat.id)}</td><td>${html(stat.title)}</td><td>${bar(stat.failed, stat.graded)}</td><td>${html(say.failedOf(stat.failed, stat.graded))}</td><td>${common}</td></tr>`;
  });
  return `<h2>${html(say.exerciseRates)}</h2>
<p class="meta">${html(say.ratesOutOf)}</p>
<table class="exercises">
<thead><tr><th>${html(say.exercise)}</th><th></th><th>${html(say.failureRate)}</th><th>${html(say.failed)}</th><th>${html(say.commonMessage)}</th></tr></thead>
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
