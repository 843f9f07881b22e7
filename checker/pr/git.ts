import { execFileSync } from 'node:child_process';

/** Runs git in a repository and returns its standard output; throws with git's message when git fails. */
export function git(repo: string, args: readonly string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
  });
}

/** The full commit id a revision names. */
export function commitOf(repo: string, ref: string): string {
  return git(repo, ['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`]).trim();
}

/** Every path that differs between two commits, renames split into their old and new paths. */
export function changedPaths(repo: string, from: string, to: string): string[] {
  const out = git(repo, ['diff', '--name-only', '--no-renames', '--no-ext-diff', '--no-textconv', '-z', from, to, '--']);
  return out.split('\0').filter((path) => path !== '');
}

/** True when the commit has a path (file or folder) at `path`. */
export function hasPath(repo: string, commit: string, path: string): boolean {
  return git(repo, ['ls-tree', '--name-only', commit, '--', path]).trim() !== '';
}

/** Writes a tar archive of the commit (limited to `paths` when given) to `file`; nothing is checked out or run. */
export function archive(repo: string, commit: string, file: string, paths: readonly string[] = []): void {
  git(repo, ['archive', '--format=tar', `--output=${file}`, commit, ...(paths.length > 0 ? ['--', ...paths] : [])]);
}
