import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { UsageError, guessLang, langOption, readWords, wantsHelp } from '../usage/command-line.ts';
import { helpText, usageErrorText } from '../usage/help.ts';
import { mergeGradebooks } from './merge.ts';
import { readGradebook } from './gradebook.ts';
import { classWords } from './words.ts';

/** `npm run grade:merge -- DIR... --out DIR`: joins shard gradebooks into one, as one run would have written it; 0 written, 2 on a usage error. */
function main(argv: readonly string[]): number {
  const guessed = guessLang(argv);
  if (wantsHelp(argv)) {
    console.log(helpText('grade:merge', guessed));
    return 0;
  }
  let words;
  let lang;
  try {
    words = readWords(argv, ['--out', '--lang']);
    lang = langOption(words.values['--lang']);
    if (words.positional.length === 0 || !words.values['--out']) throw new UsageError((say) => say.mergeNeedsBooks);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageErrorText(error, 'grade:merge', guessed));
    return 2;
  }
  const say = classWords(lang);
  const books = [];
  for (const dir of words.positional) {
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
  const out = words.values['--out']!;
  mkdirSync(out, { recursive: true });
  for (const [name, text] of merged.files) {
    writeFileSync(join(out, name), text);
    console.log(say.wrote(join(out, name)));
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
