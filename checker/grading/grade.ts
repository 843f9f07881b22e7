import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { PrivateSuite } from '../course/private-suites.ts';
import { bundleSpawned } from './bundle.ts';
import { timeLimits } from '../runner/limits.ts';
import type { TimeLimits } from '../runner/limits.ts';
import { trust } from '../trust/trusted-sources.ts';
import type { TrustedSources } from '../trust/trusted-sources.ts';
import type { Lang } from '../usage/messages.ts';
import type { Selected } from '../course/course.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import type { Report, TypeErrorReport } from '../report/shape.ts';
import { isInside } from '../trust/confine.ts';
import { SuiteRunner } from '../runner/suite-runner.ts';
import { addTarget, createScratch, exerciseSuiteFiles, privateSuitesDirName, syncLearnerTree } from './scratch.ts';
import { REPO_ROOT, listFiles } from '../course/files.ts';
import type { ExerciseSuiteFile, Scratch, ScratchTarget } from './scratch.ts';
import { scoreTarget } from './score.ts';
import { chapterFolder } from '../course/target.ts';
import type { GradedTarget } from '../course/target.ts';
import { answered, tscBinary, typecheck } from './typecheck.ts';
import type { TypeCheckFailure } from './typecheck.ts';
import { TypeWatcher } from './typewatch.ts';

/** Settings for grading. */
export interface GradeOptions {
  lang: Lang;
  /** Per suite file (--timeout); each test gets the shorter of this and the test limit (see limits.ts). */
  timeoutMs: number;
  /** Chapters to copy into the scratch folder. */
  chapters: readonly ChapterSpec[];
  /**
   * The instructor's private suites, graded on top of the public suites: their folder and its suites, loaded and
   * checked by the caller against the whole course (loadCheckedPrivateSuites), before any learner folder is read.
   */
  privates?: PrivateSuites;
  /** Called as suite files finish: how many of how many are done, and the index of the graded folder the file belonged to. */
  onProgress?: (done: number, total: number, folder: number) => void;
  /** Type-check once per change (npm run watch): every grade after a change uses that change's result. */
  watchTypes?: boolean;
  /**
   * Stop with TypeCheckFailedError when the type check gives no answer (npm run grade), instead of scoring every
   * exercise of every folder 0; check reports that failure to the learner instead.
   */
  typecheckRequired?: boolean;
}

/** A private suites folder and the suites read from it. */
export interface PrivateSuites {
  /** The folder given with --suites. */
  dir: string;
  /** Its suite files, already checked. */
  suites: readonly PrivateSuite[];
}

/** A learner folder to grade, limited to some chapters. */
export interface GradeFolder {
  /** Where its chapter folders are and how messages name them. */
  learner: GradedTarget;
  /** The chapters copied from it; all of GradeOptions.chapters when unset. */
  chapters?: readonly ChapterSpec[];
  /** The ids of the selected exercises graded in it (its report lists only those); every selected exercise when unset. */
  exercises?: readonly string[];
}

/** The tsc binary of the trusted repository. */
const TSC = tscBinary(REPO_ROOT);

/** Copies of the graded folders and one vitest instance, kept open so watch can grade again quickly. */
export class GradingSession {
  private readonly finished = new Set<string>();
  private total = 0;

  private constructor(
    private readonly scratch: Scratch,
    private readonly runner: SuiteRunner,
    private readonly options: GradeOptions,
    private readonly limits: TimeLimits,
    private readonly privates: readonly PrivateSuite[],
    private readonly types: TypeWatcher | null,
    private readonly sources: TrustedSources,
    private readonly only: readonly (ReadonlySet<string> | null)[],
  ) {}

  /** Copies each learner folder and starts vitest. */
  static async open(folders: readonly GradeFolder[], options: GradeOptions): Promise<GradingSession> {
    const privates = options.privates?.suites ?? [];
    const privateDir = options.privates ? resolve(options.privates.dir) : undefined;
    const scratch = createScratch();
    try {
      for (const { learner, chapters = options.chapters } of folders) addTarget(scratch, learner, chapters, privateDir);
      const trusted = trustSuites(scratch.targets);
      for (const target of scratch.targets) snapshot(trusted, listFiles(target.chaptersDir));
      const holder: { session?: GradingSession } = {};
      const onFileDone = (file: string) => holder.session?.progress(file);
      // The time limits are worked out once, for the runner and for scoring alike.
      const limits = timeLimits(options.timeoutMs);
      const [runner, types] = await Promise.all([
        SuiteRunner.create({ root: scratch.root, trusted, lang: options.lang, limits, onFileDone }),
        options.watchTypes ? TypeWatcher.start(scratch.root, TSC) : null,
      ]);
      const only = folders.map(({ exercises }) => (exercises ? new Set(exercises) : null));
      holder.session = new GradingSession(scratch, runner, options, limits, privates, types, trusted, only);
      return holder.session;
    } catch (error) {
      scratch.dispose();
      throw error;
    }
  }

