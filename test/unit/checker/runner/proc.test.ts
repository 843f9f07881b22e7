import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { cpuTimes } from '../../../../checker/runner/proc.cjs';

test('cpuTimes counts the CPU time of the children a process waited for apart from its own', () => {
  const before = cpuTimes('self')!;
  // The child computes until it has used 100 ms of CPU itself, so the time counted does not depend on the load.
  const ran = spawnSync(process.execPath, ['-e', 'const start = process.cpuUsage(); while (process.cpuUsage(start).user < 100_000);']);
  expect(ran.status).toBe(0);
  const after = cpuTimes('self')!;
  expect(after.children - before.children).toBeGreaterThanOrEqual(50);
  expect(after.self).toBeGreaterThanOrEqual(before.self);
  expect(cpuTimes(2 ** 30)).toBeUndefined();
});
