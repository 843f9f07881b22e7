import type { Lang } from './i18n.ts';

/** The commands the checker knows. */
export type Command = 'check' | 'hint' | 'watch' | 'reset';

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
}

/** A command line that cannot be used; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {}

const COMMANDS: readonly Command[] = ['check', 'hint', 'watch', 'reset'];
const VALUE_OPTIONS = new Set(['--target', '--json', '--junit', '--lang', '--timeout', '--suites']);

/** The usage text, the same in both languages (options are English words). */
export const USAGE = `npm run check -- [01 | 01/3 ...] [--target DIR] [--json FILE] [--junit FILE] [--lang ko|en] [--timeout SECONDS] [--suites DIR] [--quiet]
npm run hint  -- 01/3 [--lang ko|en]
npm run watch -- [01 | 01/3 ...] [--target DIR] [--lang ko|en]
npm run reset -- 01`;

/** Reads `command [ids…] [options…]`; throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Args {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new UsageError(`unknown command: ${command ?? '(none)'}`);
  const options = new Map<string, string | true>();
  const ids: string[] = [];
  for (let index = 0; index < rest.length; index += 1) {
    const word = rest[index]!;
    if (!word.startsWith('--')) {
      ids.push(word);
      continue;
    }
    const [name, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? rest[(index += 1)];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
      options.set(name, value);
    } else if (name === '--quiet' || name === '--sign') {
      options.set(name, true);
    } else {
      throw new UsageError(`unknown option: ${name}`);
    }
  }
  const lang = (options.get('--lang') || env['CHECKER_LANG'] || 'ko') as string;
  if (lang !== 'ko' && lang !== 'en') throw new UsageError(`--lang must be ko or en, not ${lang}`);
  const seconds = Number(options.get('--timeout') ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new UsageError('--timeout must be a number of seconds from 1 to 600');
  if (options.has('--sign') && !options.has('--json')) throw new UsageError('--sign needs --json FILE');
  const text = (name: string) => {
    const value = options.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    command: command as Command,
    ids,
    target: text('--target') ?? 'chapters',
    ...(text('--json') ? { json: text('--json')! } : {}),
    ...(text('--junit') ? { junit: text('--junit')! } : {}),
    ...(text('--suites') ? { suites: text('--suites')! } : {}),
    lang,
    timeoutMs: seconds * 1000,
    quiet: options.has('--quiet'),
    sign: options.has('--sign'),
  };
}
