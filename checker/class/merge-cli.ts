import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { UsageError, langOption, readOptions } from '../usage/command-line.ts';
import type { Lang } from '../usage/messages.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { mergeGradebooks } from './books/merge.ts';
import { readGradebook } from './books/gradebook.ts';
import { classWords } from './words.ts';

/** The shard gradebook folders, the --out folder and the language; throws UsageError unless both are given. */
function parse(argv: readonly string[]): { dirs: string[]; out: string; lang: Lang } {
  const words = readOptions('grade:merge', argv);
  const lang = langOption(words.values['--lang']);
  const out = words.values['--out'];
  if (words.positional.length === 0 || !out) throw new UsageError((say) => say.mergeNeedsBooks);
  return { dirs: words.positional, out, lang };
}

/** `npm run grade:merge -- DIR... --out DIR`: joins shard gradebooks into one, as one run would have written it; 0 written, 2 on a usage error. */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'grade:merge', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const { dirs, out, lang } = line.args;
  const say = classWords(lang);
  const books = [];
  for (const dir of dirs) {
    const book = readGradebook(dir);
    if (!book) {
      console.error(say.noGradebookIn(dir));
      return 2;
    }
    books.push(book);
  }
  const merged = mergeGradebooks(books, allExercises(CHAPTERS), lang);
  if ('disagree' in merged) {
    console.error(say.shardsDisagree(merged.disagree));
    return 2;
  }
  if ('duplicate' in merged) {
    console.error(say.duplicateRows(merged.duplicate));
    return 2;
  }
  mkdirSync(out, { recursive: true });
  for (const [name, text] of merged.files) {
    writeFileSync(join(out, name), text);
    console.log(say.wrote(join(out, name)));
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
