import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { josa } from './josa.ts';
import { BLOCKED_FACTOR, leftOf, limitReached, ownTime } from './own-time.ts';
import type { GuardReport, OwnTime, ProcReader, ProcTimes } from './own-time.ts';
import { described, fail, say } from './say.ts';

/** The environment variable that tells a suite how to start a learner file as a sandboxed process: `[node, ...flags]` as JSON. */
export const LEARNER_NODE_ENV = 'CHECKER_LEARNER_NODE';

/** The environment variable that names the folder where each guard reports its learner process's times (see PROCESS_GUARD). */
export const LEARNER_TIMES_ENV = 'CHECKER_LEARNER_TIMES';

/**
 * The environment variable through which the checker gives the command prefix that confines a learner process by the
 * operating system (`prlimit`, `unshare`, the seccomp loader, each exec'ing the next; see trust/os-confine.ts) as JSON.
 */
export const LEARNER_CONFINE_ENV = 'CHECKER_LEARNER_CONFINE';

/** The limit a learner process reached: its CPU time, or the time it sat blocked (see own-time.ts). */
export type LearnerLimit = 'cpu' | 'blocked';

/**
 * Where the checker puts the bundle of a learner entry point: beside it as `.checker-<name>.mjs`, so
 * `import.meta.dirname` still names the chapter folder. When bundling failed, `<bundle>.error` holds the reason.
 */
export function bundlePath(entry: string): string {
  return join(dirname(entry), `.checker-${basename(entry, '.ts')}.mjs`);
}

/** How often a guard reports its learner process's times, in ms. */
const REPORT_MS = 100;

/**
 * Trusted code between a suite and a learner process. It forwards stdin; when its own stdin closes (the suite
 * closed it, or the grading process died, even by SIGKILL) it closes the learner process's stdin and, one second
 * later, kills that process's whole group if anything in it still runs. Given a folder (its first argument, '' for
 * none), it writes there, every REPORT_MS and as `<its pid>.json`, how it and the learner process have spent their
 * lives (a GuardReport, from /proc, which a sandboxed suite cannot read). Learner code never runs in it.
 */
