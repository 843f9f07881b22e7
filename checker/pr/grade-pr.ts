import { spawnSync } from 'node:child_process';
import { josa } from '../usage/josa.ts';
import { chmodSync, closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Lang } from '../usage/messages.ts';
import type { Report } from '../report/shape.ts';
import { junitOf } from '../report/junit.ts';
import { REPO_ROOT } from '../course/files.ts';
import { runSignedCheck } from '../signed/launch.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import { MAX_FILE_BYTES } from '../course/learner-tree.ts';
import type { AssignmentGrading } from '../course/class-file.ts';
import { writeStartersGit } from './starters-git.ts';
import { archive, changedPaths, commitOf, git, gitBytes, isLinkMode, modeChanges, treeEntries } from './git.ts';
import type { TreeEntry } from './git.ts';

/** Settings for grading one pull request. */
export interface PullRequestOptions {
  /** The git checkout holding both commits. */
  repo: string;
  base: string;
  head: string;
  lang: Lang;
  timeoutMs: number;
  /** Run the base's checker (and so the learner's code) as this user through `sudo -n -u`; CI only. */
  runAs?: string;
  /** Grade this assignment of the class file only: its exercises, with its points. */
  assignment?: AssignmentGrading;
  /** An instructor's private suites (an absolute path), graded on top of the base's public ones. */
  suites?: string;
  /** The trusted manifest (this checker's chapters) the signed report is checked against. */
  chapters: readonly ChapterSpec[];
}

/** The assignment a pull request was graded for, as its report records it. */
export interface GradedAssignment {
  name: string;
  exercises: string[];
}

/** The checker's report for the head's chapters, plus what the pull request changed outside chapters/. */
export interface PullRequestReport extends Report {
  /**
   * Every path changed between merge-base(base, head) and head outside chapters/, then every link or submodule anywhere
   * in the head's tree and every mode the pull request changed (an executable bit, a file turned link); none of it was used.
   */
  tampered: string[];
  base: string;
  head: string;
  merge_base: string;
  /** With an assignment: its name and exercises, the report's only exercises (the check passes when they all pass). */
  assignment?: GradedAssignment;
}

/** The outcome of one pull-request grading: the checker's exit code, its report and its JUnit text. */
export interface PullRequestResult {
  exitCode: number;
  report: PullRequestReport | null;
  junit: string | null;
  /** The results file was there but its signature did not match: something other than the checker wrote it. */
  forged?: boolean;
}

/** True for a path the learner is meant to change. */
function isLearnerPath(path: string): boolean {
  return path.startsWith('chapters/');
}

/**
 * Grades the head's chapters/ with the base's checker, suites and configuration in a scratch folder.
 * The base tree and the head's chapters/ are exported with `git archive`; nothing else of the head is read.
 */
