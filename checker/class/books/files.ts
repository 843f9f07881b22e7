import type { Lang } from '../../usage/messages.ts';
import type { Selected } from '../../course/course.ts';
import { canvasColumn, canvasCsv, gradebookCsv } from './csv.ts';
import type { Gradebook } from './gradebook.ts';
import type { StudentResult } from '../student-result.ts';
import { SIMILARITY_SLOT, reportHtml } from './html.ts';
import { similarityHtml } from '../review/similarity.ts';

/**
 * The files of a gradebook (gradebook.csv for Moodle and spreadsheets, gradebook-canvas.csv, gradebook.json,
 * report.html) for these results, written the same way by one run, by a regrade (--only) and by joining shards, so they always agree.
 */
export function gradebookFiles(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang, book: Gradebook, when: Date = new Date()): [string, string][] {
  const ids = selected.map(({ exercise }) => exercise.id);
  // Keyed by the submission's own name, as the rows are: a Map, so no name is an Object property.
  const roster = new Map(book.students.filter((entry) => entry.id !== undefined).map((entry) => [entry.student, entry.id!]));
  const similar = book.similarity ? similarityHtml(book.similarity, lang) : '';
  return [
    ['gradebook.csv', gradebookCsv(results, ids, lang, roster)],
    ['gradebook-canvas.csv', canvasCsv(results, roster, canvasColumn(book.canvas_assignment, book.provenance.assignment?.name))],
    // Each student's reason is the CSV's, so an empty folder says the same thing in both files.
    ['gradebook.json', `${JSON.stringify(book, null, 2)}\n`],
    // The similarity section right after the students (the summary at the top names its flags), never at the page's end.
    ['report.html', reportHtml(results, selected, lang, when, book).replace(SIMILARITY_SLOT, () => (similar ? `<div class="scroll">\n${similar}\n</div>` : ''))],
  ];
}
