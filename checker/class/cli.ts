import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { timeLimits } from '../runner/limits.ts';
import { NO_CONFIG, assignmentGrading, readClassConfig } from '../course/class-file.ts';
import type { ClassConfig } from '../course/class-file.ts';
import { gradebookOf, provenanceOf, readGradebook, resultsOf } from './books/gradebook.ts';
import type { Gradebook } from './books/gradebook.ts';
import { settingsDisagree } from './books/merge.ts';
import { duplicateRows } from './intake/lms-names.ts';
import { notHandedIn, shardKeyOfRoster, unmatchedRoster } from './intake/roster.ts';
import { shardOf } from './intake/shard.ts';
import type { StudentResult } from './student-result.ts';
import { byName } from './intake/students.ts';
import { holdsChapters, isFolder } from '../grading/target.ts';
import type { Student } from './intake/students.ts';
import { gradeClass, isClassZip } from './grade-class.ts';
import { ZipRefused } from './intake/unzip.ts';
import { isLate } from './books/reasons.ts';
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
import { writeGradescopeResults } from '../gradescope/results.ts';
import { courseSources, similarity, submissionTexts } from './review/similarity.ts';
import type { CourseTexts } from './review/similarity.ts';
import { gradebookFiles } from './books/files.ts';
import { readSigningKey } from '../trust/sign.ts';
import { signGradebook } from './books/signed-book.ts';

