import { UsageError } from '../usage/command-line.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { usageWords } from '../usage/usage-words.ts';
import { killForksOnExit } from '../runner/forks.ts';
import { dropRunnerChannels } from '../trust/ci-channels.ts';
import { readSigningKey } from '../trust/sign.ts';
import { parseSignedCheckArgs } from '../commands/learner/args.ts';
import { runCheck } from '../commands/learner/check.ts';

/*
 * The check that the trusted graders start (grade:pr and the Gradescope autograder), never a learner:
 * `node --import tsx checker/signed/signed-check.ts [ids…] --target DIR --json FILE --shown-as NAME [check's
 * options]`. It grades like `npm run check`, names the target's chapters folder NAME in every message instead of
 * its temporary path, and signs the JSON with the key the grader writes to standard input, so a results file that
 * learner code (running as the same user) rewrote fails the grader's verification.
 */

/** Reads the command line and the key, then checks; exit code as check (0 pass, 1 fail, 2 usage error). */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const line = readCommandLine(argv, 'signed-check', (words) => parseSignedCheckArgs(words));
  if (line.exitCode !== undefined) return line.exitCode;
  const { args } = line;
  let key;
  try {
    // Read before any learner code runs: afterwards nothing is left on standard input to take.
    key = readSigningKey();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.say(usageWords(args.lang)));
    return 2;
  }
  return runCheck(args, { key, shownAs: args.shownAs });
}

killForksOnExit();

process.exitCode = await main(process.argv.slice(2));
