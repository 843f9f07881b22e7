import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeStudent, stampEveryFile } from '../test/support/class.ts';
import type { Kind } from '../test/support/class.ts';

/** The repository the benchmarks run in. */
export const REPO = resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** GNU time, when the machine has it: it adds the CPU time of the command and every process it waited for. */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

/** One timed command: wall seconds, CPU seconds (null without GNU time), exit status. */
export interface Timed {
  seconds: number;
  cpu: number | null;
  status: number | null;
}

/** Runs a command in the repository and returns its wall time and, where GNU time exists, its CPU time, in seconds. */
export function timed(command: string, args: readonly string[], env: Record<string, string> = {}): Timed {
  const started = process.hrtime.bigint();
  const line = TIME ? [TIME, '-f', 'cpu %U %S', command] : [command];
  const ran = spawnSync(line[0]!, [...line.slice(1), ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (ran.status === null || ran.status > 1) process.stderr.write(ran.stderr);
  const times = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(ran.stderr);
  const cpu = times ? Number(times[1]) + Number(times[2]) : null;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpu, status: ran.status };
}

/** Runs an npm script in the repository, timed. */
export function npm(args: readonly string[]): Timed {
  return timed(NPM, ['run', '--silent', ...args]);
}

/** The mixed class: 40% solved, 30% unsolved, 30% half-solved, in both folder layouts. */
export function mixedKind(index: number): Kind {
  const slot = index % 10;
  if (slot < 4) return 'solved';
  if (slot < 7) return 'unsolved';
  return slot === 9 ? 'chaptersOnly' : 'half';
}

/** Builds a class of `size` students under `dir`; `distinct` appends a line naming the student to every file, so no content is shared. */
export function buildClass(dir: string, size: number, kind: (index: number) => Kind, distinct = false): string[] {
  mkdirSync(dir, { recursive: true });
  const names = Array.from({ length: size }, (_, index) => `student-${String(index + 1).padStart(3, '0')}`);
  names.forEach((name, index) => {
    makeStudent(dir, name, kind(index));
    if (distinct) stampEveryFile(join(dir, name), index);
  });
  return names;
}

/** The load averages (1, 5, 15 minutes) as `uptime` reports them. */
export function load(): string {
  return (/load average:\s*(.+)$/.exec(spawnSync('uptime', { encoding: 'utf8' }).stdout.trim())?.[1] ?? '?').trim();
}
