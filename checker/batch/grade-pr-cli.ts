import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Lang } from '../i18n.ts';
import { gradePullRequest } from './grade-pr.ts';
import { batchWords } from './words.ts';

/** The usage text of `npm run grade:pr`. */
const USAGE = 'npm run grade:pr -- --base REF --head REF [--json FILE] [--junit FILE] [--lang ko|en] [--timeout SECONDS] [--repo DIR] [--run-as USER]';

const OPTIONS = ['--base', '--head', '--json', '--junit', '--lang', '--timeout', '--repo', '--run-as'];

/** Reads `--name value` pairs; null (after printing the usage) when something is wrong. */
function parse(argv: readonly string[]): Map<string, string> | null {
  const options = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const [name, inline] = argv[index]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = inline ?? argv[(index += 1)];
    if (!OPTIONS.includes(name) || value === undefined || value === '') {
      console.error(`${OPTIONS.includes(name) ? `${name} needs a value` : `unknown argument: ${name}`}\n\nusage: ${USAGE}`);
      return null;
    }
    options.set(name, value);
  }
  const lang = options.get('--lang') || process.env['CHECKER_LANG'] || 'ko';
  const seconds = Number(options.get('--timeout') ?? 10);
  if (!options.has('--base') || !options.has('--head') || (lang !== 'ko' && lang !== 'en') || !(seconds >= 1 && seconds <= 600)) {
    console.error(`--base and --head are required; --lang is ko or en; --timeout is 1 to 600\n\nusage: ${USAGE}`);
    return null;
  }
  options.set('--lang', lang);
  options.set('--timeout', String(seconds));
  return options;
}

/** `npm run grade:pr`: grades the head's chapters/ with the base's checker; exit code as check (0 pass, 1 fail, 2 error). */
async function main(argv: readonly string[]): Promise<number> {
  const options = parse(argv);
  if (!options) return 2;
  const lang = options.get('--lang') as Lang;
  const say = batchWords(lang);
  let result;
  try {
    result = await gradePullRequest({
      repo: options.get('--repo') ?? process.cwd(),
      base: options.get('--base')!,
      head: options.get('--head')!,
      lang,
      timeoutSeconds: Number(options.get('--timeout')),
      ...(options.has('--run-as') ? { runAs: options.get('--run-as')! } : {}),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const { report } = result;
  if (!report) {
    console.error(result.forged ? say.forgedReport : say.noReport);
    return 2;
  }
  const write = (file: string | undefined, text: string) => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(say.wrote(file));
  };
  write(options.get('--json'), `${JSON.stringify(report, null, 2)}\n`);
  if (result.junit) write(options.get('--junit'), result.junit);
  console.log(`\n${say.prScore(report.score, report.max_score)}`);
  if (report.tampered.length > 0) {
    const lines = [say.tampered(report.tampered.length), ...report.tampered.map((path) => `  - ${JSON.stringify(path)}`)];
    console.log(`\n${lines.join('\n')}`);
  }
  return result.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
