import { writeFileSync } from 'node:fs';
import { CHAPTERS } from '../checker/course/current.ts';
import { selectExercises, validIds } from '../checker/course/course.ts';
import type { Selected } from '../checker/course/course.ts';
import { UsageError, langOption, readOptions } from '../checker/usage/command-line.ts';
import { messages } from '../checker/usage/messages.ts';
import type { Lang } from '../checker/usage/messages.ts';
import { readCommandLine } from '../checker/usage/prologue.ts';
import { analyze } from './analyze.ts';
import { findEquivalent, readEquivalents } from './equivalent.ts';
import { learnerHunks } from './learner-lines.ts';
import { findings, render } from './report.ts';
import { scopeOf } from './score.ts';
import { runStryker } from './stryker.ts';
import { createWorkspace } from './workspace.ts';

/** The exercises picked, the --json file and the language of the command line's messages; throws UsageError for an unknown id. */
function parse(argv: readonly string[]): { selected: Selected[]; json: string | undefined; lang: Lang } {
  const { positional, values } = readOptions('mutate', argv);
  const lang = langOption(values['--lang']);
  const { selected, unknown } = selectExercises(positional, CHAPTERS);
  if (unknown.length > 0) throw new UsageError(() => messages(lang).unknownId(unknown.join(', '), validIds(CHAPTERS).join(', ')));
  return { selected, json: values['--json'], lang };
}

/** `npm run mutate`: StrykerJS on the solutions against the hidden suites; exits 1 when the learner-line bar is not met, 2 on a usage error. */
async function main(argv: readonly string[]): Promise<number> {
  const line = readCommandLine(argv, 'mutate', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const { selected, json } = line.args;
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

process.exitCode = await main(process.argv.slice(2));
