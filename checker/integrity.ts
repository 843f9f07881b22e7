import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './scratch.ts';

/** The files that decide a grade: the checker with its suites and manifests, and what installs and configures it. */
export const CHECKER_FILES = ['checker', 'package.json', 'package-lock.json', 'tsconfig.json'] as const;

/** Whether the checker's files match the commit: `changed` lists what differs; `verified` is false where there is no git to ask. */
export interface Integrity {
  verified: boolean;
  changed: string[];
}

/** Set by the repository's own tests so maintainers can run them on uncommitted checker changes. */
const TRUST_WORKTREE = 'CHECKER_TRUST_WORKTREE';

/** Compares the checker's files in a repository with its last commit, untracked files included. */
export function verifyChecker(root: string = REPO_ROOT): Integrity {
  if (process.env[TRUST_WORKTREE] === '1' || !existsSync(join(root, '.git'))) return { verified: false, changed: [] };
  const ran = spawnSync('git', ['-C', root, 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...CHECKER_FILES], { encoding: 'utf8' });
  if (ran.status !== 0) return { verified: false, changed: [] };
  const changed = ran.stdout
    .split('\0')
    .filter((entry) => entry.length > 3)
    .map((entry) => entry.slice(3));
  return { verified: true, changed };
}

/** The changed files for a one-line message: the first few, then how many more. */
export function listChanged(changed: readonly string[]): string {
  const shown = changed.slice(0, 3).join(', ');
  return changed.length > 3 ? `${shown} (+${changed.length - 3})` : shown;
}

/** The command that puts the checker's files back as committed. */
export const RESTORE_COMMAND = `git checkout -- ${CHECKER_FILES.join(' ')} && git clean -fd -- checker`;
