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
import { TypeCheckFailedError } from '../grading/index.ts';
import { holdsChapters, isFolder } from '../course/target.ts';
import type { Student } from './intake/students.ts';
import { gradeClass, isClassZip } from './grade-class.ts';
import { ZipRefused } from './intake/unzip.ts';
import { isLate } from './books/reasons.ts';
import { readCommandLine, usageFailure } from '../usage/prologue.ts';
import { usageWords } from '../usage/usage-words.ts';
import { parseGradeArgs } from './args.ts';
import type { GradeArgs } from './args.ts';
import { PrivateSuiteError } from '../course/private-suites.ts';
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

/** A phase of `npm run grade` that ended the run, with the exit code it ends with (its reason already printed). */
interface Stop {
  exitCode: number;
}

/** The class grader's words. */
type Say = ReturnType<typeof classWords>;

/**
 * Refuses what cannot be a class to grade (no folder or class ZIP, a course copy or a student's own folder) and a
 * checker whose suites or code changed on disk; returns whether the checker could be compared with its commit.
 */
function checkInputs(args: GradeArgs, say: Say): { verified: boolean } | Stop {
  const classZip = isClassZip(args.submissions);
  if (!isFolder(args.submissions) && !classZip) {
    console.error(say.noStudents(args.submissions));
    return { exitCode: 2 };
  }
  // A course copy or one student's folder would grade its own folders (checker, solutions, …) as students.
  if ((!classZip && holdsChapters(args.submissions, CHAPTERS)) || isFolder(join(args.submissions, 'checker', 'manifest'))) {
    console.error(say.notSubmissions(args.submissions));
    return { exitCode: 2 };
  }
  // Suites or checker code changed on disk would decide every student's grade: refuse, and say how to restore them.
  const { changed, verified } = verifyChecker();
  if (changed.length > 0) {
    console.error(messages(args.lang).checkerChangedRefuse(listChanged(changed), RESTORE_COMMAND));
    return { exitCode: 2 };
  }
  // Not silently: a checker that could not be compared with its commit is said so, here and in the gradebook.
  if (!verified) console.error(say.checkerUnverified);
  return { verified };
}

/** What one run grades and with which settings, resolved once from the command line, the class file and a previous gradebook. */
interface ClassPlan {
  key?: string;
  config: ClassConfig;
  /** With --only: the gradebook being regraded. */
  previous: Gradebook | null;
  selected: ReturnType<typeof allExercises>;
  chapters: typeof CHAPTERS;
  weights: Readonly<Record<string, number>>;
  deadline?: Date;
  settings: Parameters<typeof provenanceOf>[0];
  /** Whether the similarity pass runs: asked for, or kept from the regraded gradebook. */
  compare: boolean;
}

/** Reads the signing key, the class file and, for --only, the gradebook being regraded, and resolves what the run grades. */
function planRun(args: GradeArgs, verified: boolean, say: Say): ClassPlan | Stop {
  // The signing key, read to the end before any learner code runs (as grade:pr's signed check reads it).
  let key: string | undefined;
  let config = NO_CONFIG;
  try {
    if (args.sign) key = readSigningKey();
    if (args.config) config = readClassConfig(args.config, allExercises(CHAPTERS));
  } catch (error) {
    return { exitCode: usageFailure(error, 'grade', args.lang) };
  }
  // --only regrades some students into the gradebook already in --out, keeping every other row as it was.
  const previous = args.only ? readGradebook(args.out) : null;
  if (args.only && !previous) {
    console.error(say.noGradebook(args.out));
    return { exitCode: 2 };
  }
  // Without the class file, a regrade takes the gradebook's own: its weights, roster ids, deadline and similarity pass.
  if (previous && !args.config) config = settingsOf(previous);
  const recorded = previous && !args.config && previous.provenance.deadline ? new Date(previous.provenance.deadline) : undefined;
  // An assignment grades its own exercises (and only their chapters) with its own deadline and weights.
  const named = args.assignment ? config.assignments.get(args.assignment) : undefined;
  if (args.assignment && !named) {
    console.error(say.noAssignment(args.assignment, [...config.assignments.keys()].join(', ') || '–'));
    return { exitCode: 2 };
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
    return { exitCode: 2 };
  }
  const compare = args.similarity || previous?.similarity !== undefined;
  return { ...(key ? { key } : {}), config, previous, selected, chapters, weights, ...(deadline ? { deadline } : {}), settings, compare };
}

