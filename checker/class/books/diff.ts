import type { Lang } from '../../usage/messages.ts';
import type { Gradebook, GradebookEntry } from './gradebook.ts';
import { classWords } from '../words.ts';

/** One exercise whose result changed for one student: its status, points and message before and after. */
export interface ExerciseMove {
  id: string;
  before: { status: string; points: number; message: string };
  after: { status: string; points: number; message: string };
}

/** One student whose score or any exercise changed, with the reason before and after. */
export interface StudentMove {
  student: string;
  score: { before: number; after: number };
  reason: { before: string; after: string };
  exercises: ExerciseMove[];
}

/** What differs between two gradebooks: who moved and why, and who is in only one of them. */
export interface GradebookDiff {
  moved: StudentMove[];
  added: string[];
  removed: string[];
}

/** The result of one exercise in an entry, or a blank one when the entry lacks it. */
function resultOf(entry: GradebookEntry, id: string): ExerciseMove['before'] {
  const found = entry.exercises.find((exercise) => exercise.id === id);
  return found ? { status: found.status, points: found.points, message: found.message } : { status: '-', points: 0, message: '' };
}

/** Compares two gradebooks student by student (by submission name) and exercise by exercise. */
export function diffGradebooks(before: Gradebook, after: Gradebook): GradebookDiff {
  const old = new Map(before.students.map((entry) => [entry.student, entry]));
  const moved: StudentMove[] = [];
  for (const entry of after.students) {
    const was = old.get(entry.student);
    if (!was) continue;
    const ids = [...new Set([...was.exercises, ...entry.exercises].map((exercise) => exercise.id))];
    const exercises = ids
      .map((id) => ({ id, before: resultOf(was, id), after: resultOf(entry, id) }))
      .filter((move) => move.before.status !== move.after.status || move.before.points !== move.after.points);
    if (exercises.length === 0 && was.score === entry.score) continue;
    moved.push({ student: entry.student, score: { before: was.score, after: entry.score }, reason: { before: was.reason, after: entry.reason }, exercises });
  }
  const names = new Set(after.students.map((entry) => entry.student));
  return {
    moved,
    added: after.students.filter((entry) => !old.has(entry.student)).map((entry) => entry.student),
    removed: before.students.filter((entry) => !names.has(entry.student)).map((entry) => entry.student),
  };
}

/** The diff for a person: one block per student who moved (score, each changed exercise with its old and new message), then who came and went. */
export function renderDiff(diff: GradebookDiff, lang: Lang): string {
  const say = classWords(lang);
  if (diff.moved.length === 0 && diff.added.length === 0 && diff.removed.length === 0) return say.diffNone;
  const first = (message: string) => message.split('\n')[0] || '–';
  const lines: string[] = [];
  for (const move of diff.moved) {
    lines.push(say.diffMoved(move.student, move.score.before, move.score.after));
    for (const exercise of move.exercises) {
      lines.push(`  ${exercise.id}: ${exercise.before.status} (${exercise.before.points}) → ${exercise.after.status} (${exercise.after.points})`);
      lines.push(`    ${say.diffBefore}: ${first(exercise.before.message)}`, `    ${say.diffAfter}: ${first(exercise.after.message)}`);
    }
    if (move.exercises.length === 0) lines.push(`  ${say.diffBefore}: ${move.reason.before}`, `  ${say.diffAfter}: ${move.reason.after}`);
  }
  if (diff.added.length > 0) lines.push(say.diffAdded(diff.added.join(', ')));
  if (diff.removed.length > 0) lines.push(say.diffRemoved(diff.removed.join(', ')));
  return lines.join('\n');
}
