import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Lang } from '../usage/messages.ts';
import type { Report } from '../report/shape.ts';
import { junitOf } from '../report/junit.ts';
import { withoutRunnerChannels } from '../trust/ci-channels.ts';
import { REPO_ROOT } from '../course/files.ts';
import { newSigningKey, readSignedReport } from '../trust/sign.ts';
import { MAX_FILE_BYTES } from '../course/learner-tree.ts';
import type { AssignmentGrading } from '../course/class-file.ts';
import { assignmentReport } from './assignment.ts';
import type { GradedAssignment } from './assignment.ts';
import { writeStartersGit } from './starters-git.ts';
import { archive, changedPaths, commitOf, git, gitBytes, isLinkMode, modeChanges, treeEntries } from './git.ts';

/** Settings for grading one pull request. */
export interface PullRequestOptions {
  /** The git checkout holding both commits. */
  repo: string;
  base: string;
  head: string;
  lang: Lang;
  timeoutSeconds: number;
  /** Run the base's checker (and so the learner's code) as this user through `sudo -n -u`; CI only. */
  runAs?: string;
  /** Grade this assignment of the class file only: its exercises, with its points. */
  assignment?: AssignmentGrading;
  /** An instructor's private suites (an absolute path), graded on top of the base's public ones. */
  suites?: string;
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
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-grade-pr-'));
  try {
    const baseDir = join(scratch, 'base');
    const headDir = join(scratch, 'head');
    const outDir = join(scratch, 'out');
    for (const dir of [baseDir, join(headDir, 'chapters'), outDir]) mkdirSync(dir, { recursive: true });
    extract(repo, base, baseDir, []);
    // Only the head's regular files under chapters/ are written, by their bytes: a link or submodule never reaches the disk.
    writeRegularFiles(repo, head, headDir, 'chapters');
    rmSync(join(baseDir, 'node_modules'), { recursive: true, force: true });
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(baseDir, 'node_modules'), 'dir');
    if (options.runAs) {
      chmodSync(scratch, 0o755);
      chmodSync(outDir, 0o777);
    }
    const json = join(outDir, 'report.json');
    // The unpacked base has no history, and private suites are type-checked against the starters its git would hold.
    const starters = options.suites ? ['--starters-git', writeStartersGit(repo, baseDir, join(scratch, 'starters.git'))] : [];
    const argv = [
      '--import', 'tsx', join(baseDir, 'checker', 'commands', 'signed-check.ts'),
      // An assignment's exercises alone are graded (and only their chapters' files run).
      ...(options.assignment?.exercises ?? []),
      '--target', join(headDir, 'chapters'), '--shown-as', 'chapters', '--json', json,
      '--lang', options.lang, '--timeout', String(options.timeoutSeconds),
      ...(options.suites ? ['--suites', options.suites, ...starters] : []),
    ];
    const key = newSigningKey();
    const exitCode = await runChecker(argv, baseDir, options.runAs, key);
    if (options.runAs) spawnSync('sudo', ['-n', '-u', options.runAs, '--', 'kill', '-KILL', '-1'], { stdio: 'ignore' });
    // Learner code runs as the same user that wrote the file: only a valid signature proves the checker wrote it.
    const checked = readSignedReport(json, key);
    if (checked === null) return { exitCode: exitCode === 0 ? 2 : exitCode, report: null, junit: null };
    if (checked === 'forged') return { exitCode: 2, report: null, junit: null, forged: true };
    // The checker already names the head's chapters folder `chapters` (--shown-as), so the report is used as written.
    if (!options.assignment) {
      const report: PullRequestReport = { ...checked, tampered, base, head, merge_base: mergeBase };
      return { exitCode, report, junit: junitOf(report) };
    }
    const graded = assignmentReport(checked, options.assignment);
    if (graded === null) return { exitCode: 2, report: null, junit: null };
    const { name, exercises } = options.assignment;
    const report: PullRequestReport = { ...graded, tampered, base, head, merge_base: mergeBase, assignment: { name, exercises } };
    // The check's own exit code: its assignment's exercises decide it, as the report's status says.
    return { exitCode: exitCode === 2 ? 2 : graded.status === 'pass' ? 0 : 1, report, junit: junitOf(report) };
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
 * Writes the commit's regular files under `prefix` into `into`, each by its bytes (`git cat-file`); links and
 * submodules are skipped (tamperedPaths lists them). A file over MAX_FILE_BYTES is written as a sparse file of its
 * size, never read, so the checker names it as too big without the disk filling.
 */
function writeRegularFiles(repo: string, commit: string, into: string, prefix: string): void {
  const files = treeEntries(repo, commit, [prefix]).filter((entry) => entry.type === 'blob' && (entry.mode === '100644' || entry.mode === '100755') && isPlainTreePath(entry.path));
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

/** Runs the base's checker with the runner's channels removed from its environment (and as another user when asked). */
function runChecker(argv: readonly string[], cwd: string, runAs: string | undefined, key: string): Promise<number> {
  const env = withoutRunnerChannels();
  const [command, args] = runAs
    ? ['sudo', ['-n', '-u', runAs, '--', 'env', '-i', `PATH=${env['PATH'] ?? '/usr/bin:/bin'}`, 'HOME=/tmp', 'LANG=C.UTF-8', 'CI=true', process.execPath, ...argv]]
    : [process.execPath, [...argv]];
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, env, stdio: ['pipe', 'inherit', 'inherit'] });
    child.stdin.end(`${key}\n`);
    child.on('error', () => done(2));
    child.on('close', (code) => done(code ?? 2));
  });
}
