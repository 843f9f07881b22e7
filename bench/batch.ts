import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeStudent, stampEveryFile } from '../test/support/class.ts';
import type { Kind } from '../test/support/class.ts';

/**
 * `npm run bench` batch case: 100 submissions (solved, unsolved and half-solved copies) graded with
 * `npm run grade`, against `npm run check -- --target X` once per submission, in the same run; then the
 * same mix with a unique edit in every file (nothing shared), and that class with one student whose code
 * loops at import. Prints markdown lines for BENCHMARKS.md.
 * BATCH_SIZE (default 100) and BATCH_LOOP (how many submissions the check loop runs, default all) shrink it.
 */
const REPO = resolve(import.meta.dirname, '..');
const SIZE = Number(process.env['BATCH_SIZE'] ?? 100);
const LOOP = Math.min(SIZE, Number(process.env['BATCH_LOOP'] ?? SIZE));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs an npm script in the repository and returns the wall time in seconds. */
function npm(args: readonly string[]): { seconds: number; status: number | null } {
  const started = process.hrtime.bigint();
  const ran = spawnSync(NPM, ['run', '--silent', ...args], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (ran.status === null || ran.status > 1) process.stderr.write(ran.stderr);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, status: ran.status };
}

/** The mixed class: 40% solved, 30% unsolved, 30% half-solved, in both folder layouts. */
function mixedKind(index: number): Kind {
  const slot = index % 10;
  if (slot < 4) return 'solved';
  if (slot < 7) return 'unsolved';
  return slot === 9 ? 'chaptersOnly' : 'half';
}

function build(dir: string, kind: (index: number) => Kind, distinct = false): string[] {
  mkdirSync(dir, { recursive: true });
  const names = Array.from({ length: SIZE }, (_, index) => `student-${String(index + 1).padStart(3, '0')}`);
  names.forEach((name, index) => {
    makeStudent(dir, name, kind(index));
    if (distinct) stampEveryFile(join(dir, name), index);
  });
  return names;
}

/** Grades a class with `npm run grade` and checks that it wrote a row per student. */
function gradeClass(dir: string, out: string): number {
  const ran = npm(['grade', '--', dir, '--out', out, '--lang', 'en']);
  const rows = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\r\n').length - 1;
  if (ran.status !== 0 || rows !== SIZE) throw new Error(`grade failed: status ${ran.status}, ${rows} rows`);
  return ran.seconds;
}

const work = mkdtempSync(join(tmpdir(), 'bench-batch-'));
try {
  const mixed = build(join(work, 'mixed'), mixedKind);
  build(join(work, 'distinct'), mixedKind, true);
  build(join(work, 'hanging'), (index) => (index === 0 ? 'hanging' : mixedKind(index)), true);

  const grade = gradeClass(join(work, 'mixed'), join(work, 'out-mixed'));
  let loop = 0;
  for (const name of mixed.slice(0, LOOP)) {
    const ran = npm(['check', '--', '--target', join(work, 'mixed', name), '--quiet']);
    if (ran.status === null || ran.status > 1) throw new Error(`check failed on ${name}`);
    loop += ran.seconds;
  }
  const loopAll = (loop / LOOP) * SIZE;
  const distinct = gradeClass(join(work, 'distinct'), join(work, 'out-distinct'));
  const hanging = gradeClass(join(work, 'hanging'), join(work, 'out-hanging'));

  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
  const loopNote = LOOP === SIZE ? `${loopAll.toFixed(1)} s` : `${loopAll.toFixed(1)} s (${LOOP} run, scaled to ${SIZE})`;
  console.log(`\n### Batch grading (${SIZE} submissions)\n`);
  console.log(`Machine: ${machine} (nproc ${spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || '?'})\n`);
  console.log('| case | `npm run grade` | `npm run check -- --target X` per submission | speed-up |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| mixed class (40% solved, 30% unsolved, 30% half) | ${grade.toFixed(1)} s | ${loopNote} | ${(loopAll / grade).toFixed(1)}× |`);
  console.log(`| same mix, a unique edit in every file (nothing shared) | ${distinct.toFixed(1)} s | ${loopAll.toFixed(1)} s (same loop) | ${(loopAll / distinct).toFixed(1)}× |`);
  console.log(`| that class with one student looping at import (default 10 s limit) | ${hanging.toFixed(1)} s | | hang costs ${(hanging - distinct).toFixed(1)} s |`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
