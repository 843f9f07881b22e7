import type { Lang } from '../../usage/messages.ts';
import { visibleText } from '../../report/escape.ts';
import type { StudentResult } from '../student-result.ts';
import { reasonOf } from './reasons.ts';
import { classWords } from '../words.ts';
import { NO_ROSTER, rosterIdOf } from '../intake/roster.ts';
import type { Roster } from '../intake/roster.ts';
import { submissionName } from '../intake/lms-names.ts';

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
const BOM = '\uFEFF';

/** Quotes one field by RFC 4180, and defuses text a spreadsheet would run as a formula. */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const shown = visibleText(value);
  const text = /^[=+\-@\t\r]/.test(shown) ? `'${shown}` : shown;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A score as a percentage of the maximum, with at most one decimal (0 when nothing could be scored). */
export function percentOf(score: number, max: number): number {
  return max === 0 ? 0 : Math.round((score / max) * 1000) / 10;
}

/**
 * The gradebook as CSV: UTF-8 with a BOM, CRLF lines, one row per student: the submission's name, its LMS id
 * from the roster, the points of each exercise (numbers, so a spreadsheet or an LMS import sums them), the
 * score, maximum, percent, test counts and the reason. The id column is there only when the roster names a student.
 */
export function gradebookCsv(results: readonly StudentResult[], exerciseIds: readonly string[], lang: Lang, roster: Roster = NO_ROSTER): string {
  const say = classWords(lang);
  const ids = results.some((result) => rosterIdOf(roster, result.student.name) !== undefined);
  // An exercise's column is named `01/1 points`, not `01/1`, which a spreadsheet reads as a date.
  const header = [say.student, ...(ids ? [say.id] : []), ...exerciseIds.map(say.pointsOf), say.total, say.max, say.percent, say.testsPassed, say.testsTotal, say.reason];
  const rows = results.map((result) => {
    const points = exerciseIds.map((id) => result.report.exercises.find((exercise) => exercise.id === id)?.points ?? 0);
    const { score, max_score: max, tests_passed: passed, tests_total: total } = result.report;
    return [result.student.name, ...(ids ? [rosterIdOf(roster, result.student.name) ?? ''] : []), ...points, score, max, percentOf(score, max), passed, total, reasonOf(result, lang)];
  });
  return csvText([header, ...rows]);
}

/** The assignment column gradebook-canvas.csv fills when the class file names none. */
export const CANVAS_ASSIGNMENT = 'MCP exercises';

/** The Canvas column of a gradebook: the class file's Canvas assignment, with the assignment graded after it, so each week imports as its own column. */
export function canvasColumn(canvasAssignment: string | undefined, assignment: string | undefined): string {
  const base = canvasAssignment ?? CANVAS_ASSIGNMENT;
  return assignment ? `${base} (${assignment})` : base;
}

/**
 * The gradebook in Canvas's gradebook import format ("How do I import grades in the Gradebook?", Canvas Instructor
 * Guide): the columns Student, ID, SIS User ID, SIS Login ID and Section, then one column per assignment, and a
 * "Points Possible" row under the header. Canvas makes every column it does not know a new assignment, so there is
 * exactly one: the score, under the assignment's name (canvasColumn: one per graded assignment, so importing week 2
 * leaves week 1's column alone). ID is the Canvas user id that Canvas's "Download Submissions" wrote into the file
 * name, which Canvas matches students by first; the roster's id goes in SIS User ID. English headers in either
 * language: Canvas reads them so.
 */
export function canvasCsv(results: readonly StudentResult[], roster: Roster = NO_ROSTER, assignment: string = CANVAS_ASSIGNMENT): string {
  const max = results.find((result) => !result.student.problem)?.report.max_score ?? results[0]?.report.max_score ?? 0;
  const header = ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', assignment];
  const possible = ['Points Possible', '', '', '', '', max];
  const rows = results.map((result) => [result.student.name, canvasUserId(result.student.name), rosterIdOf(roster, result.student.name) ?? '', '', '', result.report.score]);
  return csvText([header, possible, ...rows]);
}

/** The Canvas user id of a row: from its Canvas file name, or the roster key it answers to when that key is a Canvas user id (digits). */
function canvasUserId(name: string): string {
  const fromName = submissionName(name).canvas?.userId;
  if (fromName) return fromName;
  return /^\d+$/.test(name) ? name : '';
}

/** Rows as CSV text: a BOM, fields quoted by RFC 4180, CRLF lines. */
function csvText(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
