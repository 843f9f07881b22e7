import { writeFileSync } from 'node:fs';
import { readClassConfig } from '../../checker/course/class-file.ts';
import { allExercises } from '../../checker/course/course.ts';
import type { ChapterSpec } from '../../checker/manifest/types.ts';
import { UsageError } from '../../checker/usage/command-line.ts';
import { usageFailure } from '../../checker/usage/prologue.ts';
import { usageWords } from '../../checker/usage/usage-words.ts';
import { inProcess } from './in-process.ts';
import type { Ran } from './run.ts';

/**
 * The refusals of a class file, for the tests of `grade --config` and of the class file itself: one place that reads a
 * class file the way the graders do (readClassConfig against every exercise of the course) and catches its UsageError.
 */

/** Reads `file` as a class file of `chapters`; the UsageError it is refused with, or null when it is accepted. Any other error is thrown. */
function refusalOf(file: string, chapters: readonly ChapterSpec[]): UsageError | null {
  try {
    readClassConfig(file, allExercises(chapters));
    return null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return error;
  }
}

/**
 * What `grade --config` prints and exits with for the class file `file`, run in this process: class/cli.ts reads it
 * with readClassConfig against every exercise, and answers a UsageError with usageFailure (exit 2). Exit 0 when accepted.
 */
export async function classFileRefusal(file: string, chapters: readonly ChapterSpec[], lang: 'ko' | 'en' = 'en'): Promise<Ran> {
  return inProcess(() => {
    const refused = refusalOf(file, chapters);
    return refused === null ? 0 : usageFailure(refused, 'grade', lang);
  });
}

/** Writes `content` as the class file `file` and returns the error it is refused with, in both languages; fails the test when it is accepted. */
export function classFileError(file: string, content: unknown, chapters: readonly ChapterSpec[]): { ko: string; en: string } {
  writeFileSync(file, JSON.stringify(content));
  const refused = refusalOf(file, chapters);
  if (refused === null) throw new Error(`accepted: ${JSON.stringify(content)}`);
  return { ko: refused.say(usageWords('ko')), en: refused.say(usageWords('en')) };
}
