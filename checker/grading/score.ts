import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRIVATE_PREFIX, privateTitle } from '../course/private-suites.ts';
import { messages } from '../usage/messages.ts';
import { seconds } from '../runner/limits.ts';
import type { TimeLimits } from '../runner/limits.ts';
import { buildReport, pointsFor, weightOf } from '../report/build.ts';
import type { Lang, Stop } from '../usage/messages.ts';
import type { Selected } from '../course/course.ts';
import type { Blocker, ExerciseReport, Report, Status, TestReport, TypeErrorReport } from '../report/shape.ts';
import type { RawFile, RawTest } from '../runner/vitest-results.ts';
import type { ExerciseSuiteFile, Scratch, ScratchTarget } from './scratch.ts';
import { enclosingFunction, findTodo, formatLocation } from '../course/todo.ts';
import { starterFiles } from '../course/starters.ts';
import { exerciseFiles } from '../course/exercise-files.ts';
import { learnerPaths } from './learner-paths.ts';
import { shownPath } from '../course/target.ts';
import type { TypeCheckFailure } from './typecheck.ts';
import { firstTypeError } from '../report/first-fix.ts';
import { isMissingImport, missingStarterFiles } from '../course/learner-files.ts';
import { LEARNER_HEAP_MB } from '../trust/sandbox.ts';

/** Everything needed to score one graded folder. */
export interface ScoreInput {
  scratch: Scratch;
  target: ScratchTarget;
  outcomes: Map<string, RawFile>;
  problems: TypeErrorReport[];
  selected: Selected[];
  /** The suite files of each selected exercise in this target (public, then the instructor's private ones), by exercise id. */
  suites: ReadonlyMap<string, readonly ExerciseSuiteFile[]>;
  /** Set when the type check gave no answer: then no exercise can pass, whatever its suites said. */
  typecheckFailed?: TypeCheckFailure;
  /** The chapters (by folder name) whose type check alone exceeded a limit: none of their exercises can pass. */
  costlyChapters?: ReadonlyMap<string, TypeCheckFailure>;
  lang: Lang;
  limits: TimeLimits;
}

/** Scores one folder against the manifest: only expected tests that ran and passed count. */
export function scoreTarget(input: ScoreInput): Report {
  const { target, selected, lang } = input;
  // A compiler error that only says a deleted starter file cannot be found repeats what its exercises say.
  const missing = selected.map(({ chapter }) => ({ dir: join(target.chaptersDir, chapter.dir), files: missingStarterFiles(join(target.chaptersDir, chapter.dir), chapter.dir) }));
  const problems = input.problems.filter((problem) => !missing.some(({ dir, files }) => problem.file.startsWith(`${dir}/`) && isMissingImport(problem, files)));
  const typeErrors = problems.map((problem) => ({ ...problem, file: shownScratchPath(target, problem.file) }));
  const exercises = selected.map((entry) => scoreExercise(input, entry, typeErrors));
  return buildReport({ target: shownScratchPath(target, target.chaptersDir), lang, exercises, type_errors: typeErrors });
}

/** One suite file of an exercise: the public one, or an instructor's private one. */
interface Part {
  file: string;
  /** The names the file must report, as the suite spells them. */
  names: string[];
  /** The name and title a test gets in the report. */
  name: (name: string) => string;
  title: (name: string) => string;
  /** How messages name the file, such as `checker/suites/01-mini-mcp/1-validate.test.ts`. */
  shown: string;
}

