import { expect, test } from 'vitest';
import { cpuMs, laneFork } from '../../../../checker/runner/forks.ts';

test('cpuMs reads the CPU time a process has used so far, which grows while it computes', () => {
  const before = cpuMs(process.pid)!;
  expect(before).toBeGreaterThanOrEqual(0);
  let spent = before;
  while (spent - before < 50) {
    for (let index = 0; index < 100_000; index += 1) Math.sqrt(index);
    spent = cpuMs(process.pid)!;
  }
  expect(spent - before).toBeGreaterThanOrEqual(50);
});

test('cpuMs of a process that does not exist is undefined, and a lane with no fork has none', () => {
  expect(cpuMs(2 ** 30)).toBeUndefined();
  expect(laneFork('no-such-lane')).toBeUndefined();
});
