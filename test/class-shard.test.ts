import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shardOf } from '../checker/class/intake/shard.ts';
import { newSigningKey } from '../checker/trust/sign.ts';
import { FIXTURE_STUDENTS, makeStudent } from './support/class.ts';
import { fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/** A class graded on one machine, and again as two shards joined by grade:merge: the gradebooks must be the same (on the fixture course). */
let work: string;
let submissions: string;
const kinds = ['solved', 'unsolved', 'half', 'empty', 'typeError', 'solved', 'unsolved'] as const;
/** The key the class workflow's trusted side makes and gives each shard's grade on standard input. */
const key = newSigningKey();
const grade = (out: string, ...extra: string[]) =>
  runTs('checker/class/cli.ts', [submissions, '--out', out, '--lang', 'en', '--timeout', GRADING_TIMEOUT, ...extra], { timeoutMs: 240_000, env: { TZ: 'UTC' }, ...(extra.includes('--sign') ? { input: `${key}\n` } : {}) });
let whole: Ran;
let parts: Ran[];
let merged: Ran;

// The class is built, graded whole and in shards, and merged before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'class-shard-'));
  submissions = join(work, 'class');
  mkdirSync(submissions);
  kinds.forEach((kind, index) => makeStudent(submissions, `s${index + 1}`, kind, FIXTURE_STUDENTS));
  whole = grade(join(work, 'whole'));
  parts = [grade(join(work, 'part1'), '--shard', '1/2', '--sign'), grade(join(work, 'part2'), '--shard', '2/2', '--sign')];
  merged = runTs('checker/class/merge-cli.ts', [join(work, 'part1'), join(work, 'part2'), '--out', join(work, 'merged'), '--lang', 'en'], { env: { TZ: 'UTC' } });
});
const read = (dir: string, file: string) => readFileSync(join(work, dir, file), 'utf8');
/** The file without the times it was written at (the only part that may differ). */
const timeless = (text: string) => text.replace(/"generated_at": "[^"]+"/g, '"generated_at": "…"').replace(/\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d/g, '…');

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('grade --shard and grade:merge', () => {
  test('each shard grades its own students, and together they cover the class once', () => {
    for (const ran of [whole, ...parts, merged]) expect(ran.status, ran.stderr).toBe(0);
    const names = kinds.map((_, index) => `s${index + 1}`);
    const inShard = (shard: number) => names.filter((name) => shardOf(name, 2) === shard);
    expect(parts[0]!.stderr).toContain(`Found ${inShard(1).length} students`);
    expect(parts[1]!.stderr).toContain(`Found ${inShard(2).length} students`);
    expect(inShard(1).length + inShard(2).length).toBe(names.length);
  });

  test('the merged gradebook is the single run\'s, byte for byte but for the times', () => {
    expect(read('merged', 'gradebook.csv')).toBe(read('whole', 'gradebook.csv'));
    expect(read('merged', 'gradebook-canvas.csv')).toBe(read('whole', 'gradebook-canvas.csv'));
    expect(timeless(read('merged', 'gradebook.json'))).toBe(timeless(read('whole', 'gradebook.json')));
    expect(timeless(read('merged', 'report.html'))).toBe(timeless(read('whole', 'report.html')));
  });

  test('each signed shard verifies under the key, and a shard whose row was rewritten after grading is refused', () => {
    const verify = (...dirs: string[]) => runTs('checker/class/verify-cli.ts', [...dirs, '--lang', 'en'], { input: `${key}\n` });
    const good = verify(join(work, 'part1'), join(work, 'part2'));
    expect(good.status, good.stderr).toBe(0);
    const forged = join(work, 'forged');
    cpSync(join(work, 'part1'), forged, { recursive: true });
    writeFileSync(join(forged, 'gradebook.csv'), read('part1', 'gradebook.csv').replace(/,0,/, ',1,'));
    const refused = verify(forged);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('does not match its signature (gradebook.csv)');
  });

  test('a student keeps its shard when others join, and a merge missing a shard is refused', () => {
    const before = Array.from({ length: 50 }, (_, index) => `student-${index}`);
    const shardsBefore = before.map((name) => shardOf(name, 8));
    const shardsAfter = [...before, 'newcomer-1', 'newcomer-2'].map((name) => shardOf(name, 8)).slice(0, before.length);
    expect(shardsAfter).toEqual(shardsBefore);
    const refused = runTs('checker/class/merge-cli.ts', [join(work, 'part1'), '--out', join(work, 'half'), '--lang', 'en']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('Not merged: the shards do not fit together (shard 2/2)');
  });
});
