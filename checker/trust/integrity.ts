import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../course/files.ts';

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
  const entries = ran.stdout.split('\0');
  const changed: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index]!;
    if (entry.length <= 3) continue;
    changed.push(entry.slice(3));
    // A rename or copy entry is followed by its source path, which has no status in front.
    if (/[RC]/.test(entry.slice(0, 2)) && entries[index + 1]) changed.push(entries[(index += 1)]!);
  }
  return { verified: true, changed };
}

/** The changed files for a one-line message: the first few, then how many more. */
export function listChanged(changed: readonly string[]): string {
  const shown = changed.slice(0, 3).join(', ');
  return changed.length > 3 ? `${shown} (+${changed.length - 3})` : shown;
}

/** The command that puts the checker's files back as committed. */
export const RESTORE_COMMAND = `git checkout -- ${CHECKER_FILES.join(' ')} && git clean -fd -- checker`;
