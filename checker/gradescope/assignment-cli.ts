import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { readClassConfig } from '../course/class-file.ts';
import { langOption, readOptions } from '../usage/command-line.ts';
import { readCommandLine, usageFailure } from '../usage/prologue.ts';
import { WORDS } from './words.ts';

/**
 * `node --import tsx checker/gradescope/assignment-cli.ts --config FILE [--assignment NAME]`: what
 * gradescope/build-zip.sh runs before it writes a zip, so a class file the checker cannot read, or an assignment it
 * does not name, fails the build (exit 2, saying which assignments there are) instead of every student's grade.
 * Prints the assignment's exercises when one is named; 0 when the autograder can grade with them.
 */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'gradescope:assignment', (words) => readOptions('gradescope:assignment', words));
  if (line.exitCode !== undefined) return line.exitCode;
  const { values } = line.args;
  const lang = langOption(values['--lang']);
  const say = WORDS[lang];
  const file = values['--config'];
  if (!file) {
    console.error(say.autograderNeedsClassFile);
    return 2;
  }
  let config;
  try {
    config = readClassConfig(file, allExercises(CHAPTERS));
  } catch (error) {
    return usageFailure(error, 'gradescope:assignment', lang);
  }
  const name = values['--assignment'];
  if (name === undefined) return 0;
  const assignment = config.assignments.get(name);
  if (!assignment) {
    console.error(say.unknownAssignment(name, [...config.assignments.keys()].join(', ') || '–'));
    return 2;
  }
  console.log(say.autograderAssignment(name, assignment.exercises.join(', ')));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
