import { UsageError, guessLang, wantsHelp } from './command-line.ts';
import { helpText, usageErrorText } from './help.ts';
import type { HelpTopic } from './help.ts';
import type { Lang } from './messages.ts';

/*
 * The opening every command-line entry point shares (check/hint/watch/reset, grade, grade:diff, grade:merge,
 * grade:pr): --help answers with the command's help, a wrong command line with what was wrong and the usage line,
 * each in the language guessed from the line, before anything heavy is loaded.
 */

/** A command line read: its parsed arguments, or the exit code to end with once help (0) or a usage error (2) was printed. */
export type CommandLine<A> = { args: A; exitCode?: undefined } | { exitCode: 0 | 2 };

/** Prints a UsageError in the guessed language with the topic's usage line and returns exit code 2; anything else is rethrown. */
export function usageFailure(error: unknown, topic: HelpTopic | null, lang: Lang): 2 {
  if (!(error instanceof UsageError)) throw error;
  console.error(usageErrorText(error, topic, lang));
  return 2;
}

/** Answers --help (exit 0), or reads the command line with `parse`, answering a UsageError with the usage (exit 2). */
export function readCommandLine<A>(argv: readonly string[], topic: HelpTopic | null, parse: (argv: readonly string[]) => A, env: NodeJS.ProcessEnv = process.env): CommandLine<A> {
  const lang = guessLang(argv, env);
  if (wantsHelp(argv)) {
    console.log(helpText(topic, lang));
    return { exitCode: 0 };
  }
  try {
    return { args: parse(argv) };
  } catch (error) {
    return { exitCode: usageFailure(error, topic, lang) };
  }
}
