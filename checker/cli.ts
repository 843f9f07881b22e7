import { isCommand, parseArgs } from './commands/args.ts';
import { helpText, usageErrorText } from './usage/help.ts';
import { UsageError, guessLang, wantsHelp } from './usage/command-line.ts';
import { killForksOnExit } from './runner/forks.ts';
import { dropRunnerChannels } from './trust/ci-channels.ts';

/** Runs a checker command and returns its exit code: 0 all pass, 1 something fails, 2 usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const lang = guessLang(argv);
  const command = isCommand(argv[0]) ? argv[0] : null;
  if (wantsHelp(argv)) {
    console.log(helpText(command, lang));
    return 0;
  }
  let args;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageErrorText(error, command, lang));
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
