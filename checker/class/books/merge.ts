import type { Lang } from '../../usage/messages.ts';
import type { Selected } from '../../course/course.ts';
import { gradebookFiles } from './files.ts';
import { resultsOf } from './gradebook.ts';
import type { Gradebook, Provenance } from './gradebook.ts';
import { byName } from '../intake/students.ts';
import { duplicateRows } from '../intake/lms-names.ts';
import type { DuplicateRows } from '../intake/lms-names.ts';

/** The settings every shard of one class must share, or their grades were not made alike. */
const SHARED: readonly (keyof Provenance)[] = ['checker_commit', 'node', 'limits', 'private_suites', 'weights', 'deadline', 'assignment'];

/** The first setting two runs do not share (see SHARED), or null when their grades were made alike: grade:merge and grade --only refuse on it. */
export function settingsDisagree(a: Provenance, b: Provenance): keyof Provenance | null {
  return SHARED.find((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key])) ?? null;
}

/**
 * Joins the gradebooks of a class's shards into the files one run over the whole class writes (students in
 * the same order, the same CSV, JSON and HTML; the time is the latest shard's). Refuses, naming what, when the
 * shards disagree on a setting, overlap, or do not make up every shard of `i/n`.
 */
export function mergeGradebooks(books: readonly Gradebook[], selected: readonly Selected[], lang: Lang): { files: [string, string][] } | { disagree: string } | { duplicate: DuplicateRows } {
  const [first] = books;
  if (!first) return { disagree: 'no gradebook' };
  for (const book of books) {
    const key = settingsDisagree(first.provenance, book.provenance);
    if (key) return { disagree: key };
  }
  const shards = books.map((book) => book.provenance.shard ?? '1/1');
  const count = Number(shards[0]!.split('/')[1]);
  const wanted = Array.from({ length: count }, (_, index) => `${index + 1}/${count}`);
  if (shards.some((shard) => !wanted.includes(shard)) || new Set(shards).size !== shards.length || shards.length !== count) {
    return { disagree: `shard ${wanted.filter((shard) => !shards.includes(shard)).join(', ') || shards.join(', ')}` };
  }
  const students = books.flatMap((book) => book.students).sort((a, b) => byName(a.student, b.student));
  if (new Set(students.map((entry) => entry.student)).size !== students.length) return { disagree: 'students' };
  const duplicate = duplicateRows(students);
  if (duplicate) return { duplicate };
  const latest = books.map((book) => book.provenance.generated_at).sort().at(-1)!;
  const { shard: _shard, ...provenance } = { ...first.provenance, generated_at: latest };
  const book: Gradebook = { version: first.version, provenance, students, ...(first.canvas_assignment ? { canvas_assignment: first.canvas_assignment } : {}) };
  // An assignment's gradebook has that assignment's exercises as its columns, as the run that made each shard had.
  const graded = first.provenance.assignment ? selected.filter(({ exercise }) => first.provenance.assignment!.exercises.includes(exercise.id)) : selected;
  return { files: gradebookFiles(resultsOf(book), graded, lang, book, new Date(latest)) };
}
