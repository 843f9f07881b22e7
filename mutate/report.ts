import type { Selected } from '../checker/course/course.ts';
import type { Mutant } from './analyze.ts';
import type { EquivalentEntry } from './equivalent.ts';
import { describe } from './identity.ts';
import { inScope, learnerFor, outcomeForExercise, tally, underBar } from './score.ts';
import type { Scope, Tally } from './score.ts';

/** What a run found, ready to print. */
interface Findings {
  scoped: Mutant[];
  /** Mutants under the bar that are neither detected nor listed as equivalent. */
  failing: Mutant[];
  /** Entries of the list whose chapter ran whole but which match no mutant any more. */
  stale: EquivalentEntry[];
  /** Entries of the list whose mutant the suites now detect: the entry can go. */
  killedEquivalents: EquivalentEntry[];
}

/** Sorts the mutants of a run into what the report and the bar need. */
export function findings(mutants: readonly Mutant[], scope: Scope, equivalents: readonly EquivalentEntry[], byIdentity: (entry: EquivalentEntry) => Mutant[]): Findings {
  const scoped = mutants.filter((mutant) => inScope(scope, mutant));
  const failing = scoped.filter((mutant) => underBar(scope, mutant) && (mutant.outcome === 'survived' || mutant.outcome === 'no-coverage'));
  const judged = equivalents.filter((entry) => scope.wholeChapters.has(entry.file.split('/')[0] ?? ''));
  const stale = judged.filter((entry) => byIdentity(entry).length === 0);
  const killedEquivalents = judged.filter((entry) => {
    const matches = byIdentity(entry);
    return matches.length > 0 && matches.every((mutant) => mutant.outcome !== 'equivalent');
  });
  return { scoped, failing, stale, killedEquivalents };
}

const HEADER = ['scope', 'mutants', 'killed', 'timeout', 'type-error', 'survived', 'no-cover', 'equivalent', 'invalid', 'score'];

function row(label: string, t: Tally): string[] {
  const c = t.counts;
  const score = t.score === null ? '-' : `${t.score.toFixed(1)} %`;
  return [label, t.total, c.killed, c.timeout, c['type-error'], c.survived, c['no-coverage'], c.equivalent, c.invalid, score].map(String);
}

function table(rows: string[][]): string {
  const widths = HEADER.map((_, column) => Math.max(...[HEADER, ...rows].map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(HEADER), ...rows.map(line)].join('\n');
}

/** The whole report as text: scores overall, per chapter, per exercise and on learner lines, then the lists. */
export function render(found: Findings, selected: readonly Selected[], seconds: number): string {
  const { scoped } = found;
  const chapters = [...new Map(selected.map(({ chapter }) => [chapter.dir, chapter])).values()];
  const rows: string[][] = [row('all', tally(scoped))];
  const learnerRows: string[][] = [row('all', tally(scoped.filter((mutant) => mutant.hunk)))];
  for (const chapter of chapters) {
    const mine = scoped.filter((mutant) => mutant.chapterDir === chapter.dir);
    rows.push(row(`${chapter.id} ${chapter.dir}`, tally(mine)));
    learnerRows.push(row(`${chapter.id} ${chapter.dir}`, tally(mine.filter((mutant) => mutant.hunk))));
    for (const { exercise } of selected.filter((one) => one.chapter === chapter)) {
      const reached = mine.filter((mutant) => mutant.reachedBy.has(exercise.id));
      rows.push(row(`  ${exercise.id}`, tally(reached, outcomeForExercise(exercise.id))));
      learnerRows.push(row(`  ${exercise.id}`, tally(mine.filter((mutant) => learnerFor(exercise.id, mutant)))));
    }
  }
  const lines = [
    `Mutation testing of the solutions against the hidden suites: ${scoped.length} mutants in ${seconds.toFixed(0)} s.`,
    '',
    'Every mutant (an exercise row counts the mutants its suite reaches and what that suite alone detects):',
    table(rows),
    '',
    'Lines a learner writes (where the solution differs from the starter):',
    table(learnerRows),
  ];
  const section = (title: string, items: string[]) => {
    if (items.length > 0) lines.push('', `${title} (${items.length}):`, ...items.map((item) => `  ${item}`));
  };
  const survivors = (mutants: Mutant[]) => mutants.map((mutant) => `${describe(mutant.identity, mutant.line)}${mutant.outcome === 'no-coverage' ? ' [no test reaches it]' : ''}`);
  section('Learner-line survivors: kill them with a suite test, or list them in mutate/equivalent.json with a reason', survivors(found.failing));
  section('Survivors outside learner lines (reviewed in mutate/SURVIVORS.md)', survivors(scoped.filter((mutant) => !mutant.hunk && (mutant.outcome === 'survived' || mutant.outcome === 'no-coverage'))));
  section('Equivalent (mutate/equivalent.json)', scoped.filter((mutant) => mutant.outcome === 'equivalent').map((mutant) => `${describe(mutant.identity, mutant.line)} — ${mutant.equivalent?.reason ?? ''}`));
  section('Listed as equivalent but no such mutant exists any more: update or remove the entry', found.stale.map((entry) => describe(entry)));
  section('Listed as equivalent but now detected: remove the entry', found.killedEquivalents.map((entry) => describe(entry)));
  const met = found.failing.length === 0 && found.stale.length === 0;
  lines.push('', met
    ? 'Bar met: every mutant on learner lines is detected or listed as equivalent.'
    : 'Bar NOT met: see the learner-line survivors and stale entries above.');
  return lines.join('\n');
}
