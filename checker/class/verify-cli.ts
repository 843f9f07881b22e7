import { readSigningKey } from '../trust/sign.ts';
import { UsageError, langOption, readOptions } from '../usage/command-line.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { usageWords } from '../usage/usage-words.ts';
import { verifyGradebook } from './books/signed-book.ts';
import { classWords } from './words.ts';

/**
 * `node checker/run.mjs checker/class/verify-cli.ts DIR...` with the key on standard input: the trusted side of the
 * class workflow checks each gradebook folder `grade --sign` wrote. 0 when every one is as signed, 1 when one is not
 * (naming the file), 2 on a usage error.
 */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'grade:verify', (words) => {
    const { positional, values } = readOptions('grade:verify', words);
    if (positional.length === 0) throw new UsageError((say) => say.mergeNeedsBooks);
    return { dirs: positional, lang: langOption(values['--lang']) };
  });
  if (line.exitCode !== undefined) return line.exitCode;
  const { dirs, lang } = line.args;
  let key;
  try {
    key = readSigningKey();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.say(usageWords(lang)));
    return 2;
  }
  const say = classWords(lang);
  for (const dir of dirs) {
    const wrong = verifyGradebook(dir, key);
    if (wrong !== null) {
      console.error(say.bookForged(dir, wrong));
      return 1;
    }
    console.log(say.bookVerified(dir));
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