export const PROCESS_GUARD = `
const { spawn } = require('node:child_process');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const [dir, command, ...args] = process.argv.slice(1);
const server = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'], detached: true });
const killGroup = () => { try { process.kill(-server.pid, 'SIGKILL'); } catch {} };
const times = (pid) => {
  try {
    const [run, ready] = readFileSync('/proc/' + pid + '/schedstat', 'utf8').split(' ').map(Number);
    const stat = readFileSync('/proc/' + pid + '/stat', 'utf8');
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    return [run, ready, utime, stime].every(Number.isFinite) ? { cpu: (utime + stime) * 10, run: run / 1e6, ready: ready / 1e6 } : null;
  } catch { return null; }
};
const report = () => {
  const own = times(process.pid);
  if (!own) return;
  const file = dir + '/' + process.pid + '.json';
  try {
    writeFileSync(file + '.next', JSON.stringify({ at: Date.now(), guard: own, learner: server.pid ? times(server.pid) : null }));
    renameSync(file + '.next', file);
  } catch {}
};
if (dir) { report(); setInterval(report, ${REPORT_MS}).unref(); }
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
 * Under the checker, the operating system confines it too (LEARNER_CONFINE_ENV).
 */
export function learnerCommand(entry: string, preloads: readonly string[] = []): LearnerCommand {
  const flags = ['--enable-source-maps', ...preloads.flatMap((preload) => ['--require', preload])];
  const given = process.env[LEARNER_NODE_ENV];
  const nodeArgs = given ? [...(JSON.parse(given) as string[]).slice(1), ...flags, learnerBundle(entry)] : ['--import', 'tsx', ...flags, entry];
  const times = process.env[LEARNER_TIMES_ENV] ?? '';
  return { command: process.execPath, args: ['-e', PROCESS_GUARD, '--', times, ...confinePrefix(), process.execPath, ...nodeArgs], cwd: join(entry, '..') };
}

/**
 * The prefix the checker gave (LEARNER_CONFINE_ENV) that confines a learner process by the operating system: every
 * part execs the next, so the guard's child is still the Node process it times; none outside the checker.
 */
function confinePrefix(): string[] {
  const given = process.env[LEARNER_CONFINE_ENV];
  if (!given) return [];
  const prefix: unknown = JSON.parse(given);
  return Array.isArray(prefix) && prefix.every((part) => typeof part === 'string') ? prefix : [];
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

/** The times of a process from /proc (`self`: this one): its CPU time from stat, its main thread's from schedstat; undefined where /proc does not say. */
function procTimes(pid: number | 'self'): ProcTimes | undefined {
  let run: number | undefined;
  let ready = 0;
  try {
    const [onCpu, waiting] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    if (Number.isFinite(onCpu) && Number.isFinite(waiting)) [run, ready] = [onCpu! / 1e6, waiting! / 1e6];
  } catch {
    // Not counted, or not readable here: stat below may still say.
  }
  let cpu: number | undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name: utime and stime are fields 14 and 15 of stat, in ticks of 1/100 s.
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number);
    if (Number.isFinite(utime) && Number.isFinite(stime)) cpu = (utime! + stime!) * 10;
  } catch {
    // Not readable here.
  }
  if (run === undefined && cpu === undefined) return undefined;
  return { cpu: cpu ?? run!, run: run ?? cpu!, ready };
}

/** The processes a process started, from /proc (PROCESS_GUARD starts the learner process as its one child). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter((entry) => entry !== '').map(Number);
  } catch {
    return [];
  }
}

/** Reads /proc itself, where it may (a suite run by plain vitest): a guard and its learner process as they are now. */
export const PROC_READER: ProcReader = {
  now: Date.now,
  self: () => procTimes('self'),
  guard: (pid) => {
    const guard = procTimes(pid);
    if (!guard) return undefined;
    const learner = childrenOf(pid)[0];
    return { at: Date.now(), guard, learner: learner === undefined ? null : (procTimes(learner) ?? null) };
  },
};

/**
 * Reads what each guard wrote to `dir` (the sandbox of a checker's fork reads no /proc but its own schedstat): a
 * report the learner process cannot write, as its sandbox writes only its temporary folder.
 */
export function reportReader(dir: string): ProcReader {
  return {
    now: Date.now,
    self: () => procTimes('self'),
    guard: (pid) => {
      try {
        const report = JSON.parse(readFileSync(join(dir, `${pid}.json`), 'utf8')) as GuardReport;
        return typeof report.at === 'number' && typeof report.guard?.run === 'number' ? report : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The reader for learner processes started here: the guards' reports under the checker, /proc elsewhere. */
function learnerReader(): ProcReader {
  const dir = process.env[LEARNER_TIMES_ENV];
  return dir ? reportReader(dir) : PROC_READER;
}

/**
 * How much of its own time the learner processes behind the guards `pids` have had since this call, in ms of CPU time:
 * their CPU time, or the time they sat blocked divided by BLOCKED_FACTOR, whichever is more (ownTime). The time any of
 * them or this suite waits for a core counts as neither; where nothing can be read, the clock counts as blocked.
 */
export function learnerClock(pids: () => readonly (number | null | undefined)[], reader: ProcReader = learnerReader()): () => OwnTime {
  return ownTime(pids, reader);
}

/** How often, at most, a learner timer looks at what its process has spent. */
const LOOK_MS = 250;

/**
 * Calls `expire` with the limit reached once a learner process (behind its guard `pid`) has had `ms` of CPU time, or
 * has sat blocked BLOCKED_FACTOR times as long (learnerClock). Returns a function that cancels it.
 */
export function learnerTimer(pid: () => number | null | undefined, ms: number, expire: (limit: LearnerLimit) => void, reader: ProcReader = learnerReader()): () => void {
  const spent = learnerClock(() => [pid()], reader);
  let timer: NodeJS.Timeout | undefined;
  const arm = (wait: number) => {
    timer = setTimeout(() => {
      const now = spent();
      const limit = limitReached(now, ms);
      if (limit) expire(limit);
      else arm(Math.min(LOOK_MS, Math.max(leftOf(now, ms), 10)));
    }, wait);
  };
  arm(Math.min(LOOK_MS, ms));
  return () => clearTimeout(timer);
}

/**
 * `work`, or a rejection with `late(limit)` once the learner process behind `pid` has reached a limit of `ms`
 * (learnerTimer) and `work` has not settled; the timer ends with it either way.
 */
export function beforeLearnerDeadline<T>(pid: () => number | null | undefined, ms: number, work: Promise<T>, late: (limit: LearnerLimit) => unknown): Promise<T> {
  let cancel = () => {};
  const expired = new Promise<never>((_, reject) => {
    cancel = learnerTimer(pid, ms, (limit) => reject(late(limit)));
  });
  return Promise.race([work, expired]).finally(cancel);
}

/**
 * One deadline of `ms` shared by every wait of a test from now on, over the learner processes behind `pids`
 * (learnerClock): each call says how many ms are left, at least 1, for a wait that counts them with learnerTimer again.
 */
export function learnerBudget(pids: () => readonly (number | null | undefined)[], ms: number): () => number {
  const spent = learnerClock(pids);
  return () => Math.max(1, leftOf(spent(), ms));
}

/** What a suite says when a learner process reached a limit of `ms` without doing what it waited for, as `what` (`답이 없었다`, `no answer`). */
export function pastLimit(limit: LearnerLimit, ms: number, what: { ko: string; en: string }): string {
  return limit === 'cpu'
    ? say(`서버가 CPU 시간을 ${ms} ms 쓰는 동안 ${what.ko}`, `${what.en} while the server used ${ms} ms of CPU time`)
    : say(`서버가 아무것도 하지 않고 ${ms * BLOCKED_FACTOR} ms 멈춰 있는 동안 ${what.ko}`, `${what.en} while the server sat idle for ${ms * BLOCKED_FACTOR} ms`);
}
