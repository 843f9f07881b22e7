import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import type { Selected } from '../course/course.ts';
import { suitesDir as courseSuitesDir } from '../course/course.ts';
import { REPO_ROOT, currentCourseRoot, listFiles } from '../course/files.ts';
import { copyLearnerTree } from '../course/learner-tree.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import type { PrivateSuite } from '../course/private-suites.ts';
import type { GradedTarget } from '../course/target.ts';

/** The suites' shared helpers, part of the checker itself, whatever course it grades. */
const SUITES_LIB = join(courseSuitesDir(REPO_ROOT), '_lib');

/** One graded copy inside the scratch folder: the learner's folder it was copied from, and where the copies went. */
export interface ScratchTarget {
  /** Short key of this copy, such as `t0`. */
  key: string;
  /**
   * Absolute folder of this copy (its chapters and its suites). Learner processes may read only its chapters
   * (Lane.forkSettings); the suites are served to the forks from memory and lie on no path they may read.
   */
  dir: string;
  /** The learner's folder: where its chapters really are and how messages name them. */
  learner: GradedTarget;
  /** Absolute folder holding the copied chapter folders. */
  chaptersDir: string;
  /** Absolute folder holding the copied suites. */
  suitesDir: string;
  /** Every copied suite file (public and private, helpers too) mapped to the trusted file it was copied from. */
  suiteOrigins: Map<string, string>;
}

/** The scratch folder name of a chapter's private suites, beside the public `checker/suites/<chapter dir>/`. */
export function privateSuitesDirName(chapterDir: string): string {
  return `${chapterDir}.private`;
}

/** One suite file of an exercise in a scratch target; `privateSuite` when it is one of the instructor's. */
export interface ExerciseSuiteFile {
  file: string;
  privateSuite?: PrivateSuite;
}

/** The suite files of one exercise in a target: its public suite, then each private suite written for it. */
export function exerciseSuiteFiles(target: ScratchTarget, { chapter, exercise }: Selected, privates: readonly PrivateSuite[]): ExerciseSuiteFile[] {
  return [
    { file: join(target.suitesDir, chapter.dir, exercise.suite) },
    ...privates
      .filter((suite) => suite.exerciseId === exercise.id)
      .map((suite) => ({ file: join(target.suitesDir, privateSuitesDirName(chapter.dir), suite.file), privateSuite: suite })),
  ];
}

/** A scratch folder outside the graded tree; nothing is ever written into the folder under grade. */
export interface Scratch {
  root: string;
  targets: ScratchTarget[];
  dispose(): void;
}

/** Scratch folders not yet disposed; removed when the process exits, even after Ctrl+C. */
const LIVE = new Set<string>();
process.on('exit', () => {
  for (const root of LIVE) rmSync(root, { recursive: true, force: true });
});

/** Makes an empty scratch folder that can resolve the repository's packages. */
export function createScratch(): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'mcp-check-'));
  // Straight to the real folder: a learner process resolves packages through this link, and the sandbox lets it read only the real path.
  symlinkSync(realpathSync(join(REPO_ROOT, 'node_modules')), join(root, 'node_modules'), 'dir');
  const scratch: Scratch = {
    root,
    targets: [],
    dispose: () => {
      LIVE.delete(root);
      rmSync(root, { recursive: true, force: true });
    },
  };
  LIVE.add(root);
  return scratch;
}

/** Copies the chapters of one learner folder and the trusted suites (the private ones from PRIVATE_DIR too) into the scratch folder. */
export function addTarget(scratch: Scratch, learner: GradedTarget, chapters: readonly ChapterSpec[], privateDir?: string): ScratchTarget {
  const key = `t${scratch.targets.length}`;
  const chaptersDir = join(scratch.root, key, 'chapters');
  const suitesDir = join(scratch.root, key, 'checker', 'suites');
  const suiteOrigins = new Map<string, string>();
  const copySuites = (from: string, to: string) => {
    cpSync(from, to, { recursive: true, dereference: true });
    for (const file of listFiles(to)) suiteOrigins.set(file, join(from, relative(to, file)));
  };
  // The public suites of the course graded.
  const publicSuites = courseSuitesDir(currentCourseRoot());
  mkdirSync(chaptersDir, { recursive: true });
  for (const chapter of chapters) {
    const from = join(learner.chaptersDir, chapter.dir);
    if (existsSync(from) && lstatSync(from).isDirectory()) copyLearnerTree(from, join(chaptersDir, chapter.dir));
    copySuites(join(publicSuites, chapter.dir), join(suitesDir, chapter.dir));
    const hidden = privateDir ? join(privateDir, chapter.dir) : null;
    if (hidden && existsSync(hidden)) copySuites(hidden, join(suitesDir, privateSuitesDirName(chapter.dir)));
  }
  copySuites(SUITES_LIB, join(suitesDir, '_lib'));
  const target: ScratchTarget = { key, dir: join(scratch.root, key), learner, chaptersDir, suitesDir, suiteOrigins };
  scratch.targets.push(target);
  return target;
}

/** Brings a scratch copy up to date: writes the files whose content changed, removes the ones gone; returns the changed paths. */
export function syncLearnerTree(from: string, to: string): string[] {
  const fresh = mkdtempSync(join(tmpdir(), 'mcp-sync-'));
  try {
    copyLearnerTree(from, fresh);
    const changed: string[] = [];
    const wanted = new Set(listFiles(fresh).map((file) => relative(fresh, file)));
    for (const file of listFiles(to)) {
      if (!wanted.has(relative(to, file))) {
        rmSync(file, { force: true });
        changed.push(file);
      }
    }
    for (const name of wanted) {
      const content = readFileSync(join(fresh, name));
      const target = join(to, name);
      if (existsSync(target) && readFileSync(target).equals(content)) continue;
      mkdirSync(dirname(target), { recursive: true });
      // Write beside, then rename: a compiler watching the folder never reads a half-written file.
      writeFileSync(`${target}.partial`, content);
      renameSync(`${target}.partial`, target);
      changed.push(target);
    }
    return changed;
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}
