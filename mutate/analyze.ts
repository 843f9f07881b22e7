import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { MutantResult } from './stryker.ts';
import type { Selected } from '../checker/course/course.ts';
import { REPO_ROOT } from '../checker/course/files.ts';
import { findEquivalent } from './equivalent.ts';
import type { EquivalentEntry } from './equivalent.ts';
import { identify } from './identity.ts';
import type { MutantIdentity } from './identity.ts';
import { touchesHunk } from './learner-lines.ts';
import type { Hunk } from './learner-lines.ts';
import { applyMutant, failsTypecheck } from './typecheck.ts';

/** How a mutant ended, in the terms of the report. */
export type Outcome = 'killed' | 'timeout' | 'type-error' | 'survived' | 'no-coverage' | 'equivalent' | 'invalid';

/** One mutant of a solution file, with everything the report needs. */
export interface Mutant {
  identity: MutantIdentity;
  chapterDir: string;
  line: number;
  outcome: Outcome;
  /** The learner hunk the mutant touches, when it changes a line the learner writes. */
  hunk?: Hunk;
  /** Exercise ids whose suite reaches this mutant, and those whose suite detects it. */
  reachedBy: Set<string>;
  detectedBy: Set<string>;
  equivalent?: EquivalentEntry;
}

/** True for outcomes that count as the suites (or the type check) noticing the mutant. */
export function isDetected(outcome: Outcome): boolean {
  return outcome === 'killed' || outcome === 'timeout' || outcome === 'type-error';
}

/** Turns StrykerJS results from the workspace into report mutants; survivors are type-checked with our tsc. */
export async function analyze(
  results: readonly MutantResult[],
  workspaceRoot: string,
  selected: readonly Selected[],
  hunks: readonly Hunk[],
  equivalents: readonly EquivalentEntry[],
): Promise<Mutant[]> {
  const suiteOf = new Map(selected.map(({ chapter, exercise }) => [`checker/suites/${chapter.dir}/${exercise.suite}`, exercise.id]));
  const exercisesOf = (tests: readonly string[] | undefined) =>
    new Set((tests ?? []).map((test) => suiteOf.get(test.split('#')[0] ?? '')).filter((id) => id !== undefined));
  const sources = new Map<string, string[]>();
  const mutants: Mutant[] = [];
  const undetected: { mutant: Mutant; text: string }[] = [];
  for (const result of results) {
    // The workspace holds the solutions under chapters/; report them by their place in solutions/.
    const [, chapterDir = '', ...rest] = relative(workspaceRoot, result.fileName).split(sep);
    const file = `${chapterDir}/${rest.join('/')}`;
    if (!sources.has(file)) sources.set(file, readFileSync(join(REPO_ROOT, 'solutions', file), 'utf8').split('\n'));
    const lines = sources.get(file)!;
    const identity = identify(file, lines, result);
    const { start, end } = result.location;
    const hunk = touchesHunk(hunks, file, start.line, end.line);
    const chapter = selected.find((one) => one.chapter.dir === chapterDir)?.chapter;
    const wholeChapter = chapter !== undefined && chapter.exercises.every((exercise) => suiteOf.has(`checker/suites/${chapterDir}/${exercise.suite}`));
    // With only part of a chapter run, a static mutant no selected suite kills belongs to no exercise we can name.
    const chapterExercises = wholeChapter ? chapter.exercises.map((exercise) => exercise.id) : [];
    const killers = exercisesOf(result.killedBy);
    const covering = exercisesOf(result.coveredBy);
    const outcome = outcomeOf(result.status);
    // A timeout names no test; every suite that ran the mutant (all of them, for a static one) detected it.
    if (outcome === 'timeout') for (const id of result.static ? chapterExercises : covering) killers.add(id);
    // A static mutant (module-level code) runs every test; it belongs to the suites that kill it, or to all when none does.
    const reachedBy = result.static ? new Set(killers.size > 0 ? killers : chapterExercises) : covering;
    const equivalent = findEquivalent(equivalents, identity);
    const mutant: Mutant = { identity, chapterDir, line: start.line, outcome, reachedBy, detectedBy: killers, ...(hunk ? { hunk } : {}) };
    if (outcome === 'survived' || outcome === 'no-coverage') {
      undetected.push({ mutant, text: applyMutant(lines, result.location, result.replacement) });
      if (equivalent) mutant.equivalent = equivalent;
    }
    mutants.push(mutant);
  }
  const typeErrors = await failsTypecheck(undetected.map(({ mutant, text }) => ({ chapterDir: mutant.chapterDir, file: mutant.identity.file.slice(mutant.chapterDir.length + 1), text })));
  undetected.forEach(({ mutant }, index) => {
    if (typeErrors[index]) {
      mutant.outcome = 'type-error';
      for (const id of mutant.reachedBy) mutant.detectedBy.add(id);
      delete mutant.equivalent;
    } else if (mutant.equivalent) {
      mutant.outcome = 'equivalent';
    }
  });
  return mutants;
}

function outcomeOf(status: MutantResult['status']): Outcome {
  switch (status) {
    case 'Killed':
      return 'killed';
    case 'Timeout':
      return 'timeout';
    case 'Survived':
      return 'survived';
    case 'NoCoverage':
      return 'no-coverage';
    default:
      return 'invalid';
  }
}
