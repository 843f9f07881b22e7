import type { Lang } from './i18n.ts';

/** A command line that cannot be used; each CLI prints it with its usage and exits 2. */
export class UsageError extends Error {}

/** A command line split into plain words, `--name value` options and `--flag` switches. */
export interface Words {
  positional: string[];
  values: Map<string, string>;
  flags: Set<string>;
}

/** Splits a command line; options take `--name value` or `--name=value`; anything unknown is a UsageError. */
export function readWords(argv: readonly string[], valueNames: readonly string[], flagNames: readonly string[] = []): Words {
  const words: Words = { positional: [], values: new Map(), flags: new Set() };
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (!word.startsWith('--')) {
      words.positional.push(word);
      continue;
    }
    const [name, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flagNames.includes(name)) {
      words.flags.add(name);
      continue;
    }
    if (!valueNames.includes(name)) throw new UsageError(`unknown option: ${name}`);
    const value = inline ?? argv[(index += 1)];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value`);
    words.values.set(name, value);
  }
  return words;
}

/** The language from --lang, else CHECKER_LANG (an empty value counts as unset), else Korean. */
export function langOption(value: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const lang = value || env['CHECKER_LANG'] || 'ko';
  if (lang !== 'ko' && lang !== 'en') throw new UsageError(`--lang must be ko or en, not ${lang}`);
  return lang;
}

/** The per-exercise deadline from --timeout, in milliseconds (10 s unless given; 1 to 600 s). */
export function timeoutOption(value: string | undefined): number {
  const seconds = Number(value ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new UsageError('--timeout must be a number of seconds from 1 to 600');
  return seconds * 1000;
}