/** Grades the class with a progress line; the results, and the submissions' texts for the similarity pass when it runs. */
async function gradeWithProgress(args: GradeArgs, plan: ClassPlan, say: Say): Promise<{ results: StudentResult[]; texts?: Map<string, CourseTexts> } | Stop> {
  const started = Date.now();
  const progress = progressLine(process.stderr);
  const { chapters } = plan;
  // The similarity pass reads the copies the grader unpacked, while they exist.
  let texts: Map<string, CourseTexts> | undefined;
  let results;
  try {
    results = await gradeClass(args.submissions, {
      lang: args.lang,
      timeoutMs: args.timeoutMs,
      chapters,
      selected: plan.selected,
      weights: plan.weights,
      ...(args.only ? { only: args.only } : {}),
      ...(plan.deadline ? { deadline: plan.deadline } : {}),
      ...(args.shard ? { shard: args.shard } : {}),
      roster: plan.config.roster,
      ...(args.suites ? { suites: args.suites } : {}),
      ...(plan.compare ? { onStudents: (students: readonly Student[]) => (texts = submissionTexts(students, chapters)) } : {}),
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
      return { exitCode: 2 };
    }
    if (error instanceof TypeCheckFailedError) {
      // On stderr, after the progress line.
      progress.line(say.typecheckFailed(error.failure));
      return { exitCode: 1 };
    }
    if (!(error instanceof PrivateSuiteError)) throw error;
    console.error(error.say(usageWords(args.lang)));
    return { exitCode: 2 };
  }
  progress.line(say.finished(((Date.now() - started) / 1000).toFixed(1)));
  return { results, ...(texts ? { texts } : {}) };
}

/**
 * Every row of the gradebook: this run's results (merged into the regraded gradebook's rows with --only) and a
 * not-handed-in row for each roster name no submission answered to (in this shard); says once for the class what
 * the deadline, Canvas's late mark and legacy ZIP name encodings changed.
 */
function classRows(args: GradeArgs, plan: ClassPlan, results: readonly StudentResult[], say: Say): StudentResult[] {
  const progress = progressLine(process.stderr);
  const { previous, config } = plan;
  // A roster's row for each student who handed in nothing, rebuilt every run (in the shard that name falls in), so a late hand-in replaces it.
  const graded = previous ? mergeResults(resultsOf(previous).filter((result) => result.student.problem !== 'not-handed-in'), results) : [...results];
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
  return all;
}

/** Writes the gradebook's files, each student's Gradescope results and (with --sign) the signature; 2 when two rows are one student. */
function writeBook(args: GradeArgs, plan: ClassPlan, all: readonly StudentResult[], regraded: readonly StudentResult[], texts: Map<string, CourseTexts> | undefined, say: Say): number {
  const { previous, config, chapters } = plan;
  const provenance = provenanceOf(plan.settings);
  const book = gradebookOf(all, previous?.provenance ?? provenance, config.roster, args.lang);
  if (config.canvasAssignment) book.canvas_assignment = config.canvasAssignment;
  // Two rows of one student (`lee` and `lee.zip`, or one SIS id twice) would let an LMS import drop a real score: nothing is written.
  const duplicate = duplicateRows(book.students);
  if (duplicate) {
    console.error(say.duplicateRows(duplicate));
    return 2;
  }
  if (previous) book.regrades = [...(previous.regrades ?? []), { ...provenance, students: regraded.map((result) => result.student.name) }];
  mkdirSync(args.out, { recursive: true });
  // Similarity is for a person to review, never a penalty: only when asked for, or kept when the regraded gradebook had it.
  const similar = plan.compare ? similarity(all, { chapters, lang: args.lang, ...courseSources(chapters), ...(texts ? { submissions: texts } : {}) }) : null;
  if (similar) book.similarity = similar;
  for (const [name, text] of gradebookFiles(all, plan.selected, args.lang, book)) {
    writeFileSync(join(args.out, name), text);
    console.log(say.wrote(join(args.out, name)));
  }
  if (writeGradescopeResults(args.out, all.map(({ student, report }) => ({ name: student.name, report }))).length > 0) console.log(say.wrote(join(args.out, 'gradescope')));
  if (plan.key) signGradebook(args.out, plan.key);
  return 0;
}

/**
 * `npm run grade`: grades every student folder and writes gradebook.csv, gradebook.json and report.html; 0 when
 * written, 1 when the type check gave no answer (nothing written), 2 on a usage error. Its phases: check the inputs,
 * plan the run, grade, gather the rows, write the gradebook.
 */
async function main(argv: readonly string[]): Promise<number> {
  dropRunnerChannels();
  const line = readCommandLine(argv, 'grade', parseGradeArgs);
  if (line.exitCode !== undefined) return line.exitCode;
  const { args } = line;
  const say = classWords(args.lang);
  const inputs = checkInputs(args, say);
  if ('exitCode' in inputs) return inputs.exitCode;
  const plan = planRun(args, inputs.verified, say);
  if ('exitCode' in plan) return plan.exitCode;
  const graded = await gradeWithProgress(args, plan, say);
  if ('exitCode' in graded) return graded.exitCode;
  const { results, texts } = graded;
  const unknown = (args.only ?? []).filter((name) => !results.some((result) => result.student.name === name));
  if (unknown.length > 0) {
    console.error(say.noSuchStudents(unknown.join(', '), args.submissions));
    return 2;
  }
  if (results.length === 0) {
    console.error(say.noStudents(args.submissions));
    return 2;
  }
  return writeBook(args, plan, classRows(args, plan, results, say), results, texts, say);
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
