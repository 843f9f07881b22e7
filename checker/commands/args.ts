import type { Lang } from '../usage/messages.ts';
import { UsageError, langOption, readWords, timeoutOption } from '../usage/command-line.ts';

export { UsageError };

/** The commands the checker knows. */
export type Command = 'check' | 'hint' | 'watch' | 'reset';

/** True for a word that names a checker command. */
export function isCommand(word: string | undefined): word is Command {
  return COMMANDS.includes(word as Command);
}

/** Parsed command line. */
export interface Args {
  command: Command;
  ids: string[];
  target: string;
  json?: string;
  junit?: string;
  /** Instructor's private suites, graded on top of the public ones. */
  suites?: string;
  lang: Lang;
  timeoutMs: number;
  quiet: boolean;
  /** Read a key from standard input and write FILE.sig beside the --json file (used by grade:pr). */
  sign: boolean;
  /** How messages name the target's chapters folder instead of its path (grade:pr passes `chapters`). */
  shownAs?: string;
}


const COMMANDS: readonly Command[] = ['check', 'hint', 'watch', 'reset'];
const VALUE_OPTIONS = ['--target', '--json', '--junit', '--lang', '--timeout', '--suites', '--shown-as'] as const;

/** Reads `command [ids…] [options…]`; throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Args {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new UsageError((say) => say.unknownCommand(command ?? '-'));
  const { positional, values, flags } = readWords(rest, VALUE_OPTIONS, ['--quiet', '--sign']);
  if (flags['--sign'] && values['--json'] === undefined) throw new UsageError((say) => say.signNeedsJson);
  const { '--json': json, '--junit': junit, '--suites': suites, '--shown-as': shownAs } = values;
  return {
    command: command as Command,
    ids: positional,
    target: values['--target'] ?? 'chapters',
    ...(json ? { json } : {}),
    ...(junit ? { junit } : {}),
    ...(suites ? { suites } : {}),
    lang: langOption(values['--lang'], env),
    timeoutMs: timeoutOption(values['--timeout']),
    quiet: flags['--quiet'],
    sign: flags['--sign'],
    ...(shownAs ? { shownAs } : {}),
  };
}
