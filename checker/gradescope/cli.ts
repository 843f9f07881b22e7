import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { UsageError, langOption, readOptions, timeoutOption } from '../usage/command-line.ts';
import type { Lang } from '../usage/messages.ts';
import { messages } from '../usage/messages.ts';
import { copyLearnerTree } from '../course/learner-tree.ts';
import { REPO_ROOT } from '../course/files.ts';
import { runSignedCheck } from '../signed/launch.ts';
import type { NoReport } from '../signed/launch.ts';
import { chapterFolder, gradedTarget, leftOutOf, notAFolder } from '../course/target.ts';
import { leftOutLine } from '../usage/intake-words.ts';
import { readCommandLine } from '../usage/prologue.ts';
import { assignmentGrading, readClassConfig } from '../course/class-file.ts';
import { GRADESCOPE_VISIBILITIES, gradescopeFailure, gradescopeJson, gradescopeResults, locateSubmission } from './results.ts';
import type { GradescopeOptions, GradescopeVisibility } from './results.ts';
import { WORDS } from './words.ts';

/**
 * The trusted side of the Gradescope autograder (gradescope/run_autograder starts it as root, from the course copy
 * baked into the autograder): copies the submission's chapter folders, runs this copy's checker on them as the
 * unprivileged user named by --run-as, and writes results.json from the signed report that checker wrote. Learner
 * code never runs in this process, and nothing the learner's code prints or writes decides the results.
 */

/** The parsed command line. */
interface GradescopeArgs {
  submission: string;
  out: string;
  lang: Lang;
  timeoutMs: number;
  /** The grading user's ids (--run-as USER), read when the command line is. */
  runAs?: { uid: number; gid: number };
  suites?: string;
  /** The class file's weights (--config), so a Gradescope score equals the weighted score `npm run grade` gives. */
  weights: Readonly<Record<string, number>>;
  /** With --assignment: the only exercises graded (the assignment's, in course order). */
  exercises?: string[];
  options: GradescopeOptions;
}

/** A visibility option's value, checked against Gradescope's documented values. */
function visibilityOption(value: string | undefined, lang: Lang): GradescopeVisibility | undefined {
  if (value === undefined) return undefined;
  if (!(GRADESCOPE_VISIBILITIES as readonly string[]).includes(value)) throw new UsageError(() => WORDS[lang].badVisibility(value));
  return value as GradescopeVisibility;
}

/** Reads the command line; throws UsageError when something is missing or unknown. */
function parse(argv: readonly string[]): GradescopeArgs {
  const { positional, values } = readOptions('gradescope', argv);
  const lang = langOption(values['--lang']);
  const extra = positional[0];
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
  const { '--submission': submission, '--out': out, '--run-as': runAs, '--suites': suites } = values;
  if (!submission || !out) throw new UsageError((say) => say.submissionOutRequired);
  const visibility = visibilityOption(values['--visibility'], lang);
  const stdoutVisibility = visibilityOption(values['--stdout-visibility'], lang);
  const testVisibility = visibilityOption(values['--test-visibility'], lang);
  const config = values['--config'] ? readClassConfig(values['--config'], allExercises(CHAPTERS)) : undefined;
  const name = values['--assignment'];
  if (name && !config) throw new UsageError(() => WORDS[lang].noAssignment(name));
  const assignment = name && config ? assignmentGrading(config, name) : undefined;
  if (name && !assignment) throw new UsageError(() => WORDS[lang].noAssignment(name));
  return {
    submission,
    out,
    lang,
    timeoutMs: timeoutOption(values['--timeout']),
    ...(runAs ? { runAs: idsOf(runAs, lang) } : {}),
    ...(suites ? { suites } : {}),
    weights: assignment?.weights ?? config?.weights ?? {},
    ...(assignment ? { exercises: assignment.exercises } : {}),
    options: { ...(visibility ? { visibility } : {}), ...(stdoutVisibility ? { stdoutVisibility } : {}), ...(testVisibility ? { testVisibility } : {}) },
  };
}

