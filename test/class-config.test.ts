import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course.ts';
import type { Gradebook } from '../checker/class/gradebook.ts';
import { chapterDir } from './support/chapters.ts';
import { parseCsv } from './support/class.ts';
import { REPO, runTs } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** A class graded with a class file (weights, roster), then one student regraded into the same gradebook. */
const work = mkdtempSync(join(tmpdir(), 'class-config-'));
const submissions = join(work, 'class');
mkdirSync(submissions);
cpSync(join(REPO, 'solutions'), join(submissions, 'ann', 'chapters'), { recursive: true });
cpSync(committedStarters(), join(submissions, 'bob', 'chapters'), { recursive: true });
mkdirSync(join(submissions, 'cho'));
writeFileSync(join(submissions, 'dan.zip'), 'not a zip');
const config = join(work, 'class.json');
writeFileSync(config, JSON.stringify({ weights: { '01/1': 3 }, roster: { ann: 'S-001', bob: 'S-002', nobody: 'S-404' } }));
const out = join(work, 'out');
const grade = (...extra: string[]) => runTs('checker/class/cli.ts', [submissions, '--out', out, '--config', config, '--lang', 'en', ...extra], { timeoutMs: 240_000 });
const first = grade();
const csv = () => parseCsv(readFileSync(join(out, 'gradebook.csv'), 'utf8'));
const book = () => JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Gradebook;
const firstCsv = csv();
const firstBook = book();
const html = readFileSync(join(out, 'report.html'), 'utf8');
const ids = allExercises().map(({ exercise }) => exercise.id);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A CSV row as a record keyed by the header. */
function rowOf(rows: string[][], name: string): Record<string, string> {
  const found = rows.find((fields) => fields[0] === name)!;
  return Object.fromEntries(rows[0]!.map((header, index) => [header, found[index]!]));
}

describe('grade --config: weights and a roster from a class file, never from the checker', () => {
  test('the CSV carries the id column, numeric points with the class weight, and a percent', () => {
    expect(first.status, first.stderr).toBe(0);
    expect(firstCsv[0]).toEqual(['student', 'id', ...ids, 'score', 'max', 'percent', 'tests passed', 'tests total', 'reason']);
    const ann = rowOf(firstCsv, 'ann');
    expect(ann['id']).toBe('S-001');
    expect(ann['01/1']).toBe('3');
    expect(ann['max']).toBe(String(ids.length + 2));
    expect(ann['percent']).toBe('100');
    expect(rowOf(firstCsv, 'cho')['id']).toBe('');
    expect(first.stderr).toContain('Warning: the roster names nobody, but there is no such submission.');
  });

  test('gradebook.json records the provenance: checker commit, Node, limits, weights, date', () => {
    const { provenance } = firstBook;
    expect(provenance.checker_commit).toMatch(/^[0-9a-f]{40}$/);
    expect(provenance.node).toBe(process.version);
    expect(provenance.limits).toEqual({ file_ms: 10_000, test_ms: 5_000 });
    expect(provenance.weights).toEqual({ '01/1': 3 });
    expect(provenance.deadline).toBeNull();
    expect(Date.parse(provenance.generated_at)).not.toBeNaN();
    expect(firstBook.students.find((entry) => entry.student === 'ann')?.id).toBe('S-001');
  });

  test('report.html has distinct states for not handed in and could not be read, statistics, provenance, and a header on every column', () => {
    expect(html).toMatch(/<td class="cell missing" data-student="cho"/);
    expect(html).toMatch(/<td class="cell unreadable" data-student="dan.zip"/);
    expect(html).toContain('Class statistics');
    expect(html).toMatch(/score mean [\d.]+ · median [\d.]+ \(2 students graded\)/);
    expect(html).toContain('What produced this gradebook');
    expect(html).not.toContain('<th></th>');
    expect(html).not.toContain('⏱');
  });

  test('a class file with an unknown exercise id is refused with exit 2, naming the key', () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ weights: { '09/9': 2 } }));
    const refused = runTs('checker/class/cli.ts', [submissions, '--out', join(work, 'none'), '--config', bad, '--lang', 'en']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('weights.09/9');
  });
});

describe('grade --only: one student regraded into the existing gradebook', () => {
  test("bob's new work is graded and every other row stays as it was; the regrade is recorded", () => {
    cpSync(join(REPO, 'solutions', chapterDir('01')), join(submissions, 'bob', 'chapters', chapterDir('01')), { recursive: true });
    const again = grade('--only', 'bob');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/Found 1 students/);
    const rows = csv();
    expect(rowOf(rows, 'bob')['01/1']).toBe('3');
    expect(Number(rowOf(rows, 'bob')['score'])).toBeGreaterThan(Number(rowOf(firstCsv, 'bob')['score']));
    for (const name of ['ann', 'cho', 'dan.zip']) expect(rowOf(rows, name), name).toEqual(rowOf(firstCsv, name));
    const after = book();
    expect(after.provenance).toEqual(firstBook.provenance);
    expect(after.regrades?.map((regrade) => regrade.students)).toEqual([['bob']]);
  });

  test('a name that is no submission is refused, and nothing is written', () => {
    const before = readFileSync(join(out, 'gradebook.json'), 'utf8');
    const refused = grade('--only', 'eve');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('no such submissions');
    expect(readFileSync(join(out, 'gradebook.json'), 'utf8')).toBe(before);
  });
});
