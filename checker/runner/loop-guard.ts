import { relative } from 'node:path';
import { josa } from '../suites/_lib/josa.ts';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Plugin } from 'vite';
import { fileOfId, isInside } from '../trust/confine.ts';
import { LOOP_GUARD as GUARD_NAME, guardLoops as guardInThread } from './loop-rewrite.mjs';
import type { LoadScope } from '../trust/confine.ts';

/**
 * A learner's endless loop blocks its fork's only thread, so nothing outside the loop can ask where it is: Node's
 * signal-triggered diagnostic report runs as a JavaScript signal handler, which a busy thread never reaches, and the
 * inspector, which could interrupt it, is closed by the sandbox. So each loop of learner code calls the fork's
 * test runner (checker/runner/fork-runner.ts) on every turn, with a number this module gave it. The runner counts the
 * turns and, once one synchronous run of code has spun for a while, sends that number to the lane over vitest's own
 * channel; only this module, on the checker's side, knows which file and line a number stands for.
 *
 * The rewrite parses learner code, so it is a pass over hostile input: it runs in a worker thread, never on the
 * checker's event loop (a lane's deadlines and every other student's fork keep their turns), it is linear in the
 * file's size, and it takes at most REWRITE_LIMITS per file and per student; past them that student's file is
 * refused with a message naming it, and no other student notices.
 */

/** The global function each loop of learner code calls; fork-runner.ts defines it. */
export const LOOP_GUARD = GUARD_NAME;

/** The key, in the test's (or file's) vitest metadata, of the number of the loop the fork is spinning in; null once it left. */
export const LOOP_META = 'checkerLoop';

/** One loop of learner code, where the learner wrote it: its file and the line its statement starts on. */
export interface LoopSite {
  file: string;
  line: number;
}

/** The files a guard goes into: TypeScript and JavaScript modules. */
const SOURCE = /\.[cm]?[jt]s$/;

/**
 * The most source the rewrite takes: one learner file, and one student's files together (each file counted once).
 * The largest chapter of the published solutions is some 32 KB in all; a file or a student past these is refused,
 * that student alone, before anything parses it.
 */
export const REWRITE_LIMITS = { fileBytes: 256 * 1024, studentBytes: 1024 * 1024 } as const;

/** How long one file's rewrite may take in the worker before the worker is stopped and the file refused: a backstop, since the rewrite is linear in a file of at most REWRITE_LIMITS.fileBytes. */
const REWRITE_BACKSTOP_MS = 60_000;

/** Why the rewrite refused a learner file: thrown from the transform, so the suites that import it fail to load, for that student only. */
export class RewriteRefusedError extends Error {
  override readonly name = 'RewriteRefusedError';
}

/** Kilobytes, for a message. */
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** The refusal, in Korean and English (the lane does not know the learner's language), naming the learner's file as the learner knows it. */
export function refusalMessage(file: string, why: { kind: 'file'; bytes: number } | { kind: 'student'; bytes: number } | { kind: 'slow' }): string {
  if (why.kind === 'file') {
    return `${file}: 파일이 ${josa(kb(why.bytes), '으로/로')} 채점기가 받는 한 파일의 크기(${kb(REWRITE_LIMITS.fileBytes)})를 넘어 채점하지 않았다. / ${file} is ${kb(why.bytes)}, more than the ${kb(REWRITE_LIMITS.fileBytes)} the checker takes in one file, so it was not graded.`;
  }
  if (why.kind === 'student') {
    return `${file}: 이 파일까지 합친 학습자 파일이 ${josa(kb(why.bytes), '으로/로')} 채점기가 한 학생에게서 받는 크기(${kb(REWRITE_LIMITS.studentBytes)})를 넘어 채점하지 않았다. / ${file} brings your files to ${kb(why.bytes)}, more than the ${kb(REWRITE_LIMITS.studentBytes)} the checker takes from one student, so it was not graded.`;
  }
  return `${file}: 반복문을 표시하는 변환이 ${REWRITE_BACKSTOP_MS / 1000}초 안에 끝나지 않았거나 실패해 채점하지 않았다. / ${file}: marking its loops failed or did not finish within ${REWRITE_BACKSTOP_MS / 1000} s, so it was not graded.`;
}

/** The source with each loop guarded, numbered from `first`, and each numbered loop's line (loop-rewrite.mjs; the lane's plugin runs it in a worker thread). */
export function guardLoops(code: string, lang: 'ts' | 'js', first: number): { code: string; lines: number[] } {
  return guardInThread(code, lang, first);
}

/** One rewrite the worker is doing. */
interface Pending {
  resolve: (value: { code: string; lines: number[] }) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The worker thread that rewrites learner files, started on first use and unref'd, so it keeps no process alive. */
let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

/** Stops the worker and fails what it was doing; the next rewrite starts a new one. */
function dropWorker(why: Error): void {
  const stopping = worker;
  worker = null;
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(why);
    pending.delete(id);
  }
  void stopping?.terminate();
}

/** How long an idle worker is kept for the next file: a worker, even unref'd, kept the checker from exiting once grading was done. */
const IDLE_MS = 500;
let idle: NodeJS.Timeout | null = null;

/** Stops the worker once it has had nothing to do for IDLE_MS; the next rewrite starts a new one. */
function idleStop(thread: Worker): void {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    idle = null;
    if (worker !== thread || pending.size > 0) return;
    worker = null;
    void thread.terminate();
  }, IDLE_MS);
  idle.unref();
}