/** The numeric uid and gid of a user, from `id`; a usage error, in the run's language, when there is no such user. */
function idsOf(user: string, lang: Lang): { uid: number; gid: number } {
  const read = (flag: string) => {
    const ran = spawnSync('id', [flag, user], { encoding: 'utf8' });
    const value = Number(ran.stdout.trim());
    if (ran.status !== 0 || !Number.isSafeInteger(value)) throw new UsageError(() => WORDS[lang].noUser(user));
    return value;
  };
  return { uid: read('-u'), gid: read('-g') };
}

/**
 * The signed check's --starters-git for the autograder's course copy, which has no git history: build-zip.sh puts the
 * committed starters' blobs in course/.starters.git, and private suites are type-checked against them. None elsewhere.
 */
function startersGit(): string | undefined {
  const dir = join(REPO_ROOT, '.starters.git');
  return existsSync(dir) ? dir : undefined;
}

/** What a student reads when the signed check gave no report to use. */
function failureMessage(failed: NoReport, lang: Lang): string {
  const say = WORDS[lang];
  if (failed.why === 'no-report') return say.noReport;
  if (failed.why === 'forged') return say.forged;
  return say.badReport(failed.field);
}

/** Grades the submission and returns the results file's text. */
async function grade(args: GradescopeArgs): Promise<string> {
  const say = WORDS[args.lang];
  const target = locateSubmission(args.submission, CHAPTERS);
  if (!target) {
    // Nothing graded: name a link that stood where the chapters would be, so the student sees why.
    const leftOut = leftOutOf(gradedTarget(args.submission, CHAPTERS, ''), CHAPTERS);
    const wrappers = readdirSync(args.submission).filter((name) => notAFolder(join(args.submission, name)) !== null);
    leftOut.push(...wrappers.filter((name) => !leftOut.some((entry) => entry.name === name)).map((name) => ({ name, why: notAFolder(join(args.submission, name))! })));
    const why = say.noChapters(CHAPTERS.map((chapter) => chapter.dir).join(', '));
    return gradescopeJson(gradescopeFailure(leftOut.length > 0 ? `${why}\n${leftOutLine(leftOut, args.lang)}` : why, args.options));
  }
  const { runAs } = args;
  const work = mkdtempSync(join(tmpdir(), 'mcp-gradescope-'));
  try {
    const chapters = join(work, 'chapters');
    const out = join(work, 'out');
    mkdirSync(chapters, { recursive: true });
    mkdirSync(out, { recursive: true });
    // Only the chapter folders are taken, as regular files: links, node_modules and dot files stay behind.
    for (const chapter of CHAPTERS) copyLearnerTree(chapterFolder(target, chapter), join(chapters, chapter.dir));
    // The other user reads the copy; the launcher opens the out folder to it.
    if (runAs) spawnSync('chmod', ['-R', 'a+rX', work]);
    const starters = args.suites ? startersGit() : undefined;
    const ran = await runSignedCheck(
      {
        checkerRoot: REPO_ROOT,
        chapters,
        outDir: out,
        ...(args.exercises ? { exercises: args.exercises } : {}),
        lang: args.lang,
        timeoutMs: args.timeoutMs,
        ...(args.suites ? { suites: args.suites } : {}),
        ...(starters ? { startersGit: starters } : {}),
        ...(runAs ? { runAs } : {}),
      },
      { manifest: CHAPTERS, weights: args.weights },
    );
    if (ran.report === null) return gradescopeJson(gradescopeFailure(failureMessage(ran.failed, args.lang), args.options));
    const { report } = ran;
    console.log(messages(args.lang).progress(report.exercises.filter((exercise) => exercise.status === 'pass').length, report.exercises.length, report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`));
    const results = gradescopeResults(report, args.options);
    // What the upload held at the course's paths and was not graded (a link, a config file, …) is named first.
    const leftOut = leftOutOf(target, CHAPTERS);
    if (leftOut.length > 0) results.output = `${leftOutLine(leftOut, args.lang)}\n\n${results.output}`;
    return gradescopeJson(results);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Entry point: 0 once results.json is written (even for a submission that could not be graded) or --help answered, 2 on a usage error. */
async function main(argv: readonly string[]): Promise<number> {
  const line = readCommandLine(argv, 'gradescope', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const args = line.args;
  const text = await grade(args);
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, text);
  console.log(WORDS[args.lang].wrote(args.out));
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
