import { USAGE, UsageError, parseArgs } from './args.ts';
import { messages } from './i18n.ts';
import { killForksOnExit } from './watchdog.ts';

/** Environment variables through which a CI runner lets a step write its summary, outputs or environment. */
const RUNNER_CHANNELS = /^(GITHUB_(STEP_SUMMARY|OUTPUT|ENV|PATH|STATE|TOKEN)|ACTIONS_.*|RUNNER_TRACKING_ID)$/;

/** Runs a checker command and returns its exit code: 0 all pass, 1 something fails, 2 usage error. */
async function main(argv: readonly string[]): Promise<number> {
  for (const name of Object.keys(process.env)) if (RUNNER_CHANNELS.test(name)) delete process.env[name];
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