export async function gradePullRequest(options: PullRequestOptions): Promise<PullRequestResult> {
  const repo = git(resolve(options.repo), ['rev-parse', '--show-toplevel']).trim();
  const base = commitOf(repo, options.base);
  const head = commitOf(repo, options.head);
  const mergeBase = git(repo, ['merge-base', base, head]).trim();
  const tampered = tamperedPaths(repo, mergeBase, head);
  // From the object listing alone, before anything is written: a pull request past a limit is refused whole.
  const files = headFiles(repo, head, 'chapters');
  const over = pastLimit(files);
  if (over) throw new PullRequestTooLargeError(tooLargeMessage(over, options.lang));
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-grade-pr-'));
  try {
    const baseDir = join(scratch, 'base');
    const headDir = join(scratch, 'head');
    const outDir = join(scratch, 'out');
    for (const dir of [baseDir, join(headDir, 'chapters'), outDir]) mkdirSync(dir, { recursive: true });
    extract(repo, base, baseDir, []);
    // Only the head's regular files under chapters/ are written, by their bytes: a link or submodule never reaches the disk.
    writeRegularFiles(repo, files, headDir);
    rmSync(join(baseDir, 'node_modules'), { recursive: true, force: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(baseDir, 'node_modules'), 'dir');
    // The scratch folder is read by the other user; the launcher opens the out folder to it.
    if (options.runAs) chmodSync(scratch, 0o755);
    // The unpacked base has no history, and private suites are type-checked against the starters its git would hold.
    const startersGit = options.suites ? writeStartersGit(repo, baseDir, join(scratch, 'starters.git')) : undefined;
    const ran = await runSignedCheck(
      {
        checkerRoot: baseDir,
        chapters: join(headDir, 'chapters'),
        outDir,
        // An assignment's exercises alone are graded (and only their chapters' files run).
        ...(options.assignment ? { exercises: options.assignment.exercises } : {}),
        lang: options.lang,
        timeoutMs: options.timeoutMs,
        ...(options.suites ? { suites: options.suites } : {}),
        ...(startersGit ? { startersGit } : {}),
        ...(options.runAs ? { runAs: { sudo: options.runAs } } : {}),
      },
      { manifest: options.chapters, ...(options.assignment ? { weights: options.assignment.weights } : {}) },
    );
    const { exitCode } = ran;
    if (ran.report === null) {
      if (ran.failed.why === 'forged') return { exitCode: 2, report: null, junit: null, forged: true };
      return { exitCode: ran.failed.why === 'no-report' && exitCode !== 0 ? exitCode : 2, report: null, junit: null };
    }
    // The checker already names the head's chapters folder `chapters` (--shown-as), so the report is used as written.
    if (!options.assignment) {
      const report: PullRequestReport = { ...ran.report, tampered, base, head, merge_base: mergeBase };
      return { exitCode, report, junit: junitOf(report) };
    }
    const { name, exercises } = options.assignment;
    const report: PullRequestReport = { ...ran.report, tampered, base, head, merge_base: mergeBase, assignment: { name, exercises } };
    // The check's own exit code: its assignment's exercises decide it, as the report's status says.
    return { exitCode: exitCode === 2 ? 2 : report.status === 'pass' ? 0 : 1, report, junit: junitOf(report) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The pull request's tampering: paths changed outside chapters/, links and submodules anywhere in the head, and mode changes. */
export function tamperedPaths(repo: string, mergeBase: string, head: string): string[] {
  const outside = changedPaths(repo, mergeBase, head).filter((path) => !isLearnerPath(path));
  const links = treeEntries(repo, head).filter((entry) => isLinkMode(entry.mode)).map((entry) => entry.path);
  return [...new Set([...outside, ...links, ...modeChanges(repo, mergeBase, head)])];
}

/** True for a path from a git tree that stays inside the folder it is written to: no empty, `.` or `..` part, not absolute. */
function isPlainTreePath(path: string): boolean {
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * What grade:pr writes of a pull request's head at most, read from `git ls-tree -l` before anything is written.
 * `files`: regular files under chapters/. `totalBytes`: the bytes written out, every file counted at each path it
 * has (one blob at many paths is written many times). `fileBytes`: the largest blob listed at all; a file past the
 * checker's own MAX_FILE_BYTES and within this is written as an empty sparse file of its size, for the checker to
 * name as too big. The course's chapters hold some 60 files and 200 KB.
 */
export const PULL_REQUEST_LIMITS = { files: 2_000, totalBytes: 32 * 1024 * 1024, fileBytes: 64 * 1024 * 1024 } as const;

/** The limit a pull request went past, with what it had. */
export type LimitPassed = { limit: 'files'; found: number } | { limit: 'totalBytes'; found: number } | { limit: 'fileBytes'; found: number; path: string };

/** A pull request refused before anything of it was written, with a message naming the limit. */
export class PullRequestTooLargeError extends Error {
  constructor(message: string, readonly passed?: LimitPassed) {
    super(message);
  }
}

/** The head's regular files under `prefix` that grade:pr would write (links, submodules and paths leaving the folder are never written). */
export function headFiles(repo: string, commit: string, prefix: string): TreeEntry[] {
  return treeEntries(repo, commit, [prefix]).filter((entry) => entry.type === 'blob' && (entry.mode === '100644' || entry.mode === '100755') && isPlainTreePath(entry.path));
}

/** The first of PULL_REQUEST_LIMITS the files go past, or null. */
export function pastLimit(files: readonly TreeEntry[]): LimitPassed | null {
  if (files.length > PULL_REQUEST_LIMITS.files) return { limit: 'files', found: files.length };
  const largest = files.reduce<TreeEntry | null>((top, entry) => (top === null || entry.size > top.size ? entry : top), null);
  if (largest && largest.size > PULL_REQUEST_LIMITS.fileBytes) return { limit: 'fileBytes', found: largest.size, path: largest.path };
  const total = files.reduce((sum, entry) => sum + (entry.size > MAX_FILE_BYTES ? 0 : entry.size), 0);
  if (total > PULL_REQUEST_LIMITS.totalBytes) return { limit: 'totalBytes', found: total };
  return null;
}

/** The refusal, naming the limit and what the pull request had. */
export function tooLargeMessage(passed: LimitPassed, lang: Lang): string {
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const limit = PULL_REQUEST_LIMITS[passed.limit];
  if (lang === 'ko') {
    if (passed.limit === 'files') return `풀 리퀘스트를 채점하지 않았다: chapters/에 파일이 ${passed.found}개로, 한도(files) ${limit}개를 넘는다. 아무것도 쓰지 않았다.`;
    if (passed.limit === 'fileBytes') return `풀 리퀘스트를 채점하지 않았다: ${josa(passed.path, '이/가')} ${josa(mb(passed.found), '으로/로')}, 파일 하나의 한도(fileBytes) ${josa(mb(limit), '을/를')} 넘는다. 아무것도 쓰지 않았다.`;
    return `풀 리퀘스트를 채점하지 않았다: chapters/의 파일을 모두 쓰면 ${josa(mb(passed.found), '으로/로')}(같은 내용이 여러 경로에 있으면 경로마다 센다), 한도(totalBytes) ${josa(mb(limit), '을/를')} 넘는다. 아무것도 쓰지 않았다.`;
  }
  if (passed.limit === 'files') return `The pull request was not graded: chapters/ holds ${passed.found} files, more than the limit (files) of ${limit}. Nothing was written.`;
  if (passed.limit === 'fileBytes') return `The pull request was not graded: ${passed.path} is ${mb(passed.found)}, more than the limit for one file (fileBytes) of ${mb(limit)}. Nothing was written.`;
  return `The pull request was not graded: writing out chapters/ would take ${mb(passed.found)} (the same content at several paths counts at each), more than the limit (totalBytes) of ${mb(limit)}. Nothing was written.`;
}

/**
 * Writes the given regular files into `into`, each by its bytes (`git cat-file`); the caller has checked them against
 * PULL_REQUEST_LIMITS. A file over MAX_FILE_BYTES is written as a sparse file of its size, never read, so the checker
 * names it as too big without the disk filling.
 */
function writeRegularFiles(repo: string, files: readonly TreeEntry[], into: string): void {
  for (const entry of files) {
    const target = join(into, entry.path);
    mkdirSync(dirname(target), { recursive: true });
    if (entry.size > MAX_FILE_BYTES) {
      const fd = openSync(target, 'w');
      ftruncateSync(fd, entry.size);
      closeSync(fd);
    } else writeFileSync(target, gitBytes(repo, ['cat-file', 'blob', entry.oid]));
  }
}

/** Unpacks `git archive` of the commit (or of some paths in it) into a folder. */
function extract(repo: string, commit: string, into: string, paths: readonly string[]): void {
  const tar = `${into}.tar`;
  archive(repo, commit, tar, paths);
  const untar = spawnSync('tar', ['-x', '--no-same-owner', '-f', tar, '-C', into], { stdio: ['ignore', 'ignore', 'pipe'] });
  rmSync(tar, { force: true });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString('utf8')}`);
}
