import type { Selected } from '../checker/course/course.ts';
import { isDetected } from './analyze.ts';
import type { Mutant, Outcome } from './analyze.ts';

/** How many mutants ended each way, and the score: detected out of detected plus undetected. */
export interface Tally {
  counts: Record<Outcome, number>;
  total: number;
  /** Percent, or null when there was nothing to score. */
  score: number | null;
}

/** Counts outcomes; `outcomeFor` lets an exercise count only what its own suite detects. */
export function tally(mutants: readonly Mutant[], outcomeFor: (mutant: Mutant) => Outcome = (mutant) => mutant.outcome): Tally {
  const counts: Record<Outcome, number> = { killed: 0, timeout: 0, 'type-error': 0, survived: 0, 'no-coverage': 0, equivalent: 0, invalid: 0 };
  for (const mutant of mutants) counts[outcomeFor(mutant)] += 1;
  const detected = counts.killed + counts.timeout + counts['type-error'];
  const scored = detected + counts.survived + counts['no-coverage'];
  return { counts, total: mutants.length, score: scored === 0 ? null : (100 * detected) / scored };
}

/** A mutant's outcome as one exercise's suite sees it: detected only if that suite detected it. */
export function outcomeForExercise(id: string): (mutant: Mutant) => Outcome {
  return (mutant) => {
    if (mutant.detectedBy.has(id)) return mutant.outcome;
    if (mutant.outcome === 'equivalent' || mutant.outcome === 'invalid') return mutant.outcome;
    return isDetected(mutant.outcome) ? 'survived' : mutant.outcome;
  };
}

/** What a run covers: whole chapters are judged on every mutant, single exercises on what their suite reaches. */
export interface Scope {
  /** Chapter folders whose every exercise was selected. */
  wholeChapters: Set<string>;
  selectedIds: Set<string>;
}

/** Works out which chapters a selection covers completely. */
export function scopeOf(selected: readonly Selected[]): Scope {
  const selectedIds = new Set(selected.map(({ exercise }) => exercise.id));
  const wholeChapters = new Set(
    selected.filter(({ chapter }) => chapter.exercises.every((exercise) => selectedIds.has(exercise.id))).map(({ chapter }) => chapter.dir),
  );
  return { wholeChapters, selectedIds };
}

/** True when the mutant belongs to this run: its chapter ran whole, or a selected suite reaches it, or it is in a selected TODO's hunk. */
export function inScope(scope: Scope, mutant: Mutant): boolean {
  if (scope.wholeChapters.has(mutant.chapterDir)) return true;
  if ([...mutant.reachedBy].some((id) => scope.selectedIds.has(id))) return true;
  return mutant.hunk?.exercise !== undefined && scope.selectedIds.has(mutant.hunk.exercise);
}

/**
 * The mutants the bar applies to. In a whole chapter, every mutant on a learner line. For a single exercise, only
 * the hunk that held its TODO: which exercise other learner lines (a new helper, a changed print) belong to is
 * known only from which suites reach them, so they are judged when their chapter runs whole.
 */
export function underBar(scope: Scope, mutant: Mutant): boolean {
  if (!mutant.hunk) return false;
  if (scope.wholeChapters.has(mutant.chapterDir)) return true;
  return mutant.hunk.exercise !== undefined && scope.selectedIds.has(mutant.hunk.exercise);
}

/** Learner-line mutants an exercise answers for: its TODO's hunk, and learner lines its suite reaches. */
export function learnerFor(id: string, mutant: Mutant): boolean {
  return mutant.hunk !== undefined && (mutant.hunk.exercise === id || mutant.reachedBy.has(id));
}
