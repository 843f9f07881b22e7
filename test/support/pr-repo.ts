import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './run.ts';
import { committedStarters } from './starters.ts';

/** Runs git in the throwaway repository with a fixed identity, returning its output. */
function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Builds a throwaway course repository in `dir` (checker, starters, configs) with one commit on `main`; returns that commit. */
export function makeCourseRepo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const path of ['checker', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    cpSync(join(REPO, path), join(dir, path), { recursive: true });
  }
  cpSync(committedStarters(), join(dir, 'chapters'), { recursive: true });
  writeFileSync(join(dir, '.gitignore'), 'node_modules/\n');
  gitIn(dir, 'init', '-q', '-b', 'main');
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '-m', 'course');
  return gitIn(dir, 'rev-parse', 'HEAD').trim();
}

/** Starts a branch from `from`, lets `change` edit the working tree, commits everything and returns the commit. */
export function commitBranch(dir: string, branch: string, from: string, change: (root: string) => void): string {
  gitIn(dir, 'checkout', '-q', '-b', branch, from);
  change(dir);
  gitIn(dir, 'add', '-A');
  gitIn(dir, 'commit', '-q', '--allow-empty', '-m', branch);
  return gitIn(dir, 'rev-parse', 'HEAD').trim();
}

/** Copies the solution of a chapter over the starter in a course repository. */
export function solveChapter(root: string, chapter: string): void {
  cpSync(join(REPO, 'solutions', chapter), join(root, 'chapters', chapter), { recursive: true });
}

/** Rewrites a file in place. */
export function rewrite(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}