function scoreExercise(input: ScoreInput, { chapter, exercise }: Selected, typeErrors: Report['type_errors']): ExerciseReport {
  const say = messages(input.lang);
  const chapterDir = join(input.target.chaptersDir, chapter.dir);
  const todo = formatLocation(findTodo(chapterDir, shownScratchPath(input.target, chapterDir), exercise.todo.file, exercise.todo.marker, exercise.todo.symbol));
  const weight = weightOf(exercise);
  const base = { id: exercise.id, title: exercise.title[input.lang], hint: exercise.hint[input.lang], todo, max_points: weight };
  const parts = (input.suites.get(exercise.id) ?? []).map(({ file, privateSuite }): Part =>
    privateSuite
      ? { file, names: privateSuite.names, name: (name) => `${PRIVATE_PREFIX}${name}`, title: (name) => privateTitle(name, input.lang), shown: `${PRIVATE_PREFIX}${privateSuite.file}` }
      : { file, names: Object.keys(exercise.tests), name: (name) => name, title: (name) => (input.lang === 'ko' ? (exercise.tests[name] ?? name) : name), shown: `checker/suites/${chapter.dir}/${exercise.suite}` },
  );
  if (!existsSync(chapterDir)) {
    const message = say.missingChapter(shownScratchPath(input.target, chapterDir));
    return { ...base, status: 'error', message, points: 0, tests: parts.flatMap((part) => everyTest(part, 'error', message)) };
  }
  const missing = missingStarterFiles(chapterDir, chapter.dir);
  if (missing.length > 0) {
    // Shown where they are; git checkout takes them as the course's own paths, from its top folder.
    const shown = missing.map((file) => shownScratchPath(input.target, join(chapterDir, file)));
    const message = say.missingFile(shown.join(' '), missing.map((file) => `chapters/${chapter.dir}/${file}`).join(' '), chapter.id);
    const blocked: Blocker = { kind: 'load_error', where: shown[0]!, message };
    return { ...base, status: 'error', message, points: 0, blocked, tests: parts.flatMap((part) => everyTest(part, 'error', message)) };
  }
  const costly = input.costlyChapters?.get(chapter.dir);
  const failed = input.typecheckFailed ?? costly;
  if (failed) {
    const where = shownScratchPath(input.target, costly && !input.typecheckFailed ? chapterDir : input.target.chaptersDir);
    const message =
      failed.reason === 'cpu'
        ? say.typecheckCpu(where, seconds(failed.limitMs))
        : failed.reason === 'memory'
          ? say.typecheckMemory(where, failed.limitMb)
          : failed.reason === 'timeout'
            ? say.typecheckTimeout(seconds(failed.limitMs))
            : say.typecheckNoAnswer;
    const blocked: Blocker = { kind: 'type_check_failed', where, message };
    return { ...base, status: 'error', message, points: 0, blocked, tests: parts.flatMap((part) => everyTest(part, 'error', message)) };
  }
  const firstType = firstTypeError(typeErrors.filter((problem) => blocksExercise(problem.file, chapterDir, chapter, exercise)));
  const typeMessage = firstType
    ? (firstType.kind === 'syntax' ? say.syntaxErrorTest : say.typeErrorTest)(`${firstType.file}:${firstType.line} ${firstType.message}`)
    : '';
  const scored = parts.map((part) => scorePart(input, part, typeMessage));
  const loadFailure = scored.find((part) => part.load)?.load;
  const blocked: Blocker | undefined = loadFailure
    ? { kind: 'load_error', ...loadFailure }
    : firstType
      ? { kind: firstType.kind === 'syntax' ? 'syntax_error' : 'type_error', where: `${firstType.file}:${firstType.line}`, message: `${firstType.code} ${firstType.message}` }
      : undefined;
  const tests = scored.flatMap((part) => part.tests);
  const status: Status = tests.some((test) => test.status === 'timeout')
    ? 'timeout'
    : tests.some((test) => test.status === 'error') ? 'error' : tests.some((test) => test.status !== 'pass') ? 'fail' : 'pass';
  const firstBadPart = scored.find((part) => part.tests.some((test) => test.status !== 'pass'));
  const firstBad = firstBadPart?.tests.find((test) => test.status !== 'pass');
  const message = firstBadPart?.message ?? (firstBad ? `${firstBad.title}\n${firstBad.message}` : '');
  // A file stopped in a loop of learner code points the learner at that loop rather than at the TODO; otherwise the
  // failure shown names the learner's line that caused it, and the place to look and the next step follow it.
  const stoppedAt = scored.find((part) => part.stoppedAt)?.stoppedAt;
  const named = firstBad && !firstBadPart?.message ? firstBadPart?.wheres.get(firstBad.name) : undefined;
  // A given line the learner should not edit (unchanged from the starter, in another function than the exercise's) is never where to look.
  const pointed = stoppedAt ?? (named && !isGivenElsewhere(input, chapter, exercise, named) ? named : undefined);
  return { ...base, ...(pointed ? { todo: pointed } : {}), status, message, points: pointsFor(status, weight), ...(blocked && status !== 'pass' ? { blocked } : {}), tests };
}

/** The committed starter files of a chapter, read once per process; null where no git history holds them (a ZIP copy). */
const starterCache = new Map<string, Map<string, Buffer> | null>();

function starterOf(chapterDir: string): Map<string, Buffer> | null {
  if (!starterCache.has(chapterDir)) {
    try {
      starterCache.set(chapterDir, starterFiles(chapterDir));
    } catch {
      starterCache.set(chapterDir, null);
    }
  }
  return starterCache.get(chapterDir) ?? null;
}

/**
 * True when `where` (a learner `file:line` as messages name it) is a given line the learner should not edit: its text
 * is a line of the committed starter file, and it sits in another function than the one the exercise is about.
 */