/** `npm run grade`: grades every student folder and writes gradebook.csv, gradebook.json and report.html; 0 when written, 1 when the type check gave no answer (nothing written), 2 on a usage error. */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const line = readCommandLine(argv, 'grade', parseGradeArgs);
  if (line.exitCode !== undefined) return line.exitCode;
  const { args } = line;
  const say = classWords(args.lang);
  const classZip = isClassZip(args.submissions);
  if (!isFolder(args.submissions) && !classZip) {
    console.error(say.noStudents(args.submissions));
    return 2;
  }
  // A course copy or one student's folder would grade its own folders (checker, solutions, …) as students.
  if ((!classZip && holdsChapters(args.submissions, CHAPTERS)) || isFolder(join(args.submissions, 'checker', 'manifest'))) {
    console.error(say.notSubmissions(args.submissions));
    return 2;
  }
  // Suites or checker code changed on disk would decide every student's grade: refuse, and say how to restore them.
  const { changed, verified } = verifyChecker();
  if (changed.length > 0) {
    console.error(messages(args.lang).checkerChangedRefuse(listChanged(changed), RESTORE_COMMAND));
    return 2;
  }
  // Not silently: a checker that could not be compared with its commit is said so, here and in the gradebook.
  if (!verified) console.error(say.checkerUnverified);
  // The signing key, read to the end before any learner code runs (as grade:pr's signed check reads it).
  let key: string | undefined;
  try {
    if (args.sign) key = readSigningKey();
  } catch (error) {
    return usageFailure(error, 'grade', args.lang);
  }
  let config = NO_CONFIG;
  try {
    if (args.config) config = readClassConfig(args.config, allExercises(CHAPTERS));
  } catch (error) {
    return usageFailure(error, 'grade', args.lang);
  }
  // --only regrades some students into the gradebook already in --out, keeping every other row as it was.
  const previous = args.only ? readGradebook(args.out) : null;
  if (args.only && !previous) {
    console.error(say.noGradebook(args.out));
    return 2;
  }
  // Without the class file, a regrade takes the gradebook's own: its weights, roster ids, deadline and similarity pass.
  if (previous && !args.config) config = settingsOf(previous);
  const recorded = previous && !args.config && previous.provenance.deadline ? new Date(previous.provenance.deadline) : undefined;
  // An assignment grades its own exercises (and only their chapters) with its own deadline and weights.
  const named = args.assignment ? config.assignments.get(args.assignment) : undefined;
  if (args.assignment && !named) {
    console.error(say.noAssignment(args.assignment, [...config.assignments.keys()].join(', ') || '–'));
    return 2;
  }
  const assignment = named && args.assignment ? { name: args.assignment, exercises: named.exercises } : previous && !args.config ? previous.provenance.assignment : undefined;
  const selected = allExercises(CHAPTERS).filter(({ exercise }) => !assignment || assignment.exercises.includes(exercise.id));
  const chapters = CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter.dir === chapter.dir));
  const weights = args.assignment && named ? assignmentGrading(config, args.assignment)!.weights : config.weights;
  const deadline = args.deadline ?? named?.deadline ?? config.deadline ?? recorded;
  const settings = { verified, limits: timeLimits(args.timeoutMs), ...(args.suites ? { suites: args.suites } : {}), weights, ...(deadline ? { deadline } : {}), ...(args.shard ? { shard: args.shard } : {}), ...(assignment ? { assignment } : {}) };
  // Rows graded with other settings than the rest would be mixed into one gradebook without a word: refuse, as grade:merge does.
  const differs = previous ? settingsDisagree(previous.provenance, provenanceOf(settings)) : null;
  if (differs) {
    console.error(say.onlyDisagrees(differs, args.out));
    return 2;
  }
  const compare = args.similarity || previous?.similarity !== undefined;
  const started = Date.now();
  const progress = progressLine(process.stderr);
  // The similarity pass reads the copies the grader unpacked, while they exist.
  let texts: Map<string, CourseTexts> | undefined;
  let results;
  try {
    results = await gradeClass(args.submissions, {
      lang: args.lang,
      timeoutMs: args.timeoutMs,
      chapters,
      selected,
      weights,
      ...(args.only ? { only: args.only } : {}),
      ...(deadline ? { deadline } : {}),
      ...(args.shard ? { shard: args.shard } : {}),
      roster: config.roster,
      ...(args.suites ? { suites: args.suites } : {}),
      ...(compare ? { onStudents: (students: readonly Student[]) => (texts = submissionTexts(students, chapters)) } : {}),
      onPlan: (students, units) => progress.line(say.found(students, units)),
      onOnlineText: (names) => progress.line(say.onlineTextIgnored(names.length, names.join(', '))),
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
    if (error instanceof ZipRefused) {
      progress.line(say.classZipRefused(args.submissions, say.zipRefused(error.why, error.entry)));
      return 2;
    }
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
  const provenance = provenanceOf(settings);
  // A roster's row for each student who handed in nothing, rebuilt every run (in the shard that name falls in), so a late hand-in replaces it.
  const graded = previous ? mergeResults(resultsOf(previous).filter((result) => result.student.problem !== 'not-handed-in'), results) : results;
  const template = graded.find((result) => !result.student.problem) ?? graded[0]!;
  const absent = unmatchedRoster(config.roster, graded.map((result) => result.student.name)).filter((name) => !args.shard || shardOf(shardKeyOfRoster(name), args.shard.count) === args.shard.index);
  if (!previous) for (const name of absent) progress.line(say.rosterUnknown(name));
  const all = [...graded, ...absent.map((name) => notHandedIn(name, template))].sort((a, b) => byName(a.student.name, b.student.name));
  for (const kind of ['newer', 'notOwn'] as const) {
    const names = results.filter((result) => result.student.snapshot?.kind === 'commit' && result.student.snapshot[kind] !== undefined).map((result) => result.student.name);
    if (names.length > 0) progress.line(say.deadlineSummary(kind, names.join(', ')));
  }
  // Canvas's late mark and legacy name encodings, once for the class as the deadline's notes are.
  const late = results.filter((result) => isLate(result.student.name)).map((result) => result.student.name);
  if (late.length > 0) progress.line(say.lateSummary(late.join(', ')));
  for (const encoding of ['cp949', 'cp437'] as const) {
    const names = results.filter((result) => result.student.unzipped?.encodings.includes(encoding)).map((result) => result.student.name);
    if (names.length > 0) progress.line(say.namesSummary(encoding.toUpperCase(), names.join(', ')));
  }
  const book = gradebookOf(all, previous?.provenance ?? provenance, config.roster, args.lang);
  if (config.canvasAssignment) book.canvas_assignment = config.canvasAssignment;
  // Two rows of one student (`lee` and `lee.zip`, or one SIS id twice) would let an LMS import drop a real score: nothing is written.
  const duplicate = duplicateRows(book.students);
  if (duplicate) {
    console.error(say.duplicateRows(duplicate));
    return 2;
  }
  if (previous) book.regrades = [...(previous.regrades ?? []), { ...provenance, students: results.map((result) => result.student.name) }];
  mkdirSync(args.out, { recursive: true });
  // Similarity is for a person to review, never a penalty: only when asked for, or kept when the regraded gradebook had it.
  const similar = compare ? similarity(all, { chapters, lang: args.lang, ...courseSources(chapters), ...(texts ? { submissions: texts } : {}) }) : null;
  if (similar) book.similarity = similar;
  const files = gradebookFiles(all, selected, args.lang, book);
  for (const [name, text] of files) {
    writeFileSync(join(args.out, name), text);
    console.log(say.wrote(join(args.out, name)));
  }
  if (writeGradescopeResults(args.out, all.map(({ student, report }) => ({ name: student.name, report }))).length > 0) console.log(say.wrote(join(args.out, 'gradescope')));
  if (key) signGradebook(args.out, key);
  return 0;
}

/** The class-file settings a gradebook recorded: its weights, each row's LMS id, its Canvas assignment (the deadline is in its provenance). */
function settingsOf(book: Gradebook): ClassConfig {
  const roster = new Map(book.students.filter((entry) => entry.id !== undefined).map((entry) => [entry.student, entry.id!]));
  return { weights: book.provenance.weights, roster, assignments: new Map(), ...(book.canvas_assignment ? { canvasAssignment: book.canvas_assignment } : {}) };
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
