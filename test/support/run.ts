import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository under test. */
export const REPO = resolve(import.meta.dirname, '..', '..');

/**
 * The --timeout, in seconds, of every grading run in these tests. Honest code ends on an event (its last test
 * finishes) long before it, even on a loaded 2-core machine where a fork can take seconds to start, so load never
 * turns an expected pass, fail or error into a timeout; and every limit inside a run (per test, per load after a hang)
 * follows it. Only hostile code that really never ends reaches it, and that code times out at any limit.
 */
export const GRADING_TIMEOUT = '60';

/**
 * The --timeout, in seconds, of the runs that plant code which never ends (an endless loop, a student who hangs), beside
 * honest code in the same run. A file's limit counts the CPU time its fork spent on it, and the time it spent blocked only
 * at three times the limit, never time spent waiting for a core, so load does not bring honest code near it: an honest file of these runs spends a fraction of a second of
 * CPU time, however long it waits for a core. A planted loop spends its CPU time at once, so it ends in about this many
 * seconds on a quiet machine and holds a core no longer than that. At 5 s one test still gets 5 s and a load after a
 * hang 2 s of CPU time (checker/runner/limits.ts), as under the default limit.
 */
export const HOSTILE_TIMEOUT = '5';

/** The longest a command run by these tests may take before it is killed: a safety net around waiting for it to exit, not a measure of speed. */
const COMMAND_LIMIT_MS = 300_000;

/** What a finished command left behind. */
export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Options for a command run by the tests. */
export interface RunOptions {
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Text for standard input. */
  input?: string;
}

/** The environment of a command run by the tests. */
function commandEnv(options: RunOptions): NodeJS.ProcessEnv {
  // INIT_CWD is blanked: npm sets it to where `npm test` was typed, and a chapter folder there would narrow check, hint and watch.
  // CHECKER_COURSE is blanked so a run means the real course unless the caller names another (the fixture helpers do).
  return { ...process.env, CHECKER_LANG: '', INIT_CWD: '', CHECKER_COURSE: '', ...options.env };
}

/** Runs Node with the given arguments in the repository and waits for it. */
function node(args: readonly string[], options: RunOptions): Ran {
  const result = spawnSync(process.execPath, args, {
    cwd: REPO,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? COMMAND_LIMIT_MS,
    env: commandEnv(options),
    maxBuffer: 64 * 1024 * 1024,
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Like `node`, without blocking: a test file that waits out a hostile student's deadline runs its other commands meanwhile. */
function nodeAsync(args: readonly string[], options: RunOptions): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: REPO, timeout: options.timeoutMs ?? COMMAND_LIMIT_MS, env: commandEnv(options) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin.end(options.input ?? '');
    child.on('error', (error) => done({ status: null, stdout, stderr: `${stderr}${error.message}` }));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
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

/** `entry` without blocking. */
export function entryAsync(file: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return nodeAsync([join(REPO, 'checker', 'run.mjs'), join(REPO, file), ...args], options);
}

/** `checker` without blocking. */
export function checkerAsync(args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  return entryAsync('checker/cli.ts', args, options);
}
