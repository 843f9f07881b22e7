import { writeFileSync } from 'node:fs';
import { UsageError, guessLang, langOption, readWords, wantsHelp } from '../usage/command-line.ts';
import { helpText, usageErrorText } from '../usage/help.ts';
import { diffGradebooks, renderDiff } from './diff.ts';
import { readGradebook } from './gradebook.ts';
import { classWords } from './words.ts';

/** `npm run grade:diff -- OLD_DIR NEW_DIR`: who moved between two gradebooks, on which exercise, and why; 0 when compared, 2 on a usage error. */
function main(argv: readonly string[]): number {
  const guessed = guessLang(argv);
  if (wantsHelp(argv)) {
    console.log(helpText('grade:diff', guessed));
    return 0;
  }
  let words;
  let lang;
  try {
    words = readWords(argv, ['--json', '--lang']);
    lang = langOption(words.values['--lang']);
    if (words.positional.length !== 2) throw new UsageError((say) => say.twoGradebooks);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageErrorText(error, 'grade:diff', guessed));
    return 2;
  }
  const [before, after] = words.positional.map((dir) => ({ dir, book: readGradebook(dir) }));
  for (const side of [before!, after!]) {
    if (!side.book) {
      console.error(classWords(lang).noGradebookIn(side.dir));
      return 2;
    }
  }
  const diff = diffGradebooks(before!.book!, after!.book!);
  console.log(renderDiff(diff, lang));
  const json = words.values['--json'];
  if (json) writeFileSync(json, `${JSON.stringify(diff, null, 2)}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
