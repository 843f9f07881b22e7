import type { Lang } from '../usage/messages.ts';
import { UsageError, langOption, readWords, timeoutOption } from '../usage/command-line.ts';

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
}

/** Reads the command line of `npm run grade:pr`; throws UsageError when --base or --head is missing or anything is unknown. */
export function parsePrArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): PrArgs {
  const { positional, values } = readWords(argv, ['--base', '--head', '--json', '--junit', '--lang', '--timeout', '--repo', '--run-as']);
  const lang = langOption(values['--lang'], env);
  const timeoutMs = timeoutOption(values['--timeout']);
  const extra = positional[0];
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
  const { '--base': base, '--head': head, '--json': json, '--junit': junit, '--run-as': runAs } = values;
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
  };
}
