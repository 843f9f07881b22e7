import { resolve, relative, isAbsolute } from 'node:path';
import type { Lang } from '../i18n.ts';
import { UsageError, langOption, readWords, timeoutOption } from '../options.ts';

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


/** Reads the command line of `npm run grade`; the default output folder is ./gradebook-<time>. */
export function parseGradeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): GradeArgs {
  const { positional, values: options } = readWords(argv, ['--out', '--suites', '--lang', '--timeout']);
  if (positional.length !== 1) throw new UsageError('name exactly one submissions folder');
  const lang = langOption(options.get('--lang'), env);
  const timeoutMs = timeoutOption(options.get('--timeout'));
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const submissions = positional[0]!;
  const out = options.get('--out') ?? `gradebook-${stamp}`;
  if (isInside(resolve(out), resolve(submissions))) throw new UsageError('--out must be outside the submissions folder');
  const suites = options.get('--suites');
  return { submissions, out, ...(suites ? { suites } : {}), lang, timeoutMs };
}

/** True when `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
