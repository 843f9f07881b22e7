import type { Lang } from './messages.ts';
import { usageWords } from './usage-words.ts';
import type { UsageWords } from './usage-words.ts';
import { optionRows } from './options.ts';
import type { HelpTopic, OptionsOf, Switch } from './options.ts';

/** A command line that cannot be used; each CLI prints it in the chosen language with its usage and exits 2. */
export class UsageError extends Error {
  /** `say` words the problem from the language table, so Korean mode never prints English. */
  constructor(readonly say: (words: UsageWords) => string) {
    super(say(usageWords('en')));
  }
}

/** A command line split into plain words, `--name value` options (unset when not given) and `--flag` switches, keyed by the names asked for. */
export interface Words<V extends string, F extends string> {
  positional: string[];
  values: Partial<Record<V, string>>;
  flags: Record<F, boolean>;
}

/** Splits a command line; options take `--name value` or `--name=value`; anything unknown is a UsageError. */
function readWords<const V extends string, const F extends string = never>(argv: readonly string[], valueNames: readonly V[], flagNames: readonly F[] = []): Words<V, F> {
  const flags = Object.fromEntries(flagNames.map((name) => [name, false])) as Record<F, boolean>;
  const words: Words<V, F> = { positional: [], values: {}, flags };
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (!word.startsWith('-') || word === '-') {
      words.positional.push(word);
      continue;
    }
    const [name, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    if (isOneOf(name, flagNames)) {
      words.flags[name] = true;
      continue;
    }
    if (!isOneOf(name, valueNames)) throw new UsageError((say) => say.unknownOption(name));
    const value = inline ?? argv[(index += 1)];
    if (value === undefined || value === '') throw new UsageError((say) => say.needsValue(name));
    words.values[name] = value;
  }
  return words;
}

/** True when NAME is one of NAMES (narrowing it to their type). */
function isOneOf<N extends string>(name: string, names: readonly N[]): name is N {
  return (names as readonly string[]).includes(name);
}

/** The language from --lang, else CHECKER_LANG (an empty value counts as unset), else Korean. */
export function langOption(value: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const lang = value || env['CHECKER_LANG'] || 'ko';
  if (lang !== 'ko' && lang !== 'en') throw new UsageError((say) => say.badLang(lang));
  return lang;
}

/** The language to speak in before the command line is known to be valid: a valid --lang, else CHECKER_LANG, else Korean. */
export function guessLang(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Lang {
  const index = argv.findIndex((word) => word === '--lang' || word.startsWith('--lang='));
  const given = index === -1 ? undefined : argv[index]!.includes('=') ? argv[index]!.split('=')[1] : argv[index + 1];
  for (const lang of [given, env['CHECKER_LANG']]) if (lang === 'ko' || lang === 'en') return lang;
  return 'ko';
}

/** True when the command line asks for help (`--help` or `-h` anywhere). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

/** The per-exercise deadline from --timeout, in milliseconds (10 s unless given; 1 to 600 s). */
export function timeoutOption(value: string | undefined): number {
  const seconds = Number(value ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new UsageError((say) => say.badTimeout(value ?? ''));
  return seconds * 1000;
}

/** Splits a command line by the options COMMAND_LINES gives TOPIC (and --lang); any other option is a UsageError. */
export function readOptions<T extends HelpTopic>(topic: T, argv: readonly string[]): Words<Exclude<OptionsOf<T>, Switch>, Extract<OptionsOf<T>, Switch>> {
  const rows = optionRows(topic);
  const names = (values: boolean) => rows.filter((row) => (row.value !== undefined) === values).map((row) => row.name);
  return readWords(argv, names(true), names(false)) as Words<Exclude<OptionsOf<T>, Switch>, Extract<OptionsOf<T>, Switch>>;
}
