import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { allExercises } from '../../course/course.ts';
import { CHAPTERS, COURSE_ROOT } from '../../course/current.ts';
import { gradeFolders } from '../../grading/index.ts';
import { gradedTarget } from '../../course/target.ts';
import { indexStarters, startersFile } from '../../course/starters.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import { readCommandLine } from '../../usage/prologue.ts';

/*
 * The maintainers' command `npm run starters`, apart from the starters library that reset, the type check and
 * the suites' proofs read: the library must not load the grader (a cycle through it never settled on Node 24).
 */

/** `npm run starters`: records chapters/ as the starters, but refuses when any exercise already passes there. */
async function recordStarters(): Promise<number> {
  const chaptersDir = join(COURSE_ROOT, 'chapters');
  const [report] = await gradeFolders([{ learner: gradedTarget(chaptersDir, CHAPTERS) }], allExercises(CHAPTERS), { lang: 'en', timeoutMs: 10_000, chapters: CHAPTERS });
  const passing = (report?.exercises ?? []).filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id);
  if (!report) {
    console.error('Could not grade chapters/; nothing was written.');
    return 1;
  }
  if (passing.length > 0) {
    console.error(`Refusing to record chapters/ as the starters: the hidden suites of ${passing.join(', ')} already pass there, so reset would hand out solved code. Restore the starters (git checkout -- chapters) and try again; nothing was written.`);
    return 1;
  }
  const file = startersFile(COURSE_ROOT);
  writeFileSync(file, `${JSON.stringify(indexStarters(CHAPTERS, chaptersDir), null, 2)}\n`);
  console.log(`wrote ${relative(process.cwd(), file)}`);
  return 0;
}

/** Checks the command line, which names nothing but the language of its own messages; throws UsageError otherwise. */
function parse(argv: readonly string[]): void {
  const { positional, values } = readOptions('starters', argv);
  langOption(values['--lang']);
  const extra = positional[0];
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
}

/** Entry point: --help or a usage error answered first, then the recording. */
async function main(argv: readonly string[]): Promise<number> {
  const line = readCommandLine(argv, 'starters', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  return recordStarters();
}

// vitest marks the process failed when graded tests fail; here that is the expected outcome.
process.exitCode = await main(process.argv.slice(2));
