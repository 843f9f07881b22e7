import { mkdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The heap of every process that runs learner code, in MB: a memory bomb ends in about a second instead of filling the machine. */
export const LEARNER_HEAP_MB = 384;

/** The folders one sandboxed process may read and the one folder it may write. */
export interface SandboxPaths {
  /** Folders (and files) the process may read. */
  read: string[];
  /** The only folder the process may write; it is also its TMPDIR. */
  write: string;
}

/** Loaded with --require before any learner code: locks process.kill to the process itself and names the refused path in a node:fs refusal's message. */
export const SANDBOX_PRELOAD = fileURLToPath(new URL('./sandbox-preload.cjs', import.meta.url));

/** The flag that turns Node's permission model on: `--permission` from Node 22, `--experimental-permission` before. */
export function permissionFlag(): string {
  return process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
}

/**
 * Node options that run learner code under the permission model: reads only where grading needs them,
 * writes only into one temporary folder, a heap of LEARNER_HEAP_MB, no experimental-feature warnings, and no child processes, worker threads, native addons, WASI or inspector.
 */
export function sandboxArgv(paths: SandboxPaths): string[] {
  return [
    permissionFlag(),
    ...paths.read.map((path) => `--allow-fs-read=${path}`),
    `--allow-fs-write=${paths.write}`,
    `--max-old-space-size=${LEARNER_HEAP_MB}`,
    // Node's notice that the permission model is experimental would reach the stderr a suite reads from a learner process.
    '--disable-warning=ExperimentalWarning',
    '--require',
    SANDBOX_PRELOAD,
  ];
}

/**
 * The part of a lane's sandbox that every student shares: it reads the packages and the checker's setup files
 * (each by its real path, and also by the path given, so a link such as the scratch folder's node_modules
 * resolves), and writes its own temporary folder. Each group adds its own student's folder (see Lane.forkSettings).
 */
export function laneSandbox(scratchRoot: string, shared: readonly string[], lane: string): SandboxPaths {
  const write = join(scratchRoot, '.sandbox', lane);
  mkdirSync(write, { recursive: true });
  const read = shared.flatMap((path) => [...new Set([path, realpathSync(path)])]);
  return { read: [...read, SANDBOX_PRELOAD], write };
}

/** The variables vitest's own code in a fork reads, kept from the environment vitest would give it. */
export const VITEST_VARIABLES: readonly string[] = ['TEST', 'VITEST', 'VITEST_MODE', 'NODE_ENV', 'FORCE_TTY'];

/**
 * The whole environment of a process that runs learner code: a PATH to Node and the system's tools, HOME and TMPDIR
 * in the sandbox's one writable folder, a fixed locale, and the variables the checker itself gives (`own`). Nothing of
 * the grader's own environment (a token, NODE_OPTIONS, a proxy) is passed on, so learner code can neither read nor send it.
 */
export function learnerEnv(write: string, own: Readonly<Record<string, string>>): Record<string, string> {
  return { PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'), HOME: write, TMPDIR: write, LANG: 'C.UTF-8', ...own };
}

/** What Node reports when the permission model refuses an operation. */
export interface Denied {
  /** Node's name for the refused right, such as FileSystemWrite or ChildProcess. */
  permission: string;
  /** The path or resource that was refused, when Node names one. */
  resource: string;
}

/** Reads the refused right from an error vitest serialized, or null when the error is not a refusal. */
export function deniedFrom(error: unknown): Denied | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, permission, resource, message } = error as Record<string, unknown>;
  if (code === 'ERR_DLOPEN_DISABLED') return { permission: 'Addons', resource: '' };
  if (code !== 'ERR_ACCESS_DENIED') return null;
  if (typeof permission === 'string') return { permission, resource: typeof resource === 'string' ? resource : '' };
  // process.binding and similar refusals carry no permission field; the message names the API.
  return { permission: 'Binding', resource: typeof message === 'string' ? message : '' };
}
