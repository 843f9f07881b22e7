import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { confine, killCgroup, learnerLimits, machine as probeMachine, makeCgroup } from '../checker/trust/os-confine.ts';
import type { Machine } from '../checker/trust/os-confine.ts';
import { machine, median } from './measure.ts';

/**
 * `npx tsx bench/confine.ts`: what the operating system's confinement costs per spawned process. Each round starts
 * `node -e 0` plainly and under each layer of the wrapper in turn (alternating, so load falls on every variant alike),
 * timed from spawn to exit; the rows are medians and the difference from the plain start.
 */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 21);

const found = probeMachine();
const none: Machine = { ...found, prlimit: null, unshare: null, perl: null, filter: null, pidsCgroup: null };
const limits = learnerLimits(5_000);

/** The variants: which parts of the machine's confinement each uses. */
const VARIANTS: { name: string; machine: Machine; cgroup: boolean }[] = [
  { name: 'plain node', machine: none, cgroup: false },
  { name: '+ prlimit (data, CPU)', machine: { ...none, prlimit: found.prlimit, nproc: found.nproc }, cgroup: false },
  { name: '+ pids cgroup (root)', machine: { ...none, prlimit: found.prlimit, pidsCgroup: found.pidsCgroup, nproc: found.nproc }, cgroup: true },
  { name: '+ network namespace', machine: { ...none, prlimit: found.prlimit, pidsCgroup: found.pidsCgroup, unshare: found.unshare, nproc: found.nproc }, cgroup: true },
  { name: 'everything (+ seccomp loader)', machine: found, cgroup: true },
];

async function once_(variant: (typeof VARIANTS)[number]): Promise<number> {
  const cgroup = variant.cgroup ? makeCgroup(limits.tasks, variant.machine) : null;
  const [file, ...args] = confine([process.execPath, '-e', '0'], limits, variant.machine, cgroup);
  const started = performance.now();
  const child = spawn(file!, args, { stdio: 'ignore', detached: true });
  const [code] = (await once(child, 'exit')) as [number | null];
  const elapsed = performance.now() - started;
  if (cgroup) killCgroup(cgroup);
  if (code !== 0) throw new Error(`${variant.name} exited with ${code}`);
  return elapsed;
}

const times = new Map(VARIANTS.map((variant) => [variant.name, [] as number[]]));
const loadBefore = loadavg()[0]!;
for (let round = 0; round < ROUNDS; round++) for (const variant of VARIANTS) times.get(variant.name)!.push(await once_(variant));
const loadAfter = loadavg()[0]!;
const plain = median(times.get('plain node')!);
console.log(`${machine()}, root ${process.getuid?.() === 0}, ${ROUNDS} rounds, load (1 min) ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`);
console.log('| variant | spawn to exit, median | over plain |');
console.log('| --- | ---: | ---: |');
for (const variant of VARIANTS) {
  const value = median(times.get(variant.name)!);
  console.log(`| ${variant.name} | ${value.toFixed(1)} ms | ${(value - plain).toFixed(1)} ms |`);
}
console.log(`missing here: ${[...found.missing.keys()].join(', ') || 'nothing'}`);
