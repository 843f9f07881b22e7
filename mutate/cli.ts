import { writeFileSync } from 'node:fs';
import { CHAPTERS } from '../checker/course/current.ts';
import { selectExercises } from '../checker/course/course.ts';
import { UsageError, readWords } from '../checker/usage/command-line.ts';
import { analyze } from './analyze.ts';
import { findEquivalent, readEquivalents } from './equivalent.ts';
import { learnerHunks } from './learner-lines.ts';
import { findings, render } from './report.ts';
import { scopeOf } from './score.ts';
import { runStryker } from './stryker.ts';
import { createWorkspace } from './workspace.ts';

const USAGE = 'npm run mutate -- [01 | 01/3 ...] [--json FILE]';

/** `npm run mutate`: StrykerJS on the solutions against the hidden suites; exits 1 when the learner-line bar is not met. */
async function main(argv: readonly string[]): Promise<number> {
  const { positional, values } = readWords(argv, ['--json']);
  const { selected, unknown } = selectExercises(positional, CHAPTERS);
  if (unknown.length > 0) throw new UsageError(() => `unknown exercise or chapter: ${unknown.join(', ')}`);
  const chapters = CHAPTERS.filter((chapter) => selected.some((one) => one.chapter === chapter));
  const equivalents = readEquivalents();
  const started = Date.now();
  const workspace = createWorkspace(chapters, selected);
  process.on('exit', () => workspace.dispose());
  try {
    const results = await runStryker(workspace, chapters.map((chapter) => chapter.dir));
    const mutants = await analyze(results, workspace.root, selected, learnerHunks(chapters), equivalents);
    const byIdentity = (entry: (typeof equivalents)[number]) => mutants.filter((mutant) => findEquivalent([entry], mutant.identity));
    const found = findings(mutants, scopeOf(selected), equivalents, byIdentity);
    console.log(render(found, selected, (Date.now() - started) / 1000));
    const json = values['--json'];
    if (json) {
      const plain = found.scoped.map(({ identity, line, outcome, hunk, reachedBy, detectedBy }) => ({
        ...identity, line, outcome, learner: hunk !== undefined, reachedBy: [...reachedBy], detectedBy: [...detectedBy],
      }));
      writeFileSync(json, `${JSON.stringify(plain, null, 2)}\n`);
    }
    return found.failing.length === 0 && found.stale.length === 0 ? 0 : 1;
  } finally {
    workspace.dispose();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 2;
}
