import { execFileSync } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, normalize, sep } from 'node:path';
import type { ChapterSpec } from '../../manifest/types.ts';
import { SHOWN_AS, gradedTarget } from '../../course/target.ts';
import { REPO_ROOT } from '../../course/files.ts';
import { learnerEntries } from '../../course/learner-tree.ts';
import { committedStarters } from '../../course/starters.ts';
import type { Student } from './students.ts';

/** Reads a student's repository with plumbing only: no hooks, no filters, no pager, no replace refs, whoever owns it. */
function git(repo: string, args: readonly string[]): Buffer {
  return execFileSync('git', ['-c', 'safe.directory=*', '-c', 'core.hooksPath=/dev/null', '--git-dir', join(repo, '.git'), ...args], {
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env['PATH'] ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_NO_REPLACE_OBJECTS: '1', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat' },
  });
}

/** The repository of a submission: the folder that holds its chapters/ (or the chapter folders), when it has a .git folder. */
function repositoryOf(student: Student): { repo: string; prefix: string } | null {
  const chaptersDir = student.learner?.chaptersDir;
  if (!chaptersDir) return null;
  if (basename(chaptersDir) === 'chapters' && existsSync(join(dirname(chaptersDir), '.git'))) return { repo: dirname(chaptersDir), prefix: 'chapters/' };
  return existsSync(join(chaptersDir, '.git')) ? { repo: chaptersDir, prefix: '' } : null;
}

/**
 * The submission as it stood at its last commit at or before the deadline: that commit's chapter files are
 * written to `into` from git's objects (ls-tree and cat-file, so no checkout, hook or filter of the student's
 * runs), and the student carries the commit and its date. A copy without .git is graded as it is and marked so;
 * one with no commit by the deadline has nothing to grade. Commit dates are the student's clock: see docs/instructors/deadline.md.
 */
export function atDeadline(student: Student, deadline: Date, into: string, chapters: readonly ChapterSpec[]): Student {
  if (student.problem) return student;
  const found = repositoryOf(student);
  if (!found) return { ...student, snapshot: { kind: 'no-git' } };
  let commit: string;
  try {
    // Seconds since the epoch (`@…`): git reads that exactly, where its date parser gives up on some years.
    commit = git(found.repo, ['rev-list', '-1', `--before=@${Math.floor(deadline.getTime() / 1000)}`, 'HEAD', '--']).toString('utf8').trim();
  } catch {
    return { ...student, learner: null, problem: 'no-commit', snapshot: { kind: 'no-commit' } };
  }
  if (commit === '') return { ...student, learner: null, problem: 'no-commit', snapshot: { kind: 'no-commit' } };
  const date = git(found.repo, ['show', '-s', '--format=%cI', commit]).toString('utf8').trim();
  const listing = git(found.repo, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...(found.prefix ? [found.prefix] : [])]).toString('utf8');
  mkdirSync(into, { recursive: true });
  const blobs = new Map<string, string>();
  for (const line of listing.split('\0').filter((entry) => entry !== '')) {
    const [meta, path] = line.split('\t') as [string, string];
    const [mode, type, oid] = meta.split(' ') as [string, string, string];
    // Regular files only: links and submodules are left out, as the scratch copy leaves them out.
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755')) continue;
    const target = normalize(join(into, path));
    if (!target.startsWith(`${normalize(into)}${sep}`)) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, git(found.repo, ['cat-file', 'blob', oid]));
    blobs.set(path, oid);
  }
  const learner = gradedTarget(into, chapters, SHOWN_AS);
  const snapshot: Extract<NonNullable<Student['snapshot']>, { kind: 'commit' }> = { kind: 'commit', commit, date };
  // The copy as handed in, beside the commit graded: newer work in it would otherwise be dropped without a word.
  if (!sameChapters(student.learner!.chaptersDir, learner.chaptersDir, chapters)) {
    const head = git(found.repo, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']).toString('utf8').trim();
    snapshot.newer = head === commit ? 'uncommitted' : 'after-deadline';
  }
  const notOwn = inCourseHistory(commit) ? 'course-history' : isStarterCommit(blobs, found.prefix, chapters) ? 'starter' : null;
  if (notOwn) snapshot.notOwn = notOwn;
  return { ...student, learner, snapshot };
}

/** True when two chapters folders hold the same files grading sees (learnerEntries), byte for byte, in every chapter. */
function sameChapters(a: string, b: string, chapters: readonly ChapterSpec[]): boolean {
  return chapters.every((chapter) => {
    const left = learnerEntries(join(a, chapter.dir)).filter((entry) => !entry.folder);
    const right = learnerEntries(join(b, chapter.dir)).filter((entry) => !entry.folder);
    return left.length === right.length && left.every((entry, index) => entry.name === right[index]!.name && readFileSync(entry.path).equals(readFileSync(right[index]!.path)));
  });
}

/** True when the commit is in the course repository this checker runs from: the student cloned it and never committed. */
function inCourseHistory(commit: string): boolean {
  // The instructor's own repository: its config is trusted, as every other git call of the checker trusts it.
  return spawnSync('git', ['-C', REPO_ROOT, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' }).status === 0;
}

/**
 * True when every chapter in the commit is the committed starter, blob for blob (a student edition has another
 * history, so its commits are known by their content). False when the starters cannot be read.
 */
function isStarterCommit(blobs: ReadonlyMap<string, string>, prefix: string, chapters: readonly ChapterSpec[]): boolean {
  let starters;
  try {
    starters = committedStarters();
  } catch {
    return false;
  }
  return chapters.every((chapter) => {
    const starter = starters[chapter.dir];
    if (!starter) return false;
    const base = `${prefix}${chapter.dir}/`;
    const own = [...blobs].filter(([path]) => path.startsWith(base) && !path.slice(base.length).split('/').some((part) => part === 'node_modules' || part.startsWith('.')));
    return own.length === Object.keys(starter).length && own.every(([path, oid]) => Object.hasOwn(starter, path.slice(base.length)) && starter[path.slice(base.length)] === oid);
  });
}
