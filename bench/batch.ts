import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClass, mixedKind, npm } from './classes.ts';
import { machine } from './measure.ts';
import type { Kind } from '../test/support/class.ts';

/**
 * `npm run bench` batch case: 100 submissions (solved, unsolved and half-solved copies) graded with
 * `npm run grade`, against `npm run check -- --target X` once per submission, in the same run; then the
 * same mix with a unique edit in every file (nothing shared), and that class with one student whose code
 * loops at import. Prints markdown lines for BENCHMARKS.md.
 * BATCH_SIZE (default 100) and BATCH_LOOP (how many submissions the check loop runs, default all) shrink it.
 */
const SIZE = Number(process.env['BATCH_SIZE'] ?? 100);
const LOOP = Math.min(SIZE, Number(process.env['BATCH_LOOP'] ?? SIZE));

/** Prints one finished measurement at once, so a long run that is stopped still leaves what it measured. */
function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** Grades a class with `npm run grade` and checks that it wrote a row per student. */
function gradeClass(dir: string, out: string): { seconds: number; cpu: number | null } {
  const ran = npm(['grade', '--', dir, '--out', out, '--lang', 'en']);
  const rows = readFileSync(join(out, 'gradebook.csv'), 'utf8').trim().split('\r\n').length - 1;
  if (ran.status !== 0 || rows !== SIZE) throw new Error(`grade failed: status ${ran.status}, ${rows} rows`);
  progress(`grade ${dir}: ${ran.seconds.toFixed(1)} s wall, ${ran.cpu?.toFixed(1) ?? '?'} s CPU`);
  return ran;
}

/** `check --target` on the first LOOP students of a class, scaled to the whole class: wall and CPU seconds. */
function checkLoop(dir: string, names: readonly string[]): { seconds: number; cpu: number | null } {
  let seconds = 0;
  let cpu: number | null = 0;
  for (const name of names.slice(0, LOOP)) {
    const ran = npm(['check', '--', '--target', join(dir, name), '--quiet']);
    if (ran.status === null || ran.status > 1) throw new Error(`check failed on ${name}`);
    seconds += ran.seconds;
    cpu = cpu === null || ran.cpu === null ? null : cpu + ran.cpu;
  }
  const scale = SIZE / Math.min(LOOP, names.length);
  progress(`check loop on ${dir}: ${(seconds * scale).toFixed(1)} s wall, ${cpu === null ? '?' : (cpu * scale).toFixed(1)} s CPU (scaled)`);
  return { seconds: seconds * scale, cpu: cpu === null ? null : cpu * scale };
}

const work = mkdtempSync(join(tmpdir(), 'bench-batch-'));
try {
  buildClass(join(work, 'mixed'), SIZE, mixedKind);
  const distinctNames = buildClass(join(work, 'distinct'), SIZE, mixedKind, true);
  buildClass(join(work, 'hanging'), SIZE, (index): Kind => (index === 0 ? 'hanging' : mixedKind(index)), true);

  const grade = gradeClass(join(work, 'mixed'), join(work, 'out-mixed'));
  const loop = checkLoop(join(work, 'distinct'), distinctNames);
  const distinct = gradeClass(join(work, 'distinct'), join(work, 'out-distinct'));
  const hanging = gradeClass(join(work, 'hanging'), join(work, 'out-hanging'));

  const scaled = LOOP === SIZE ? '' : ` (${LOOP} run, scaled to ${SIZE})`;
  const cpu = (value: number | null) => (value === null ? '?' : `${value.toFixed(1)} s`);
  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? '?' : `${(a / b).toFixed(1)}×`);
  console.log(`\n### Batch grading (${SIZE} submissions)\n`);
  console.log(`Machine: ${machine()}, load average before: ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`);
  console.log('| case | `npm run grade` wall / CPU | `check --target` loop wall / CPU | speed-up wall / CPU |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| mixed class (40% solved, 30% unsolved, 30% half) | ${grade.seconds.toFixed(1)} s / ${cpu(grade.cpu)} | ${loop.seconds.toFixed(1)} s / ${cpu(loop.cpu)}${scaled} | ${ratio(loop.seconds, grade.seconds)} / ${ratio(loop.cpu, grade.cpu)} |`);
  console.log(`| same mix, a unique edit in every file (nothing shared) | ${distinct.seconds.toFixed(1)} s / ${cpu(distinct.cpu)} | same loop | ${ratio(loop.seconds, distinct.seconds)} / ${ratio(loop.cpu, distinct.cpu)} |`);
  console.log(`| that class with one student looping at import (10 s limit) | ${hanging.seconds.toFixed(1)} s / ${cpu(hanging.cpu)} | | the hang costs ${(hanging.seconds - distinct.seconds).toFixed(1)} s |`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
