import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository under test. */
export const REPO = resolve(import.meta.dirname, '..', '..');

/** What a finished command left behind. */
export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a TypeScript entry point of the repository with tsx, as npm scripts do, and waits for it. */
export function runTs(file: string, args: readonly string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Ran {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, file), ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    env: { ...process.env, CHECKER_LANG: '', ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
}

/** Runs the checker CLI. */
export function checker(args: readonly string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Ran {
  return runTs('checker/cli.ts', args, options);
}
