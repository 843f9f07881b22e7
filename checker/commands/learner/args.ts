import type { Lang } from '../../usage/messages.ts';
import { UsageError, langOption, readOptions, timeoutOption } from '../../usage/command-line.ts';
import type { Words } from '../../usage/command-line.ts';
import { readCommandLine } from '../../usage/prologue.ts';
import type { CommandLine } from '../../usage/prologue.ts';

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
  /** check: every chapter in detail, not only the chapter in progress. */
  all: boolean;
  /** The git folder holding the committed starters' blobs, when the checker's folder has none (the signed check's --starters-git). */
  startersGit?: string;
}

/**
 * The command line of the signed check that grade:pr and the Gradescope autograder start (signed/signed-check.ts):
 * check's own options, a --json file that is always signed with the key read from standard input, and the name
 * messages give the target's chapters folder instead of its temporary path, and where the committed starters are read
 * from git (--starters-git, for a base unpacked with no history). `npm run check` accepts none of them.
 */
export interface SignedCheckArgs extends Args {
  command: 'check';
  json: string;
  shownAs: string;
}

const COMMANDS: readonly Command[] = ['check', 'hint', 'watch', 'reset'];

/** The typed arguments of a command from its split command line; options its command does not take read as unset. */
function argsOf(command: Command, { positional, values, flags }: Words<'--target' | '--json' | '--junit' | '--lang' | '--timeout' | '--suites', '--quiet' | '--all'>, env: NodeJS.ProcessEnv): Args {
  const { '--json': json, '--junit': junit, '--suites': suites } = values;
  return {
    command,
    ids: positional,
    target: values['--target'] ?? 'chapters',
    ...(json ? { json } : {}),
    ...(junit ? { junit } : {}),
    ...(suites ? { suites } : {}),
    lang: langOption(values['--lang'], env),
    timeoutMs: timeoutOption(values['--timeout']),
    quiet: flags['--quiet'] === true,
    all: flags['--all'] === true,
  };
}

/** Reads `command [ids…] [options…]`; throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Args {
  const [command, ...rest] = argv;
  if (!isCommand(command)) throw new UsageError((say) => say.unknownCommand(command ?? '-'));
  return argsOf(command, readOptions(command, rest), env);
}

/** Reads the signed check's `[ids…] --json FILE --shown-as NAME [check's options…]`; throws UsageError when either is missing. */
export function parseSignedCheckArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): SignedCheckArgs {
  const { values, ...rest } = readOptions('signed-check', argv);
  const { '--shown-as': shownAs, '--starters-git': startersGit, ...checkValues } = values;
  const args = argsOf('check', { ...rest, values: checkValues }, env);
  if (args.json === undefined || shownAs === undefined) throw new UsageError((say) => say.signedCheckNeeds);
  return { ...args, command: 'check', json: args.json, shownAs, ...(startersGit ? { startersGit } : {}) };
}

/** Reads checker/cli.ts's command line: --help or a usage error answered with the named command's usage (or the general one), else the parsed arguments. */
export function readCheckerCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CommandLine<Args> {
  return readCommandLine(argv, isCommand(argv[0]) ? argv[0] : null, (words) => parseArgs(words, env), env);
}
