import { USAGE, UsageError, parseArgs } from './args.ts';
import { messages } from './i18n.ts';
import { killForksOnExit } from './watchdog.ts';
import { dropRunnerChannels } from './runner-env.ts';

/** Runs a checker command and returns its exit code: 0 all pass, 1 something fails, 2 usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${messages('ko').usage} / usage:\n${USAGE}`);
    return 2;
  }
  // Commands are loaded on demand: a usage error answers without loading vitest.
  switch (args.command) {
    case 'check':
      return (await import('./commands/check.ts')).runCheck(args);
    case 'hint':
      return (await import('./commands/hint.ts')).runHint(args);
    case 'watch':
      return (await import('./commands/watch.ts')).runWatch(args);
    case 'reset':
      return (await import('./commands/reset.ts')).runReset(args);
  }
}

killForksOnExit();

process.exitCode = await main(process.argv.slice(2));
