import type { Lang } from '../i18n.ts';
import type { StudentResult } from './grade-class.ts';
import { reasonOf } from './reasons.ts';
import { classWords } from './words.ts';

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
const BOM = '\uFEFF';

/** Quotes one field by RFC 4180, and defuses text a spreadsheet would run as a formula. */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The gradebook as CSV: UTF-8 with a BOM, CRLF lines, one row per student, one column per exercise, score, max, test counts and reason. */
export function gradebookCsv(results: readonly StudentResult[], exerciseIds: readonly string[], lang: Lang): string {
  const say = classWords(lang);
  const header = [say.student, ...exerciseIds, say.total, say.max, say.testsPassed, say.testsTotal, say.reason];
  const rows = results.map((result) => {
    const statuses = exerciseIds.map((id) => result.report.exercises.find((exercise) => exercise.id === id)?.status ?? 'error');
    const { score, max_score: max, tests_passed: passed, tests_total: total } = result.report;
    return [result.student.name, ...statuses, score, max, passed, total, reasonOf(result, lang)];
  });
  return BOM + [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