  /** Grades the selected exercises in every folder: one vitest run and one type check for all of them. */
  async grade(selected: Selected[]): Promise<Report[]> {
    // One tsc run covers every copy while it stays within its limits; past them, the check is split down to the chapter that costs too much.
    const typed = this.types ? this.types.result() : typecheck(this.scratch.root, TSC);
    const checking = this.options.typecheckRequired ? typed.then(answered) : typed;
    // Awaited below; marked handled now so a refusal that comes while the suites run is not an unhandled rejection.
    checking.catch(() => undefined);
    // With several students in one scratch folder, type-check before any learner code runs, so no one's code can edit another's files first.
    if (this.scratch.targets.length > 1) await checking;
    // One group per chapter of each graded folder: its files run in order in a fresh fork of their own, never beside
    // another chapter's or another student's, so what one chapter's code leaves in its process (a global, a timer, a
    // patched prototype) cannot change another chapter's grade, and a chapter grades the same whatever else is selected.
    // A folder given its own exercises (GradeFolder.exercises) runs only those.
    const mine = this.scratch.targets.map((_, index) => selected.filter(({ exercise }) => this.only[index]?.has(exercise.id) ?? true));
    const groups = this.scratch.targets.flatMap((target, index) => {
      const chosen = mine[index]!;
      const chapters = [...new Set(chosen.map(({ chapter }) => chapter))];
      // The instructor's private suites run in forks of their own, apart from the public ones: learner code that a
      // public test runs never shares a process with a private suite's code, nor may its fork load one.
      return chapters.flatMap((chapter) =>
        [false, true].flatMap((spawns) => {
          const files = suiteFiles(target, chosen.filter((entry) => entry.chapter === chapter && Boolean(entry.exercise.spawns?.length) === spawns), this.privates);
          const publicSuites = [join(target.suitesDir, chapter.dir), join(target.suitesDir, '_lib')];
          return [
            { spawns, root: target.dir, suites: publicSuites, files: files.filter((file) => !file.privateSuite).map(({ file }) => file) },
            { spawns, root: target.dir, suites: [...publicSuites, join(target.suitesDir, privateSuitesDirName(chapter.dir))], files: files.filter((file) => file.privateSuite).map(({ file }) => file) },
          ];
        }),
      );
    });
    for (const [index, target] of this.scratch.targets.entries()) await bundleSpawned([target], mine[index]!);
    this.finished.clear();
    this.total = groups.reduce((sum, group) => sum + group.files.length, 0);
    const outcomes = await this.runner.run(groups);
    const checked = await checking;
    return this.scratch.targets.map((target, index) =>
      scoreTarget({
        scratch: this.scratch,
        target,
        outcomes,
        problems: withholdSuiteTypes(checked.problems.filter((problem) => !relative(target.chaptersDir, problem.file).startsWith('..')), target, this.sources, this.options.lang),
        ...(checked.failed ? { typecheckFailed: checked.failed } : {}),
        ...(checked.costly ? { costlyChapters: costlyIn(target, checked.costly) } : {}),
        selected: mine[index]!,
        suites: new Map(mine[index]!.map((entry) => [entry.exercise.id, exerciseSuiteFiles(target, entry, this.privates)])),
        lang: this.options.lang,
        limits: this.limits,
      }),
    );
  }

  /** Copies one chapter of the first folder again after the learner saved a file in it. */
  refresh(chapter: ChapterSpec): void {
    const target = this.scratch.targets[0];
    if (!target) return;
    const changed = syncLearnerTree(chapterFolder(target.learner, chapter), join(target.chaptersDir, chapter.dir));
    if (changed.length > 0) this.types?.expectChange();
    for (const file of changed) this.sources.delete(file);
    snapshot(this.sources, changed.filter((file) => existsSync(file)));
    for (const file of changed) this.runner.invalidate(file);
  }

