import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { killLaneForks, trackFork } from '../../../../checker/runner/forks.ts';
import { confinedSpawn, killConfined, machine } from '../../../../checker/trust/os-confine.ts';
import type { OsLimits } from '../../../../checker/trust/os-confine.ts';
import { tempDir } from '../../support/temp.ts';

/*
 * What the operating system holds a confined process to, proven on real processes: each test waits for the child's own
 * report or its exit, never for the clock. Where this machine cannot give a confinement (macOS, no util-linux, no
 * perl), its test is skipped, as the checker names it in its notice; CI runs as root on Linux, where all of them hold.
 */

// Node 24 reserves more than 512 MB of private writable memory before it runs a line; 1 GB leaves it room to start.
const LIMITS: OsLimits = { dataMb: 1024, cpuSeconds: 60, tasks: 40 };
const found = machine();
const lacks = (what: 'memory' | 'processes' | 'network' | 'sockets') => found.missing.has(what);

const children: ChildProcess[] = [];
const servers: Server[] = [];
const dir = tempDir('os-confine');

afterEach(async () => {
  for (const child of children.splice(0)) killConfined((child as ChildProcess & { confined: { pid: number; cgroup: string | null } }).confined);
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Runs `code` in a confined Node process and returns what it printed and how it ended. */
async function run(code: string, limits: OsLimits = LIMITS): Promise<{ out: string; code: number | null; signal: NodeJS.Signals | null }> {
  const child = confinedSpawn(process.execPath, ['-e', code], { limits, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [exitCode, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return { out, code: exitCode, signal };
}

/** A server that counts the connections it accepts, listening on `where` (a port on 127.0.0.1 when undefined). */
async function listener(where?: string): Promise<{ server: Server; accepted: () => number }> {
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    socket.destroy();
  });
  servers.push(server);
  if (where === undefined) server.listen(0, '127.0.0.1');
  else server.listen(where);
  await once(server, 'listening');
  return { server, accepted: () => accepted };
}

/** Code that connects to `target` and prints `error <code>` or `connected`, then exits. */
function connecting(target: string): string {
  return `const socket = require('node:net').connect(${target});
socket.on('connect', () => { console.log('connected'); process.exit(0); });
socket.on('error', (error) => { console.log('error ' + error.code); process.exit(0); });`;
}

describe('memory', () => {
  test.skipIf(lacks('memory'))('a confined process cannot hold Buffers past its data limit, though they are no part of the heap', async () => {
    // allocUnsafeSlow maps memory without touching it: the limit refuses the mapping, so the test is quick.
    const { out } = await run(`const held = []; let mb = 0;
try { while (mb < 3072) { held.push(Buffer.allocUnsafeSlow(64 * 1024 * 1024)); mb += 64; } console.log('held ' + mb); }
catch (error) { console.log('refused at ' + mb + ': ' + error.message); }`);
    const refused = /^refused at (\d+): /.exec(out);
    expect(refused, out).not.toBeNull();
    expect(Number(refused![1])).toBeLessThan(LIMITS.dataMb);
  });
});

describe('network', () => {
  test.skipIf(lacks('network') && lacks('sockets'))('a confined process cannot open a TCP connection to a listener on 127.0.0.1', async () => {
    const { server, accepted } = await listener();
    const { port } = server.address() as { port: number };
    const { out } = await run(connecting(`${port}, '127.0.0.1'`));
    expect(out).toMatch(/^error E[A-Z]+/);
    expect(accepted()).toBe(0);
  });

  test.skipIf(lacks('sockets'))('a confined process cannot connect to a Unix socket at a path outside its sandbox, open to everyone', async () => {
    const path = join(dir, 'outside.sock');
    const { accepted } = await listener(path);
    chmodSync(path, 0o777);
    const { out } = await run(connecting(JSON.stringify(path)));
    expect(out).toMatch(/^error E[A-Z]+/);
    expect(accepted()).toBe(0);
  });

  test.skipIf(process.platform !== 'linux' || (lacks('network') && lacks('sockets')))('a confined process cannot connect to an abstract Unix socket', async () => {
    const name = `\0os-confine-test-${process.pid}`;
    const { accepted } = await listener(name);
    const { out } = await run(connecting(JSON.stringify(name)));
    expect(out).toMatch(/^error E[A-Z]+/);
    expect(accepted()).toBe(0);
  });
});

/** Whether a process is gone (a zombie is gone: it runs nothing and holds nothing but its entry). */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** Resolves once `pid` is gone, looking every few ms (no event tells of an unrelated process's end); the test's own limit bounds the wait. */
async function whenGone(pid: number): Promise<void> {
  while (!gone(pid)) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('processes', () => {
  test.skipIf(process.platform !== 'linux')('a fork that renames itself and blocks, with a child that left its process group, is killed by the pid it was spawned with', async () => {
    const child = confinedSpawn(
      process.execPath,
      [
        '-e',
        `process.title = 'innocent';
const grandchild = require('node:child_process').spawn(process.execPath, ['-e', "process.title = 'also-innocent'; setInterval(() => {}, 1000)"], { detached: true, stdio: 'ignore' });
console.log(grandchild.pid);
setInterval(() => {}, 1000);`,
      ],
      { limits: LIMITS, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    children.push(child);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const grandchild = Number(String(line).trim());
    expect(grandchild).toBeGreaterThan(0);
    // It no longer looks like anything the checker started.
    expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')).not.toContain('-e');
    const exited = once(child, 'exit');
    trackFork('os-confine-test', child.confined, child);
    killLaneForks('os-confine-test');
    const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe('SIGKILL');
    await whenGone(grandchild);
    expect(gone(grandchild)).toBe(true);
  });

  test.skipIf(lacks('processes'))('a process that starts processes without end is stopped at its bound, and killing its group ends them all', async () => {
    const { out } = await run(`const { spawn } = require('node:child_process');
const started = [];
for (let i = 0; i < 200; i++) {
  let child;
  try { child = spawn('/bin/sh', ['-c', 'read line'], { stdio: ['pipe', 'ignore', 'ignore'] }); } catch { break; }
  if (child.pid === undefined) break;
  started.push(child.pid);
}
console.log(started.length + ' ' + started.join(','));
process.exit(0);`);
    const [count, pids = ''] = out.trim().split(' ');
    expect(Number(count)).toBeGreaterThan(0);
    expect(Number(count)).toBeLessThan(LIMITS.tasks);
    // The process exited; everything it started dies with its group and cgroup (confinedSpawn kills them on exit).
    for (const pid of pids.split(',').filter(Boolean).map(Number)) await whenGone(pid);
  });
});