function isGivenElsewhere(input: ScoreInput, chapter: Selected['chapter'], exercise: Selected['exercise'], where: string): boolean {
  const prefix = `${shownScratchPath(input.target, join(input.target.chaptersDir, chapter.dir))}/`;
  const match = /^(.*):(\d+)$/.exec(where);
  if (!match || !match[1]!.startsWith(prefix) || !exercise.todo.symbol) return false;
  const file = match[1]!.slice(prefix.length);
  const path = join(input.target.chaptersDir, chapter.dir, file);
  const starter = starterOf(chapter.dir)?.get(file);
  if (!starter || !existsSync(path)) return false;
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = Number(match[2]) - 1;
  const text = lines[index]?.trim();
  if (!text || !starter.toString('utf8').split('\n').some((line) => line.trim() === text)) return false;
  const inside = enclosingFunction(lines, index);
  return inside !== null && inside !== exercise.todo.symbol;
}

/**
 * Names each `file (TODO(NN/n))` a suite message cites as it stands now: the marker's line while it is there, else the
 * line of the function its exercise is about; a message never cites a TODO that is gone.
 */
function placeTodos(input: ScoreInput, text: string): string {
  return text.replace(/(\S*?)(\d\d-[\w-]+)\/([\w./-]+\.ts) \(TODO\((\d\d\/\d+)\)\)/g, (whole, _lead: string, chapterDir: string, file: string, id: string) => {
    const entry = input.selected.find(({ exercise }) => exercise.id === id);
    if (!entry || entry.chapter.dir !== chapterDir) return whole;
    const dir = join(input.target.chaptersDir, chapterDir);
    const marker = entry.exercise.todo.file === file ? entry.exercise.todo.marker : `TODO(${id})`;
    const symbol = entry.exercise.todo.file === file ? entry.exercise.todo.symbol : undefined;
    return formatLocation(findTodo(dir, shownScratchPath(input.target, dir), file, marker, symbol));
  });
}

/**
 * True when a compiler error in `file` (as messages name it) blocks this exercise: the file is one the exercise is
 * about (its TODO file and what that imports, transitively; course/exercise-files.ts), or a file of the chapter that
 * none of the chapter's exercises is about (such as main.ts), which blocks them all.
 */
function blocksExercise(file: string, chapterDir: string, chapter: Selected['chapter'], exercise: Selected['exercise']): boolean {
  const at = file.lastIndexOf(`${chapter.dir}/`);
  if (at === -1) return false;
  const inside = file.slice(at + chapter.dir.length + 1);
  if (exerciseFiles(chapterDir, exercise).includes(inside)) return true;
  return !chapter.exercises.some((other) => exerciseFiles(chapterDir, other).includes(inside));
}

function everyTest(part: Part, status: Status, message: string): TestReport[] {
  return part.names.map((name) => ({ name: part.name(name), title: part.title(name), status, message }));
}

/** One scored suite file: its tests, a message for the whole file when it never ran its tests, and the place each failed test named. */
interface ScoredPart {
  tests: TestReport[];
  message: string | null;
  load?: { where: string; message: string };
  /** By report test name: the learner's file:line, as the learner knows it, that the test's failure named as the cause. */
  wheres: Map<string, string>;
  /** For a file stopped in a loop of learner code: that loop's file:line, as the learner knows it. */
  stoppedAt?: string;
}

/** Scores one suite file; a file that crashed, timed out or failed to load gives that message for the whole file. */
function scorePart(input: ScoreInput, part: Part, typeMessage: string): ScoredPart {
  const say = messages(input.lang);
  const raw = input.outcomes.get(part.file);
  const wheres = new Map<string, string>();
  if (!raw || raw.outcome === 'crashed') return { tests: everyTest(part, 'error', say.crashed(LEARNER_HEAP_MB)), message: say.crashed(LEARNER_HEAP_MB), wheres };
  if (raw.outcome === 'timeout') return { ...timedOut(input, part, raw), wheres };
  const fileError = raw.errors[0];
  if (fileError) {
    const text = fileError.denied ? say.denied(fileError.denied.permission, fileError.denied.resource) : fileError.message;
    const message = say.importFailed(clean(input, text, fileError.stack));
    const where = learnerFrame(input.target, fileError.stack);
    const load = where ? { where, message: clean(input, text, '') } : undefined;
    return { tests: everyTest(part, 'error', message), message, ...(load ? { load } : {}), wheres };
  }
  const tests = part.names.map((name): TestReport => {
    const ran = raw.tests.find((test) => test.name === name);
    const outcome = testOutcome(input, ran, typeMessage);
    const where = outcome.status === 'fail' && ran?.where ? learnerFrame(input.target, ran.where) : null;
    if (where) wheres.set(part.name(name), where);
    // What the learner's code printed is shown with a failure only, its scratch paths named as the learner knows them.
    const output = outcome.status !== 'pass' && ran?.output ? { output: { ...ran.output, lines: ran.output.lines.map((line) => ({ ...line, text: learnerPaths(line.text, input.scratch.root, shownScratchPath(input.target, input.target.chaptersDir)) })) } } : {};
    return { name: part.name(name), title: part.title(name), ...outcome, ...output };
  });
  return { tests, message: null, wheres };
}