  private progress(file: string): void {
    this.finished.add(file);
    const folder = this.scratch.targets.findIndex((target) => file.startsWith(`${target.dir}/`));
    this.options.onProgress?.(this.finished.size, this.total, folder);
  }

  /** Stops vitest and removes the scratch folder. */
  async close(): Promise<void> {
    try {
      this.types?.stop();
      await this.runner.close();
    } finally {
      this.scratch.dispose();
    }
  }
}

/** The chapters of one copy whose type check alone exceeded a limit, by chapter folder name. */
function costlyIn(target: ScratchTarget, costly: ReadonlyMap<string, TypeCheckFailure>): Map<string, TypeCheckFailure> {
  return new Map([...costly].filter(([unit]) => dirname(unit) === target.chaptersDir).map(([unit, cause]) => [basename(unit), cause]));
}

/** Grades each folder once and cleans up. */
export async function gradeFolders(folders: readonly GradeFolder[], selected: Selected[], options: GradeOptions): Promise<Report[]> {
  const session = await GradingSession.open(folders, options);
  try {
    return await session.grade(selected);
  } finally {
    await session.close();
  }
}

/** The suite files (public, then private) of each selected exercise whose chapter folder the target has. */
function suiteFiles(target: ScratchTarget, selected: Selected[], privates: readonly PrivateSuite[]): ExerciseSuiteFile[] {
  return selected.filter(({ chapter }) => existsSync(join(target.chaptersDir, chapter.dir))).flatMap((entry) => exerciseSuiteFiles(target, entry, privates));
}

/**
 * A path a TypeScript file may name another file by: any relative string (an import, `import('…')` in a type, a
 * reference, however spelled), and an absolute one after `from`, `import`, `require(` or `path=` (the scratch folder's
 * name is random, and a string such as `'/mcp'` elsewhere is a URL path).
 */
const NAMED_PATH = /(?:(?:\bfrom|\bimport|\brequire\s*\(|\bpath\s*=)\s*\(?\s*(['"`])(\/[^'"`\n]*)\1)|(['"`])(\.\.?\/[^'"`\n]*)\3/g;

/** What a withheld type-check message says instead. */
const WITHHELD_TYPES: Record<Lang, string> = {
  ko: '타입 검사 메시지를 감췄다: 이 파일이 장 사본 밖의 파일(채점 테스트)을 가리키므로, 메시지가 그 파일의 타입을 보여 줄 수 있다.',
  en: 'Type-check message withheld: this file names a file outside its chapters copy (a grading suite), whose types the message could show.',
};

/**
 * The type errors of one target, with the message withheld for every learner file that names a file outside its
 * chapters copy: tsc reads the suites too, so `import type` of a private helper would print its literal types
 * (`Type '"…"' is not assignable`) in the learner's report. The error itself stays: such an import never runs.
 */
function withholdSuiteTypes(problems: TypeErrorReport[], target: ScratchTarget, sources: TrustedSources, lang: Lang): TypeErrorReport[] {
  const reaching = new Map<string, boolean>();
  const reachesOut = (file: string): boolean => {
    const known = reaching.get(file);
    if (known !== undefined) return known;
    const text = sources.get(file) ?? (existsSync(file) ? readFileSync(file, 'utf8') : '');
    const out = [...text.matchAll(NAMED_PATH)].some((match) => !isInside(resolve(dirname(file), (match[2] ?? match[4])!), target.chaptersDir));
    reaching.set(file, out);
    return out;
  };
  return problems.map((problem) => (reachesOut(problem.file) ? { ...problem, message: WITHHELD_TYPES[lang] } : problem));
}

/** Records learner files as they are now, so the guard serves this copy whatever happens to the disk later. */
function snapshot(sources: TrustedSources, files: readonly string[]): void {
  for (const file of files) sources.set(file, readFileSync(file, 'utf8'));
}

/** Reads every trusted suite file once (public from this repository, private from the instructor's folder) and maps each scratch copy to it. */
function trustSuites(targets: readonly ScratchTarget[]): TrustedSources {
  const trusted: TrustedSources = new Map();
  for (const target of targets) {
    for (const [copy, origin] of target.suiteOrigins) trust(trusted, copy, origin);
  }
  return trusted;
}