function rewriteWorker(): Worker {
  if (idle) {
    clearTimeout(idle);
    idle = null;
  }
  if (worker) return worker;
  const started = new Worker(fileURLToPath(new URL('./loop-rewrite-worker.mjs', import.meta.url)), { resourceLimits: { maxOldGenerationSizeMb: 512 } });
  started.unref();
  started.on('message', (message: { id: number; code?: string; lines?: number[]; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    clearTimeout(job.timer);
    if (message.error !== undefined) job.reject(new Error(message.error));
    else job.resolve({ code: message.code!, lines: message.lines! });
    if (pending.size === 0) idleStop(started);
  });
  started.on('error', (error) => {
    if (worker === started) dropWorker(error);
  });
  started.on('exit', () => {
    if (worker === started) dropWorker(new Error('the loop rewrite worker stopped'));
  });
  worker = started;
  return started;
}

/** Runs the rewrite of one file in the worker thread; rejects with `slow` set when the backstop ran out. */
export function guardInWorker(code: string, lang: 'ts' | 'js', first: number): Promise<{ code: string; lines: number[] }> {
  const thread = rewriteWorker();
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const slow = Object.assign(new Error('slow'), { slow: true });
      pending.delete(id);
      reject(slow);
      if (worker === thread) dropWorker(new Error('the loop rewrite worker was stopped'));
    }, REWRITE_BACKSTOP_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    thread.postMessage({ id, code, lang, first });
  });
}

/** The guard plugin of one lane and the sites of the loops it numbered, by number. */
export interface LoopGuard {
  plugin: Plugin;
  sites: ReadonlyMap<number, LoopSite>;
}

/**
 * A Vite plugin that puts a guard into every loop of the graded student's own modules (their folder, outside its
 * copy of the checker's suites) before TypeScript is stripped, so each number's line is the learner's line.
 * No source map is returned: the guards change no line, only columns after them on a loop's own line.
 */
export function loopGuard(scope: LoadScope): LoopGuard {
  const sites = new Map<number, LoopSite>();
  /** Each student's files the rewrite took, with their sizes, by student folder. */
  const taken = new Map<string, Map<string, number>>();
  let queue: Promise<unknown> = Promise.resolve();
  const plugin: Plugin = {
    name: 'checker-loop-guard',
    enforce: 'pre',
    async transform(code, id) {
      const file = fileOfId(id);
      const root = scope.root;
      if (file === null || id.includes('?') || !SOURCE.test(file) || root === null) return null;
      if (!isInside(file, root) || isInside(file, `${root}/checker`) || file.includes('/node_modules/')) return null;
      const shown = relative(root, file);
      const bytes = Buffer.byteLength(code, 'utf8');
      if (bytes > REWRITE_LIMITS.fileBytes) throw new RewriteRefusedError(refusalMessage(shown, { kind: 'file', bytes }));
      const mine = taken.get(root) ?? new Map<string, number>();
      taken.set(root, mine);
      mine.set(file, bytes);
      const total = [...mine.values()].reduce((sum, size) => sum + size, 0);
      if (total > REWRITE_LIMITS.studentBytes) {
        mine.delete(file);
        throw new RewriteRefusedError(refusalMessage(shown, { kind: 'student', bytes: total }));
      }
      // One file at a time, so each file's loops are numbered after the last file's.
      const turn = queue.then(async () => {
        const first = sites.size + 1;
        const guarded = await guardInWorker(code, /\.[cm]?ts$/.test(file) ? 'ts' : 'js', first);
        guarded.lines.forEach((line, index) => sites.set(first + index, { file, line }));
        return guarded;
      });
      queue = turn.catch(() => undefined);
      let guarded: { code: string; lines: number[] };
      try {
        guarded = await turn;
      } catch {
        // Past the backstop, or the worker itself failed (its memory limit): this file is refused, the rest goes on.
        throw new RewriteRefusedError(refusalMessage(shown, { kind: 'slow' }));
      }
      return guarded.lines.length === 0 ? null : { code: guarded.code, map: null };
    },
  };
  return { plugin, sites };
}
