import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, test } from 'vitest';
import { runTimes } from '../../../../checker/runner/forks.ts';

/*
 * runTimes reads a process's main thread, the one that runs its JavaScript. These tests run in a worker thread of the
 * unit project, so they read a child process that computes on its main thread, not the test's own process.
 */

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/** Starts a Node process that computes without end on its main thread, once it has said it started. */
async function computing(): Promise<number> {
  child = spawn(process.execPath, ['-e', "process.stdout.write('up\\n'); for (;;) {}"], { stdio: ['ignore', 'pipe', 'ignore'] });
  await once(child.stdout!, 'data');
  return child.pid!;
}

/** Reads the process until its CPU time has grown by at least `ms` since the first reading, and returns both readings with the clock between them. */
async function until(pid: number, ms: number) {
  const start = Date.now();
  const before = runTimes(pid)!;
  let after = before;
  while (after.cpu - before.cpu < ms) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    after = runTimes(pid)!;
  }
  return { before, after, elapsed: Date.now() - start };
}

test('runTimes reads the CPU time a process has run so far, which grows while it computes', async () => {
  const { before, after } = await until(await computing(), 50);
  expect(before.cpu).toBeGreaterThanOrEqual(0);
  expect(after.cpu - before.cpu).toBeGreaterThanOrEqual(50);
});

test('the time running and the time ready to run never add up to more than the clock went on', async () => {
  const { before, after, elapsed } = await until(await computing(), 50);
  expect(after.ready).toBeGreaterThanOrEqual(before.ready);
  // The clock reads whole milliseconds, and the kernel may bring a running thread's count up to date a tick late.
  expect(after.cpu - before.cpu + (after.ready - before.ready)).toBeLessThanOrEqual(elapsed + 20);
});

test('runTimes of a process that does not exist is undefined', () => {
  expect(runTimes(2 ** 30)).toBeUndefined();
});
