import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { trust } from './guard.ts';
import type { TrustedSources } from './guard.ts';
import type { Lang } from './i18n.ts';
import type { Selected } from './manifest.ts';
import type { ChapterSpec } from './manifest/types.ts';
import type { Report } from './report.ts';
import { SuiteRunner } from './runner.ts';
import { REPO_ROOT, addTarget, copyLearnerTree, createScratch, resolveChaptersDir } from './scratch.ts';
import type { Scratch, ScratchTarget } from './scratch.ts';
import { scoreTarget } from './score.ts';
import { tscBinary, typecheck } from './typecheck.ts';

/** Settings for grading. */
export interface GradeOptions {
  lang: Lang;
  /** Per suite file. */
  timeoutMs: number;
  /** Chapters to copy into the scratch folder. */
  chapters: readonly ChapterSpec[];
  /** Instructor's private suites folder, graded on top of the public suites (not implemented yet). */
  suites?: string;
}

/** The tsc binary of the trusted repository. */
const TSC = tscBinary(REPO_ROOT);

/** Copies of the graded folders and one vitest instance, kept open so watch can grade again quickly. */
export class GradingSession {
  private constructor(
    private readonly scratch: Scratch,
    private readonly runner: SuiteRunner,
    private readonly options: GradeOptions,
  ) {}

  /** Copies each folder (a chapters folder, or a copy of the repository) and starts vitest. */
  static async open(folders: readonly string[], options: GradeOptions): Promise<GradingSession> {
    process.env['CHECKER_LANG'] = options.lang;
    const scratch = createScratch();
    try {
      for (const folder of folders) addTarget(scratch, resolveChaptersDir(folder, options.chapters), options.chapters);
      const trusted = trustSuites(scratch.targets);
      const runner = await SuiteRunner.create({ root: scratch.root, trusted, timeoutMs: options.timeoutMs });
      return new GradingSession(scratch, runner, options);
    } catch (error) {
      scratch.dispose();
      throw error;
    }
  }

  /** Grades the selected exercises in every folder: one vitest run and one type check for all of them. */
  async grade(selected: Selected[]): Promise<Report[]> {
    const checking = typecheck(this.scratch.root, TSC);
    const files = this.scratch.targets.flatMap((target) => suiteFiles(target, selected));
    const outcomes = await this.runner.run(files);
    const problems = await checking;
    return this.scratch.targets.map((target) =>
      scoreTarget({
        scratch: this.scratch,
        target,
        outcomes,
        problems: problems.filter((problem) => !relative(target.chaptersDir, problem.file).startsWith('..')),
        selected,
        lang: this.options.lang,
        timeoutMs: this.options.timeoutMs,
      }),
    );
  }

  /** Copies one chapter of the first folder again after the learner saved a file in it. */
  refresh(chapter: ChapterSpec): void {
    const target = this.scratch.targets[0];
    if (!target) return;
    const copy = join(target.chaptersDir, chapter.dir);
    copyLearnerTree(join(target.source, chapter.dir), copy, { replace: true });
    for (const file of walk(copy)) this.runner.invalidate(file);
  }

  /** Stops vitest and removes the scratch folder. */
  async close(): Promise<void> {
    try {
      await this.runner.close();
    } finally {
      this.scratch.dispose();
    }
  }
}

/** Grades each folder once and cleans up. */
export async function gradeFolders(folders: readonly string[], selected: Selected[], options: GradeOptions): Promise<Report[]> {
  const session = await GradingSession.open(folders, options);
  try {
    return await session.grade(selected);
  } finally {
    await session.close();
  }
}

/** The suite file of each selected exercise whose chapter folder the target has. */
function suiteFiles(target: ScratchTarget, selected: Selected[]): string[] {
  return selected
    .filter(({ chapter }) => existsSync(join(target.chaptersDir, chapter.dir)))
    .map(({ chapter, exercise }) => join(target.suitesDir, chapter.dir, exercise.suite));
}

/** Reads every trusted suite file once and maps each scratch copy to it. */
function trustSuites(targets: readonly ScratchTarget[]): TrustedSources {
  const trusted: TrustedSources = new Map();
  for (const target of targets) {
    for (const file of walk(target.suitesDir)) {
      trust(trusted, file, join(REPO_ROOT, 'checker', 'suites', relative(target.suitesDir, file)));
    }
  }
  return trusted;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
