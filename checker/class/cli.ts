import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAPTERS, allExercises } from '../course.ts';
import { REPORT_VERSION } from '../points.ts';
import { holdsChapters, isFolder } from './students.ts';
import { gradeClass } from './grade-class.ts';
import { gradebookCsv } from './csv.ts';
import { UsageError, guessLang, wantsHelp } from '../command-line.ts';
import { helpText, usageErrorText } from '../help.ts';
import { usageWords } from '../usage-words.ts';
import { parseGradeArgs } from './args.ts';
import type { GradeArgs } from './args.ts';
import { reportHtml } from './html.ts';
import { reasonOf } from './reasons.ts';
import { PrivateSuiteError } from '../private-suites.ts';
import { progressLine } from './progress.ts';
import { classWords } from './words.ts';
import { killForksOnExit } from '../watchdog.ts';
import { dropRunnerChannels } from '../ci-channels.ts';
import { messages } from '../i18n.ts';
import { RESTORE_COMMAND, listChanged, verifyChecker } from '../integrity.ts';
import { writeGradescopeResults } from './gradescope.ts';
import { similarity, similarityHtml, similaritySources } from './similarity.ts';

/** `npm run grade`: grades every student folder and writes gradebook.csv, gradebook.json and report.html; 0 when written, 2 on a usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const lang = guessLang(argv);
  if (wantsHelp(argv)) {
    console.log(helpText('grade', lang));
    return 0;
  }
  let args: GradeArgs;
  try {
    args = parseGradeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(usageErrorText(error, 'grade', lang));
    return 2;
  }
  const say = classWords(args.lang);
  if (!isFolder(args.submissions)) {
    console.error(say.noStudents(args.submissions));
    return 2;
  }
  // A course copy or one student's folder would grade its own folders (checker, solutions, …) as students.
  if (holdsChapters(args.submissions, CHAPTERS) || isFolder(join(args.submissions, 'checker', 'manifest'))) {
    console.error(say.notSubmissions(args.submissions));
    return 2;
  }
  // Suites or checker code changed on disk would decide every student's grade: refuse, and say how to restore them.
  const { changed } = verifyChecker();
  if (changed.length > 0) {
    console.error(messages(args.lang).checkerChangedRefuse(listChanged(changed), RESTORE_COMMAND));
    return 2;
  }
  const selected = allExercises(CHAPTERS);
  const started = Date.now();
  const progress = progressLine(process.stderr);
  let results;
  try {
    results = await gradeClass(args.submissions, {
      lang: args.lang,
      timeoutMs: args.timeoutMs,
      chapters: CHAPTERS,
      selected,
      ...(args.suites ? { suites: args.suites } : {}),
      onPlan: (students, units) => progress.line(say.found(students, units)),
      onStrays: (names) => {
        for (const name of names) progress.line(say.stray(name));
      },
      onProgress: (done, total) => progress.update(say.progress(done, total), done === total || done % Math.max(1, Math.round(total / 10)) === 0),
    });
  } catch (error) {
    if (!(error instanceof PrivateSuiteError)) throw error;
    console.error(error.say(usageWords(args.lang)));
    return 2;
  }
  progress.line(say.finished(((Date.now() - started) / 1000).toFixed(1)));
  if (results.length === 0) {
    console.error(say.noStudents(args.submissions));
    return 2;
  }
  mkdirSync(args.out, { recursive: true });
  const ids = selected.map(({ exercise }) => exercise.id);
  const similar = similarity(results, { chapters: CHAPTERS, lang: args.lang, ...(await similaritySources(args.submissions, CHAPTERS)) });
  const files: [string, string][] = [
    ['gradebook.csv', gradebookCsv(results, ids, args.lang)],
    // Each student's reason is the CSV's, so an empty folder says the same thing in both files.
    ['gradebook.json', `${JSON.stringify({ version: REPORT_VERSION, students: results.map((result) => ({ student: result.student.name, reason: reasonOf(result, args.lang), ...result.report })), similarity: similar }, null, 2)}\n`],
    ['report.html', reportHtml(results, selected, args.lang).replace('</body>', () => `${similarityHtml(similar, args.lang)}\n</body>`)],
  ];
  for (const [name, text] of files) {
    writeFileSync(join(args.out, name), text);
    console.log(say.wrote(join(args.out, name)));
  }
  if (writeGradescopeResults(args.out, results).length > 0) console.log(say.wrote(join(args.out, 'gradescope')));
  return 0;
}

killForksOnExit();

process.exitCode = await main(process.argv.slice(2));
