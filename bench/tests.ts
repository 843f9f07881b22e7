import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { machine, median } from './measure.ts';

/**
 * `npm run bench:tests -- BEFORE [AFTER] [--rounds N]`: the test phase of `npm test` (every vitest run it makes, without
 * the type check and the Markdown lint) at two commits, A/B interleaved on this machine, each in a fresh clone with
 * this repository's node_modules. Prints wall and CPU time per run with the load beside it, and the medians.
 */
const REPO = resolve(import.meta.dirname, '..');

/** One timed run of the test phase at a commit. */
interface Timing {
  ref: string;
  wall: number;
  cpu: number;
  load: string;
  ok: boolean;
}

/** A fresh clone of this repository at `ref`, with its node_modules linked in; git history included, as the tests need it. */
function cloneAt(ref: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'bench-tests-')), 'repo');
  for (const args of [['clone', '-q', '--no-hardlinks', REPO, dir], ['-C', dir, 'checkout', '-q', '--detach', ref]]) {
    const ran = spawnSync('git', args, { encoding: 'utf8' });
    if (ran.status !== 0) throw new Error(`git ${args.join(' ')}: ${ran.stderr}`);
  }
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The vitest runs of `npm test` at that commit: one, or the separate unit run first where the commit still has it. */
function testPhase(dir: string): string {
  const vitest = 'node node_modules/vitest/vitest.mjs run';
  return existsSync(join(dir, 'vitest.unit.config.ts'))
    ? `${vitest} --config vitest.unit.config.ts && ${vitest} --config vitest.config.ts`
    : `${vitest}`;
}

/** Runs the test phase once under /usr/bin/time and reads its wall and CPU seconds (user + system, children included). */
function timeOnce(ref: string, dir: string): Timing {
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  const out = join(dir, '..', 'time.txt');
  const ran = spawnSync('/usr/bin/time', ['-f', '%e %U %S', '-o', out, 'sh', '-c', testPhase(dir)], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1' } });
  const [wall, user, system] = readFileSync(out, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number];
  return { ref, wall, cpu: user + system, load, ok: ran.status === 0 };
}

const refs: string[] = [];
let rounds = 1;
for (const [index, arg] of process.argv.slice(2).entries()) {
  if (arg === '--rounds') rounds = Number(process.argv[index + 3]);
  else if (process.argv[index + 1] !== '--rounds') refs.push(arg);
}
const [before, after = 'HEAD'] = refs;
if (!before || !Number.isInteger(rounds) || rounds < 1) {
  console.error('Usage: npm run bench:tests -- BEFORE [AFTER] [--rounds N]   (AFTER defaults to HEAD)');
  process.exit(2);
}
const dirs = { [before]: cloneAt(before), [after]: cloneAt(after) };
const timings: Timing[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const ref of [before, after]) {
      const timing = timeOnce(ref, dirs[ref]!);
      timings.push(timing);
      console.error(`${ref}: ${timing.wall.toFixed(0)} s wall, ${timing.cpu.toFixed(0)} s CPU, load ${timing.load}${timing.ok ? '' : ' (tests failed)'}`);
    }
  }
} finally {
  for (const dir of Object.values(dirs)) rmSync(join(dir, '..'), { recursive: true, force: true });
}
const summary = (ref: string) => {
  const mine = timings.filter((timing) => timing.ref === ref);
  return { wall: median(mine.map((timing) => timing.wall)), cpu: median(mine.map((timing) => timing.cpu)) };
};
const [a, b] = [summary(before), summary(after)];
console.log(`Machine: ${machine()}, ${rounds} round(s), A/B interleaved, medians\n`);
console.log('| run | wall | CPU | load (1, 5, 15 min) at start |\n| --- | --- | --- | --- |');
for (const timing of timings) console.log(`| ${timing.ref}${timing.ok ? '' : ' (failed)'} | ${timing.wall.toFixed(0)} s | ${timing.cpu.toFixed(0)} s | ${timing.load} |`);
console.log(`\nAfter/before: wall ${(b.wall / a.wall).toFixed(2)}, CPU ${(b.cpu / a.cpu).toFixed(2)}`);
