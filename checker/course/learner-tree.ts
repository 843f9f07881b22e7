import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LeftOutEntry, LeftOutWhy } from '../usage/intake-words.ts';

/*
 * Which files of a learner's chapter folder count, decided once: the scratch copy that is graded, the class
 * fingerprint that says two folders grade alike, and the similarity pass all walk the folder through here.
 * A submission is data: the walk never follows a link (lstat, never stat), takes only regular files with one
 * name (a hard link shares its bytes with a path outside the submission), reads each through O_NOFOLLOW, and
 * never takes a file that configures a tool (tsc, vite and npm would read it and answer from the grading machine).
 */

/** The largest learner file the checker takes; bigger files are left out so a flood of data cannot fill the disk. */
export const MAX_FILE_BYTES = 1_000_000;

/** The most one chapter folder may hold, in bytes of the files taken and in entries; the rest is left out and named. */
export const MAX_CHAPTER = { bytes: 4_000_000, entries: 2_000 } as const;

/** One entry left out of grading: its path inside the folder walked (joined with `/`, or as messages name it) and why. */
export type LeftOut = LeftOutEntry;

/** One entry of a learner folder that counts: its absolute path, its path inside the folder, and whether it is a folder. */
export interface LearnerEntry {
  path: string;
  /** Relative to the folder walked, joined with `/`. */
  name: string;
  folder: boolean;
}

/** What a learner folder gives to grading: the entries taken and the entries left out, each with its reason. */
export interface LearnerIntake {
  entries: LearnerEntry[];
  leftOut: LeftOut[];
}

/**
 * File names that configure a tool rather than hold course code: package manifests and lock files, tsconfig and
 * jsconfig, bundler and test-runner configs, npm/yarn/babel rc files. None is ever copied, so no tool the checker
 * starts can honour one.
 */
const CONFIG_FILE =
  /^(?:package(?:-lock)?\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-(?:lock|workspace)\.yaml|bun\.lockb?|bunfig\.toml|deno\.jsonc?|[tj]sconfig(?:\..*)?\.json|(?:vite|vitest|vitest\.workspace|babel|rollup|webpack|esbuild|tsup|postcss|jest)\.config\..+|vitest\.workspace\..+|\.npmrc|\.yarnrc(?:\.yml)?|\.pnpmfile\.cjs|\.babelrc(?:\..+)?|\.swcrc|\.env(?:\..+)?)$/i;

/** True for a file name that configures a tool (see CONFIG_FILE): never taken from a submission. */
export function isConfigFile(name: string): boolean {
  return CONFIG_FILE.test(name);
}

/** Sorts entries by name, code unit by code unit, so every walk of the same folder sees the same order. */
function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** True when a path is a real folder by lstat: a link to one (a submitted `chapters/01-mini-mcp -> /somewhere`) counts as absent. */
export function isLearnerFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Why lstat's answer for an entry that is neither folder nor plain file is left out; null when it is taken. */
function fileVerdict(stats: { isFile(): boolean; isSymbolicLink(): boolean; nlink: number; size: number }): LeftOutWhy | null {
  if (stats.isSymbolicLink()) return 'link';
  if (!stats.isFile()) return 'special';
  // Decided: a second name for the same bytes is refused, never followed; a course copy made by git, cp or unzip has none.
  if (stats.nlink > 1) return 'hard-link';
  if (stats.size > MAX_FILE_BYTES) return 'too-big';
  return null;
}

/**
 * The entries of a learner folder, each folder before what it holds, in name order, and what is left out: links,
 * hard links, special files (FIFO, socket, device), tool config files, files over MAX_FILE_BYTES, and whatever passes
 * MAX_CHAPTER. Dot entries (.git, .DS_Store) and node_modules are no course path and are skipped unnamed, except a
 * dot config file such as `.npmrc`, which is named. A missing folder, a path that is not one, or a link to one has none.
 */
export function learnerIntake(dir: string): LearnerIntake {
  const entries: LearnerEntry[] = [];
  const leftOut: LeftOut[] = [];
  if (!isLearnerFolder(dir)) return { entries, leftOut };
  let bytes = 0;
  const visit = (folder: string, prefix: string): void => {
    let names;
    try {
      names = readdirSync(folder, { withFileTypes: true }).sort(byName);
    } catch {
      return;
    }
    for (const dirent of names) {
      const name = `${prefix}${dirent.name}`;
      if (dirent.name === 'node_modules') continue;
      if (dirent.name.startsWith('.')) {
        if (isConfigFile(dirent.name)) leftOut.push({ name, why: 'config' });
        continue;
      }
      const path = join(folder, dirent.name);
      let stats;
      try {
        stats = lstatSync(path);
      } catch {
        continue;
      }
      if (stats.isDirectory()) {
        if (entries.length >= MAX_CHAPTER.entries) {
          leftOut.push({ name, why: 'chapter-full' });
          continue;
        }
        entries.push({ path, name, folder: true });
        visit(path, `${name}/`);
        continue;
      }
      const why = fileVerdict(stats) ?? (isConfigFile(dirent.name) ? 'config' : null);
      if (why) leftOut.push({ name, why });
      else if (entries.length >= MAX_CHAPTER.entries || bytes + stats.size > MAX_CHAPTER.bytes) leftOut.push({ name, why: 'chapter-full' });
      else {
        bytes += stats.size;
        entries.push({ path, name, folder: false });
      }
    }
  };
  visit(dir, '');
  return { entries, leftOut };
}

/** The entries of a learner folder that count (see learnerIntake). */
export function learnerEntries(dir: string): LearnerEntry[] {
  return learnerIntake(dir).entries;
}

/**
 * Reads one learner file by its bytes, through O_NOFOLLOW (and O_NONBLOCK, so a FIFO swapped in cannot block),
 * checked again on the open descriptor: null when it is no longer a plain file with one name within MAX_FILE_BYTES.
 */
export function readLearnerFile(path: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(fd);
    if (fileVerdict({ isFile: () => stats.isFile(), isSymbolicLink: () => false, nlink: stats.nlink, size: stats.size }) !== null) return null;
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies the entries of a learner folder that count (see learnerIntake) into `to` by their bytes; nothing, not even `to`, when `from` is missing or a link. */
export function copyLearnerTree(from: string, to: string): void {
  if (!isLearnerFolder(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of learnerEntries(from)) {
    const target = join(to, entry.name);
    if (entry.folder) mkdirSync(target, { recursive: true });
    else {
      const bytes = readLearnerFile(entry.path);
      if (bytes !== null) writeFileSync(target, bytes);
    }
  }
}
