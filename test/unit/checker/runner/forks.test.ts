import { expect, test } from 'vitest';
import { runTimes } from '../../../../checker/runner/forks.ts';

test('runTimes reads the CPU time a process has run so far, which grows while it computes', () => {
  const before = runTimes(process.pid)!;
  expect(before.cpu).toBeGreaterThanOrEqual(0);
  let spent = before.cpu;
  while (spent - before.cpu < 50) {
    for (let index = 0; index < 100_000; index += 1) Math.sqrt(index);
    spent = runTimes(process.pid)!.cpu;
  }
  expect(spent - before.cpu).toBeGreaterThanOrEqual(50);
});

test('the time running and the time ready to run never add up to more than the clock went on', () => {
  const start = Date.now();
  const before = runTimes(process.pid)!;
  for (let index = 0; index < 3_000_000; index += 1) Math.sqrt(index);
  const after = runTimes(process.pid)!;
  const elapsed = Date.now() - start;
  expect(after.ready).toBeGreaterThanOrEqual(before.ready);
  // The clock reads whole milliseconds, and the kernel may bring a running thread's count up to date a tick late.
  expect(after.cpu - before.cpu + (after.ready - before.ready)).toBeLessThanOrEqual(elapsed + 20);
});

test('runTimes of a process that does not exist is undefined', () => {
  expect(runTimes(2 ** 30)).toBeUndefined();
});