/**
 * A file stopped at its deadline: every test of it times out, as none of its results can count. When a test had
 * started and not finished, the message names it, and the file's other tests say they were not graded because of it.
 */
function timedOut(input: ScoreInput, part: Part, raw: RawFile): { tests: TestReport[]; message: string; stoppedAt?: string } {
  const say = messages(input.lang);
  const limit: Stop = { seconds: seconds(raw.limitMs ?? input.limits.fileMs), waited: raw.limit === 'wait' };
  const running = raw.limit === 'load' ? undefined : raw.runningTest;
  const { chaptersDir } = input.target;
  const stoppedAt = raw.loop && raw.loop.file.startsWith(`${chaptersDir}/`) ? `${shownScratchPath(input.target, raw.loop.file)}:${raw.loop.line}` : undefined;
  const withLoop = (message: string) => (stoppedAt ? `${message}\n${say.loopAt(stoppedAt)}` : message);
  const at = stoppedAt ? { stoppedAt } : {};
  if (running === undefined) {
    const message = withLoop((raw.limit === 'load' ? say.loadTimeoutIn(limit.seconds, part.shown) : say.timeoutIn(limit, part.shown)));
    return { tests: everyTest(part, 'timeout', message), message, ...at };
  }
  const title = part.names.includes(running) ? part.title(running) : running;
  const message = withLoop(say.testTimeoutIn(limit, title, part.shown));
  const others = say.stoppedByTest(limit, title);
  const tests = part.names.map((name): TestReport => ({ name: part.name(name), title: part.title(name), status: 'timeout', message: name === running ? message : others }));
  return { tests, message, ...at };
}

function testOutcome(input: ScoreInput, ran: RawTest | undefined, typeMessage: string): { status: Status; message: string } {
  const say = messages(input.lang);
  if (!ran) return { status: 'error', message: say.missingTest };
  if (ran.state === 'passed') return typeMessage ? { status: 'fail', message: typeMessage } : { status: 'pass', message: '' };
  if (ran.state !== 'failed') return { status: 'fail', message: say.notRun };
  if (/Test timed out in \d+ms/.test(ran.message)) return { status: 'timeout', message: say.testTimeout(seconds(input.limits.testBackstopMs)) };
  const text = ran.denied ? say.denied(ran.denied.permission, ran.denied.resource) : ran.message;
  return { status: 'fail', message: clean(input, text, ran.stack) };
}

/** Strips colour codes and scratch paths, and adds the learner's file:line when the stack names one. */
function clean(input: ScoreInput, message: string, stack: string): string {
  const { target } = input;
  const text = learnerPaths(
    message.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('Access to this API has been restricted', messages(input.lang).sandboxRefused),
    input.scratch.root,
    shownScratchPath(target, target.chaptersDir),
  )
    .split('\n')
    .filter((line) => !/^\s+at /.test(line))
    .slice(0, 30)
    .join('\n')
    .trim();
  const placed = placeTodos(input, text);
  const where = learnerFrame(target, stack);
  if (!where || placed.includes(where)) return placed;
  return `${placed}\n  ${messages(input.lang).where}: ${where}`;
}

/** The first stack frame inside the learner's chapters, as `chapters/…/file.ts:line`. */
function learnerFrame(target: ScratchTarget, stack: string): string | null {
  for (const line of stack.split('\n')) {
    const match = /((?:\/[^\s():]+)+\.ts):(\d+)(?::\d+)?/.exec(line);
    if (!match || !match[1]!.startsWith(target.chaptersDir)) continue;
    return `${shownScratchPath(target, match[1]!)}:${match[2]}`;
  }
  return null;
}

/** A scratch path shown as the learner knows it: under their chapters folder as messages name it (course/target.ts shownPath). */
function shownScratchPath(target: ScratchTarget, file: string): string {
  const inside = relative(target.chaptersDir, file);
  const shownChapters = shownPath(target.learner, '');
  return inside === '' ? shownChapters : shownChapters === '' ? inside : join(shownChapters, inside);
}
