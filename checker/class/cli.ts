import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { timeLimits } from '../runner/limits.ts';
import { NO_CONFIG, readClassConfig } from './config.ts';
import { gradebookOf, provenanceOf, readGradebook, resultsOf } from './gradebook.ts';
import type { StudentResult } from './grade-class.ts';
import { byName, holdsChapters, isFolder } from './students.ts';
import type { Student } from './students.ts';
import { gradeClass } from './grade-class.ts';
import { readCommandLine, usageFailure } from '../usage/prologue.ts';
import { usageWords } from '../usage/usage-words.ts';
import { parseGradeArgs } from './args.ts';
import { PrivateSuiteError } from '../course/private-suites.ts';
import { TypeCheckFailedError } from '../grading/typecheck.ts';
import { progressLine } from './progress.ts';
import { classWords } from './words.ts';
import { killForksOnExit } from '../runner/forks.ts';
import { dropRunnerChannels } from '../trust/ci-channels.ts';
import { messages } from '../usage/messages.ts';
import { RESTORE_COMMAND, listChanged, verifyChecker } from '../trust/integrity.ts';
import { writeGradescopeResults } from './gradescope.ts';
import { courseSources, similarity, submissionTexts } from './similarity.ts';
import type { CourseTexts } from './similarity.ts';
import { gradebookFiles } from './files.ts';

/** `npm run grade`: grades every student folder and writes gradebook.csv, gradebook.json and report.html; 0 when written, 1 when the type check gave no answer (nothing written), 2 on a usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const line = readCommandLine(argv, 'grade', parseGradeArgs);
  if (line.exitCode !== undefined) return line.exitCode;
  const { args } = line;
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
  let config = NO_CONFIG;
  try {
    if (args.config) config = readClassConfig(args.config, selected);
  } catch (error) {
    return usageFailure(error, 'grade', args.lang);
  }
  const deadline = args.deadline ?? config.deadline;
  // --only regrades some students into the gradebook already in --out, keeping every other row as it was.
  const previous = args.only ? readGradebook(args.out) : null;
  if (args.only && !previous) {
    console.error(say.noGradebook(args.out));
    return 2;
  }
  const started = Date.now();
  const progress = progressLine(process.stderr);
  // The similarity pass reads the copies the grader unpacked, while they exist.
  let texts: Map<string, CourseTexts> | undefined;
  let results;
  try {
    results = await gradeClass(args.submissions, {
      lang: args.lang,
      timeoutMs: args.timeoutMs,
      chapters: CHAPTERS,
      selected,
      weights: config.weights,
      ...(args.only ? { only: args.only } : {}),
      ...(deadline ? { deadline } : {}),
      ...(args.shard ? { shard: args.shard } : {}),
      ...(args.suites ? { suites: args.suites } : {}),
      ...(args.similarity ? { onStudents: (students: readonly Student[]) => (texts = submissionTexts(students, CHAPTERS)) } : {}),
      onPlan: (students, units) => progress.line(say.found(students, units)),
      onStrays: (names) => {
        for (const name of names) progress.line(say.stray(name));
      },
      onProgress: (done, total, students) => {
        // Time left from the pace so far; the first files include starting the lanes, so it settles as the run goes on.
        const elapsed = Date.now() - started;
        const left = done === 0 ? null : Math.round(((total - done) * elapsed) / done / 1000);
        const who = students.length === 0 ? '' : students.length === 1 ? students[0]! : `${students[0]!} +${students.length - 1}`;
        progress.update(say.progressDetail(done, total, who, left), done === total || done % Math.max(1, Math.round(total / 10)) === 0);
      },
    });
  } catch (error) {
    if (error instanceof TypeCheckFailedError) {
      // On stderr, after the progress line.
      progress.line(say.typecheckFailed(error.failure));
      return 1;
    }
    if (!(error instanceof PrivateSuiteError)) throw error;
    console.error(error.say(usageWords(args.lang)));
    return 2;
  }
  progress.line(say.finished(((Date.now() - started) / 1000).toFixed(1)));
  const unknown = (args.only ?? []).filter((name) => !results.some((result) => result.student.name === name));
  if (unknown.length > 0) {
    console.error(say.noSuchStudents(unknown.join(', '), args.submissions));
    return 2;
  }
  if (results.length === 0) {
    console.error(say.noStudents(args.submissions));
    return 2;
  }
  for (const name of Object.keys(config.roster).filter((name) => !results.some((result) => result.student.name === name))) {
    if (!previous) progress.line(say.rosterUnknown(name));
  }
  const provenance = provenanceOf({ limits: timeLimits(args.timeoutMs), ...(args.suites ? { suites: args.suites } : {}), weights: config.weights, ...(deadline ? { deadline } : {}), ...(args.shard ? { shard: args.shard } : {}) });
  const all = previous ? mergeResults(resultsOf(previous), results) : results;
  const book = gradebookOf(all, previous?.provenance ?? provenance, config.roster, args.lang);
  if (previous) book.regrades = [...(previous.regrades ?? []), { ...provenance, students: results.map((result) => result.student.name) }];
  mkdirSync(args.out, { recursive: true });
  // Similarity is for a person to review, never a penalty, and only when asked for.
  const similar = args.similarity ? similarity(all, { chapters: CHAPTERS, lang: args.lang, ...courseSources(CHAPTERS), ...(texts ? { submissions: texts } : {}) }) : null;
  if (similar) book.similarity = similar;
  const files = gradebookFiles(all, selected, args.lang, book);
  for (const [name, text] of files) {
    writeFileSync(join(args.out, name), text);
    console.log(say.wrote(join(args.out, name)));
  }
  if (writeGradescopeResults(args.out, all).length > 0) console.log(say.wrote(join(args.out, 'gradescope')));
  return 0;
}

/** The previous results with each regraded student's row replaced (or added, in name order, when new). */
function mergeResults(previous: readonly StudentResult[], regraded: readonly StudentResult[]): StudentResult[] {
  const fresh = new Map(regraded.map((result) => [result.student.name, result]));
  const kept = previous.map((result) => fresh.get(result.student.name) ?? result);
  const added = regraded.filter((result) => !previous.some((old) => old.student.name === result.student.name));
  return [...kept, ...added].sort((a, b) => byName(a.student.name, b.student.name));
}

killForksOnExit();

process.exitCode = await main(process.argv.slice(2));
