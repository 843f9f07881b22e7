import { resolve, relative, isAbsolute } from 'node:path';
import type { Lang } from '../i18n.ts';

/** Parsed `npm run grade` command line. */
export interface GradeArgs {
  submissions: string;
  out: string;
  suites?: string;
  lang: Lang;
  timeoutMs: number;
}

/** The usage text of `npm run grade`. */
export const GRADE_USAGE = 'npm run grade -- SUBMISSIONS_DIR [--out DIR] [--suites DIR] [--lang ko|en] [--timeout SECONDS]';

/** A command line that cannot be used; the CLI prints it with the usage and exits 2. */
export class GradeUsageError extends Error {}

/** Reads the command line of `npm run grade`; the default output folder is ./gradebook-<time>. */
export function parseGradeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): GradeArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const [name, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['--out', '--suites', '--lang', '--timeout'].includes(name)) throw new GradeUsageError(`unknown option: ${name}`);
    const value = inline ?? argv[(index += 1)];
    if (value === undefined || value === '') throw new GradeUsageError(`${name} needs a value`);
    options.set(name, value);
  }
  if (positional.length !== 1) throw new GradeUsageError('name exactly one submissions folder');
  const lang = options.get('--lang') || env['CHECKER_LANG'] || 'ko';
  if (lang !== 'ko' && lang !== 'en') throw new GradeUsageError(`--lang must be ko or en, not ${lang}`);
  const seconds = Number(options.get('--timeout') ?? 10);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) throw new GradeUsageError('--timeout must be a number of seconds from 1 to 600');
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const submissions = positional[0]!;
  const out = options.get('--out') ?? `gradebook-${stamp}`;
  if (isInside(resolve(out), resolve(submissions))) throw new GradeUsageError('--out must be outside the submissions folder');
  const suites = options.get('--suites');
  return { submissions, out, ...(suites ? { suites } : {}), lang, timeoutMs: seconds * 1000 };
}

/** True when `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
