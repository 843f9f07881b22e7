import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { annotations, escapeData, prPasses, summaryMarkdown, tamperedAllowed } from './summary.ts';
import { assignmentOptions } from './args.ts';
import { allExercises } from '../course/course.ts';
import { assignmentGrading, readClassConfig } from '../course/class-file.ts';
import type { AssignmentGrading } from '../course/class-file.ts';
import { UsageError, langOption, readOptions } from '../usage/command-line.ts';
import type { Lang } from '../usage/messages.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { CHAPTERS } from '../course/current.ts';
import { ResultsShapeError, validatePrReport } from './validate.ts';
import { prWords } from './words.ts';

/** The largest results file read; a bigger one is refused rather than parsed. */
const MAX_BYTES = 20 * 1024 * 1024;

/** The one results file and the language of what is said before it is read; throws UsageError unless exactly one file is named. */
function parse(argv: readonly string[]): { file: string; lang: Lang; assignment?: AssignmentGrading } {
  const { positional, values } = readOptions('pr-summary', argv);
  const lang = langOption(values['--lang']);
  const [file] = positional;
  if (file === undefined || positional.length !== 1) throw new UsageError((say) => say.oneResultsFile);
  // The same class file and assignment grade:pr was given (options or CLASS_FILE and ASSIGNMENT): the report must be that assignment's.
  const { config, assignment: name } = assignmentOptions(values, process.env, lang);
  if (!config || !name) return { file, lang };
  const read = readClassConfig(config, allExercises(CHAPTERS));
  const assignment = assignmentGrading(read, name);
  if (!assignment) throw new UsageError(() => prWords(lang).noAssignment(name, [...read.assignments.keys()].join(', ') || '–'));
  return { file, lang, assignment };
}

/**
 * The trusted CI step after grading: reads the results file, checks its shape against the manifest, appends the
 * score table to $GITHUB_STEP_SUMMARY (stdout when unset) and prints the annotations. Exit 0 pass, 1 fail (an exercise
 * fails, or files outside chapters/ changed while ALLOW_TAMPERED is not `true`), 2 unusable or a usage error;
 * --help answers with exit 0.
 */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'pr-summary', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const { file, lang, assignment } = line.args;
  let report;
  try {
    if (statSync(file).size > MAX_BYTES) throw new ResultsShapeError('the results file is too large');
    report = validatePrReport(JSON.parse(readFileSync(file, 'utf8')), CHAPTERS, assignment);
  } catch (error) {
    const reason = error instanceof ResultsShapeError ? error.message : error instanceof SyntaxError ? 'not JSON' : 'cannot be read';
    // The results could not be read, so neither could their language: --lang or CHECKER_LANG decides, Korean by default.
    console.log(`::error title=grading::${escapeData(prWords(lang).unusableResults(reason))}`);
    return 2;
  }
  const allowTampered = tamperedAllowed();
  const markdown = summaryMarkdown(report, allowTampered);
  const target = process.env['GITHUB_STEP_SUMMARY'];
  if (target) appendFileSync(target, markdown);
  else console.log(markdown);
  for (const line of annotations(report, allowTampered)) console.log(line);
  return prPasses(report, allowTampered) ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
