import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository under test. */
export const REPO = resolve(import.meta.dirname, '..', '..');

/** What a finished command left behind. */
export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Options for a command run by the tests. */
interface RunOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Text for standard input. */
  input?: string;
}

/** Runs Node with the given arguments in the repository and waits for it. */
function node(args: readonly string[], options: RunOptions): Ran {
  const result = spawnSync(process.execPath, args, {
    cwd: REPO,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    // INIT_CWD is blanked: npm sets it to where `npm test` was typed, and a chapter folder there would narrow check, hint and watch.
    env: { ...process.env, CHECKER_LANG: '', INIT_CWD: '', ...options.env },
    maxBuffer: 64 * 1024 * 1024,
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a TypeScript file of the repository with tsx. */
export function runTs(file: string, args: readonly string[], options: RunOptions = {}): Ran {
  return node(['--import', 'tsx', join(REPO, file), ...args], options);
}

/** Runs a checker entry point through checker/run.mjs, exactly as the npm scripts start it. */
export function entry(file: string, args: readonly string[], options: RunOptions = {}): Ran {
  return node([join(REPO, 'checker', 'run.mjs'), join(REPO, file), ...args], options);
}

/** Runs the checker CLI (`npm run check`, `hint`, `watch`, `reset`). */
export function checker(args: readonly string[], options: RunOptions = {}): Ran {
  return entry('checker/cli.ts', args, options);
}
