import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { confinedSpawn, killConfined } from '../../../../checker/trust/os-confine.ts';
import type { Spawned } from '../../../../checker/trust/os-confine.ts';

const REAPER = fileURLToPath(new URL('../../../../checker/runner/reaper.cjs', import.meta.url));

const victims: Spawned[] = [];
afterEach(() => {
  for (const victim of victims.splice(0)) killConfined(victim);
});

/** Whether a process is gone (a zombie runs nothing). */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

test.skipIf(process.platform !== 'linux')('once the checker is gone, the reaper kills the forks it was told of by pid, renamed or not, and what they started', async () => {
  const fork = confinedSpawn(
    process.execPath,
    [
      '-e',
      `process.title = 'not-a-fork';
const child = require('node:child_process').spawn(process.execPath, ['-e', "process.title = 'nothing'; setInterval(() => {}, 1000)"], { detached: true, stdio: 'ignore' });
console.log(child.pid);
setInterval(() => {}, 1000);`,
    ],
    { limits: { dataMb: 1024, cpuSeconds: 60, tasks: 64 }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  victims.push(fork.confined);
  const [line] = (await once(fork.stdout!, 'data')) as [Buffer];
  const grandchild = Number(String(line).trim());
  // The reaper watches this test's process as its checker; its stdin closing is the checker going away.
  const reaper = spawn(process.execPath, [REAPER, String(process.pid)], { stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = once(fork, 'exit');
  reaper.stdin!.end(`${fork.confined.pid}\t${fork.confined.cgroup ?? ''}\n`);
  await once(reaper, 'exit');
  const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  expect(signal).toBe('SIGKILL');
  while (!gone(grandchild)) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(gone(grandchild)).toBe(true);
});

test.skipIf(process.platform !== 'linux')('a fork the checker said has ended is forgotten: its pid may belong to someone else by then', async () => {
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore', detached: true });
  victims.push({ pid: other.pid!, cgroup: null });
  const reaper = spawn(process.execPath, [REAPER, String(process.pid)], { stdio: ['pipe', 'ignore', 'inherit'] });
  reaper.stdin!.end(`${other.pid}\t\n-${other.pid}\n`);
  await once(reaper, 'exit');
  expect(gone(other.pid!)).toBe(false);
});
