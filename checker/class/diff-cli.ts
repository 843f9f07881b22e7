import { writeFileSync } from 'node:fs';
import { UsageError, langOption, readOptions } from '../usage/command-line.ts';
import type { Lang } from '../usage/messages.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { diffGradebooks, renderDiff } from './books/diff.ts';
import { readGradebook } from './books/gradebook.ts';
import { classWords } from './words.ts';

/** The two gradebook folders to compare, the --json file and the language; throws UsageError unless exactly two folders are named. */
function parse(argv: readonly string[]): { dirs: string[]; json: string | undefined; lang: Lang } {
  const words = readOptions('grade:diff', argv);
  const lang = langOption(words.values['--lang']);
  if (words.positional.length !== 2) throw new UsageError((say) => say.twoGradebooks);
  return { dirs: words.positional, json: words.values['--json'], lang };
}

/** `npm run grade:diff -- OLD_DIR NEW_DIR`: who moved between two gradebooks, on which exercise, and why; 0 when compared, 2 on a usage error. */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'grade:diff', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const { dirs, json, lang } = line.args;
  const [before, after] = dirs.map((dir) => ({ dir, book: readGradebook(dir) }));
  for (const side of [before!, after!]) {
    if (!side.book) {
      console.error(classWords(lang).noGradebookIn(side.dir));
      return 2;
    }
  }
  const diff = diffGradebooks(before!.book!, after!.book!);
  console.log(renderDiff(diff, lang));
  if (json) writeFileSync(json, `${JSON.stringify(diff, null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
