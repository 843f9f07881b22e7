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

/** Runs git in a repository and returns its standard output as bytes (a blob's content). */
export function gitBytes(repo: string, args: readonly string[]): Buffer {
  return execFileSync('git', ['-C', repo, ...args], {
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
  });
}

/** Runs git (`args` name the repository, as `-C DIR` or `--git-dir DIR`) with `input` on its standard input; returns its output as bytes. */
export function gitPiped(args: readonly string[], input: string | Buffer): Buffer {
  return execFileSync('git', [...args], {
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
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

/** One entry of a commit's tree: its mode (`100644`, `100755`, `120000` link, `160000` submodule), type, object id, size and path. */
export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  /** Bytes of a blob; -1 for a submodule. */
  size: number;
  path: string;
}

/** Every entry of the commit's tree, recursively (limited to `paths` when given), with blob sizes. */
export function treeEntries(repo: string, commit: string, paths: readonly string[] = []): TreeEntry[] {
  const out = git(repo, ['ls-tree', '-r', '-z', '-l', '--full-tree', commit, ...(paths.length > 0 ? ['--', ...paths] : [])]);
  return out.split('\0').filter((line) => line !== '').map((line) => {
    const tab = line.indexOf('\t');
    const [mode, type, oid, size] = line.slice(0, tab).split(/ +/) as [string, string, string, string];
    return { mode, type, oid, size: size === '-' ? -1 : Number(size), path: line.slice(tab + 1) };
  });
}

/** Modes a tree entry may have without being tampering: a plain file, an executable one, a folder. */
const LINK_MODES = new Set(['120000', '160000']);

/** True for a tree entry that is a symbolic link or a submodule (gitlink): never graded, always tampering. */
export function isLinkMode(mode: string): boolean {
  return LINK_MODES.has(mode);
}

/**
 * Paths whose mode the change from `from` to `to` set or changed: a file made executable (or added executable), a file
 * turned into a link or submodule, or back. Content changes alone are not listed.
 */
export function modeChanges(repo: string, from: string, to: string): string[] {
  const out = git(repo, ['diff', '--raw', '-z', '--no-renames', '--no-ext-diff', '--no-textconv', from, to, '--']);
  return modeChangesOf(out);
}

/** The paths a `git diff --raw -z` listing changes the mode of (see modeChanges). */
export function modeChangesOf(raw: string): string[] {
  const parts = raw.split('\0');
  const found: string[] = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const meta = parts[index]!;
    const path = parts[index + 1]!;
    const [oldMode, newMode] = meta.replace(/^:/, '').split(' ') as [string, string];
    if (newMode === '000000') continue;
    const added = oldMode === '000000';
    if ((added && newMode !== '100644') || (!added && oldMode !== newMode)) found.push(path);
  }
  return found;
}
