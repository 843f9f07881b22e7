import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { josa } from './josa.ts';
import { described, fail, say } from './say.ts';

/** The environment variable that tells a suite how to start a learner file as a sandboxed process: `[node, ...flags]` as JSON. */
export const LEARNER_NODE_ENV = 'CHECKER_LEARNER_NODE';

/**
 * Where the checker puts the bundle of a learner entry point: beside it as `.checker-<name>.mjs`, so
 * `import.meta.dirname` still names the chapter folder. When bundling failed, `<bundle>.error` holds the reason.
 */
export function bundlePath(entry: string): string {
  return join(dirname(entry), `.checker-${basename(entry, '.ts')}.mjs`);
}

/**
 * Trusted code between a suite and a learner process. It forwards stdin; when its own stdin closes (the suite
 * closed it, or the grading process died, even by SIGKILL) it closes the learner process's stdin and, one second
 * later, kills that process's whole group if anything in it still runs. Learner code never runs in it.
 */
export const PROCESS_GUARD = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const server = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'], detached: true });
const killGroup = () => { try { process.kill(-server.pid, 'SIGKILL'); } catch {} };
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.stdin.end();
  setTimeout(killGroup, 1000);
};
server.stdin.on('error', () => {});
server.on('exit', (code) => { killGroup(); process.exit(stopping ? 0 : code ?? 1); });
process.stdin.on('data', (chunk) => server.stdin.write(chunk));
process.stdin.on('end', stop);
process.stdin.on('error', stop);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
`;

/** How one learner process is started: its command, its arguments and the folder it runs in. */
export interface LearnerCommand {
  command: string;
  args: string[];
  cwd: string;
}

/**
 * How a suite starts a learner entry point as a process of its own, behind PROCESS_GUARD, in the entry's folder.
 * Under the checker it runs the bundle the checker made of the entry, with the sandbox flags LEARNER_NODE_ENV gives
 * (no TypeScript loader: tsx would need to start a process of its own); elsewhere it runs the entry with tsx.
 * Either way it gets source maps, so its stacks name the learner's files and lines rather than the bundle, and
 * `preloads` with --require before any learner code (under the sandbox they must be readable: beside the suites).
 */
export function learnerCommand(entry: string, preloads: readonly string[] = []): LearnerCommand {
  const flags = ['--enable-source-maps', ...preloads.flatMap((preload) => ['--require', preload])];
  const given = process.env[LEARNER_NODE_ENV];
  const nodeArgs = given ? [...(JSON.parse(given) as string[]).slice(1), ...flags, learnerBundle(entry)] : ['--import', 'tsx', ...flags, entry];
  return { command: process.execPath, args: ['-e', PROCESS_GUARD, '--', process.execPath, ...nodeArgs], cwd: join(entry, '..') };
}

/** The checker's bundle of a learner entry point; fails with the bundler's words when the entry could not be bundled. */
function learnerBundle(entry: string): string {
  const bundle = bundlePath(entry);
  if (existsSync(`${bundle}.error`)) {
    fail({
      what: say(`${josa(basename(entry), '을/를')} 실행할 수 있게 묶지 못했다.`, `${basename(entry)} could not be bundled to run.`),
      got: described(readFileSync(`${bundle}.error`, 'utf8').split('\n').slice(0, 5).join('\n')),
      expected: say(`문법 오류 없이 불러올 수 있는 ${basename(entry)}`, `a ${basename(entry)} that loads without syntax errors`),
    });
  }
  return bundle;
}

/** How long the main thread of a process (`self`: this one) has been ready to run but waiting for a CPU, in ms; undefined where /proc does not say. */
function readyMs(pid: number | 'self'): number | undefined {
  try {
    const ready = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(ready) ? ready / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/** The processes a process started, from /proc (PROCESS_GUARD starts the learner process as its one child). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter((entry) => entry !== '').map(Number);
  } catch {
    return [];
  }
}

/**
 * How much of its own time the learner processes `pids` (each behind its guard, or itself) have had since this call,
 * in ms: the clock, less the longest time one of them or this suite spent ready to run but waiting for a CPU, which is
 * the machine's load, not the learner's doing. Time the learner runs or sits blocked counts, so a loop and a silence
 * both use it up; where /proc says nothing (another OS, a sandbox that hides it) this is the clock.
 */
export function learnerClock(pids: () => readonly (number | null | undefined)[]): () => number {
  const start = Date.now();
  const base = new Map<number | 'self', number>();
  const waited = (who: number | 'self'): number => {
    const now = readyMs(who);
    if (now === undefined) return 0;
    // A process first seen now was born after the start (or is seen late): what it waited so far is all in the window.
    if (!base.has(who)) base.set(who, who === 'self' ? now : 0);
    return now - base.get(who)!;
  };
  waited('self');
  return () => {
    const learner = pids().flatMap((guard) => (guard === null || guard === undefined ? [] : [guard, ...childrenOf(guard)]));
    return Date.now() - start - Math.max(waited('self'), 0, ...learner.map(waited));
  };
}

/**
 * Calls `expire` once a learner process (behind its guard `pid`, or `pid` itself) has had `ms` of its own time, as
 * learnerClock counts it. Returns a function that cancels it.
 */
export function learnerTimer(pid: () => number | null | undefined, ms: number, expire: () => void): () => void {
  const charged = learnerClock(() => [pid()]);
  let timer: NodeJS.Timeout | undefined;
  const arm = (wait: number) => {
    timer = setTimeout(() => {
      const left = ms - charged();
      if (left <= 0) expire();
      else arm(Math.max(left, 10));
    }, wait);
  };
  arm(ms);
  return () => clearTimeout(timer);
}

/**
 * `work`, or a rejection with `late()` once the learner process behind `pid` has had `ms` of its own time (learnerTimer)
 * and `work` has not settled; the timer ends with it either way.
 */
export function beforeLearnerDeadline<T>(pid: () => number | null | undefined, ms: number, work: Promise<T>, late: () => unknown): Promise<T> {
  let cancel = () => {};
  const expired = new Promise<never>((_, reject) => {
    cancel = learnerTimer(pid, ms, () => reject(late()));
  });
  return Promise.race([work, expired]).finally(cancel);
}

/**
 * One deadline of `ms` of the learner's own time (learnerClock over `pids`) shared by every wait of a test from now
 * on: each call says how many ms are left, at least 1, for a wait that counts them with learnerTimer again.
 */
export function learnerBudget(pids: () => readonly (number | null | undefined)[], ms: number): () => number {
  const charged = learnerClock(pids);
  return () => Math.max(1, ms - charged());
}
