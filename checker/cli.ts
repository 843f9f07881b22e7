import { readCheckerCommandLine } from './commands/learner/args.ts';
import { killForksOnExit } from './runner/forks.ts';
import { dropRunnerChannels } from './trust/ci-channels.ts';

/** Runs a checker command and returns its exit code: 0 all pass, 1 something fails, 2 usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const line = readCheckerCommandLine(argv);
  if (line.exitCode !== undefined) return line.exitCode;
  const { args } = line;
  // Commands are loaded on demand: a usage error answers without loading vitest.
  switch (args.command) {
    case 'check':
      return (await import('./commands/learner/check.ts')).runCheck(args);
    case 'hint':
      return (await import('./commands/learner/hint.ts')).runHint(args);
    case 'watch':
      return (await import('./commands/learner/watch.ts')).runWatch(args);
    case 'reset':
      return (await import('./commands/learner/reset.ts')).runReset(args);
  }
}

killForksOnExit();

process.exitCode = await main(process.argv.slice(2));
