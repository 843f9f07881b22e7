import { resolve } from 'node:path';
import type { Lang } from '../usage/messages.ts';
import { UsageError, langOption, readOptions, timeoutOption } from '../usage/command-line.ts';
import { prWords } from './words.ts';

/** Parsed `npm run grade:pr` command line. */
export interface PrArgs {
  /** The git checkout holding both commits; the current folder unless given. */
  repo: string;
  base: string;
  head: string;
  json?: string;
  junit?: string;
  lang: Lang;
  timeoutMs: number;
  /** Run the base's checker as this user (CI only). */
  runAs?: string;
  /** The class file naming the assignments (`--config`, or CLASS_FILE). */
  config?: string;
  /** Grade this assignment of the class file only (`--assignment`, or ASSIGNMENT). */
  assignment?: string;
  /** An instructor's private suites, graded on top of the base commit's public ones (an absolute path). */
  suites?: string;
}

/** The class file and assignment of a pull-request grading: the options, else the CLASS_FILE and ASSIGNMENT variables; an assignment needs a class file. */
export function assignmentOptions(values: { '--config'?: string; '--assignment'?: string }, env: NodeJS.ProcessEnv, lang: Lang): { config?: string; assignment?: string } {
  const config = values['--config'] || env['CLASS_FILE'] || undefined;
  const assignment = values['--assignment'] || env['ASSIGNMENT'] || undefined;
  if (assignment && !config) throw new UsageError(() => prWords(lang).assignmentNeedsConfig(assignment));
  return { ...(config ? { config } : {}), ...(assignment ? { assignment } : {}) };
}

/** Reads the command line of `npm run grade:pr`; throws UsageError when --base or --head is missing or anything is unknown. */
export function parsePrArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): PrArgs {
  const { positional, values } = readOptions('grade:pr', argv);
  const lang = langOption(values['--lang'], env);
  const timeoutMs = timeoutOption(values['--timeout']);
  const extra = positional[0];
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
  const { '--base': base, '--head': head, '--json': json, '--junit': junit, '--run-as': runAs, '--suites': suites } = values;
  if (base === undefined || head === undefined) throw new UsageError((say) => say.baseHeadRequired);
  return {
    repo: values['--repo'] ?? cwd,
    base,
    head,
    ...(json ? { json } : {}),
    ...(junit ? { junit } : {}),
    lang,
    timeoutMs,
    ...(runAs ? { runAs } : {}),
    // The base's checker runs in a scratch folder, so the folder is named from here, where it was given.
    ...(suites ? { suites: resolve(cwd, suites) } : {}),
    ...assignmentOptions(values, env, lang),
  };
}
