import { describe, expect, test } from 'vitest';
import { gradebookCsv } from '../../../../checker/class/books/csv.ts';
import type { StudentResult } from '../../../../checker/class/student-result.ts';
import { MAX_SHOWN, bounded, reportHtml } from '../../../../checker/class/books/html.ts';
import { loadChapters, allExercises } from '../../../../checker/course/course.ts';
import { buildReport } from '../../../../checker/report/build.ts';
import { junitOf } from '../../../../checker/report/junit.ts';
import type { ExerciseReport, Report } from '../../../../checker/report/shape.ts';
import { renderText } from '../../../../checker/report/text.ts';
import { FIXTURE_COURSE } from '../../../support/course.ts';

/*
 * Every renderer of a report, in-process, from reports built by hand for the fixture course's five exercises: what the
 * end-to-end tests would otherwise need a whole grading run for.
 */
const CHAPTERS = await loadChapters(FIXTURE_COURSE);
const SELECTED = allExercises(CHAPTERS);

/** One exercise's report: passing, or failing its last test with a sent/got message. */
function exercise(id: string, pass: boolean): ExerciseReport {
  const { exercise: spec } = SELECTED.find(({ exercise: known }) => known.id === id)!;
  const names = Object.keys(spec.tests);
  const message = pass ? '' : `${spec.title.en} broke <its rule> & more\n  sent: 21\n  got: 21\n  expected: 42`;
  return {
    id,
    title: spec.title.en,
    status: pass ? 'pass' : 'fail',
    message,
    hint: spec.hint.en,
    todo: `chapters/${id.startsWith('01') ? '01-numbers/numbers.ts' : '02-pairs/pairs.ts'}:5`,
    points: pass ? 1 : 0,
    max_points: 1,
    tests: names.map((name, index) => ({ name, title: name, status: pass || index < names.length - 1 ? 'pass' : 'fail', message: pass || index < names.length - 1 ? '' : message })),
  };
}

/** A report where the given exercises fail and the rest pass. */
function report(failing: readonly string[], lang: 'ko' | 'en' = 'en'): Report {
  return buildReport({ target: 'chapters', lang, exercises: SELECTED.map(({ exercise: spec }) => exercise(spec.id, !failing.includes(spec.id))), type_errors: [] });
}

/** A class row for a student with that report. */
function row(name: string, graded: Report): StudentResult {
  return { student: { name, dir: `/class/${name}`, learner: null, problem: null }, report: graded, missingChapters: [] };
}

describe('text report', () => {
  test('names each exercise, the failing test with what was sent and got, where to look and the hint, and the score', () => {
    const text = renderText(report(['01/1']));
    expect(text).toContain('✗ 01/1 Doubling — fail');
    expect(text).toContain('✓ 02/2 Adding — pass');
    expect(text).toMatch(/sent: 21\n\s+got: 21/);
    expect(text).toContain('Look at: chapters/01-numbers/numbers.ts:5');
    expect(text).toContain('Hint: Return twice the value you get.');
    expect(text).toContain('score 4/5 (by exercise)');
  });

  test('speaks Korean when the report does', () => {
    expect(renderText(report(['01/1'], 'ko'))).toContain('점수 4/5 (연습 단위)');
  });
});

describe('JUnit', () => {
  test('one testsuite per exercise, its points as a property, failures escaped', () => {
    const xml = junitOf(report(['01/1']));
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(SELECTED.length);
    expect(xml.match(/<failure/g)).toHaveLength(1);
    expect(xml).toContain('&lt;its rule&gt; &amp; more');
    expect(xml).not.toContain('<its rule>');
  });
});

describe('the class gradebook', () => {
  const results = [row('kim', report([])), row('lee, "별명"', report(['01/1', '02/2']))];

  test('CSV: a header of exercises, one row per student with points, score and percent, names quoted', () => {
    const csv = gradebookCsv(results, SELECTED.map(({ exercise: spec }) => spec.id), 'en');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('01/1 points');
    expect(lines[1]).toMatch(/^kim,1,1,1,1,1,5,5,100,/);
    expect(lines[2]).toMatch(/^"lee, ""별명""",0,1,1,1,0,3,5,60,/);
  });

  test('CSV with no roster: students named constructor, __proto__ and toString beside kim add no id column and break no row', () => {
    const named = [row('__proto__', report([])), row('constructor', report(['01/1'])), results[0]!, row('toString', report([]))];
    const csv = gradebookCsv(named, SELECTED.map(({ exercise: spec }) => spec.id), 'en');
    const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^student,01\/1 points,/);
    expect(lines.map((line) => line.split(',')[0])).toEqual(['student', '__proto__', 'constructor', 'kim', 'toString']);
    expect(lines[2]).toMatch(/^constructor,0,1,1,1,1,4,5,80,/);
    expect(csv).not.toContain('function');
    expect(gradebookCsv(named, ['01/1'], 'en', new Map([['kim', 'S-1']])).split('\r\n').slice(1, 5).map((line) => line.split(',').slice(0, 2))).toEqual([
      ['__proto__', ''], ['constructor', ''], ['kim', 'S-1'], ['toString', ''],
    ]);
  });

  test('HTML: self-contained, one heatmap cell per student and exercise, names escaped', () => {
    const html = reportHtml(results, SELECTED, 'en', new Date('2026-12-01T00:00:00Z'));
    expect(html.match(/<td class="cell /g)).toHaveLength(results.length * SELECTED.length);
    expect(html).toContain('data-student="lee, &quot;별명&quot;"');
    expect(html).not.toMatch(/<script|<link|\ssrc=|\shref=/);
  });

  test("HTML: a learner's runaway message and output are shown bounded, in the cell's tip, the common message and the reason", () => {
    const runaway = report(['01/1']);
    const failing = runaway.exercises.find((entry) => entry.id === '01/1')!;
    failing.message = `${'m'.repeat(100_000)}\nsecond line`;
    const last = failing.tests.at(-1)!;
    last.message = failing.message;
    last.output = { lines: [{ stream: 'stdout', text: 'printed by the learner' }, { stream: 'stderr', text: 'p'.repeat(300) }], more: 0 };
    const rows = [row('kim', runaway), row('lee', runaway)];
    const page = reportHtml(rows, SELECTED, 'en', new Date('2026-12-01T00:00:00Z'));
    expect(page.length).toBeLessThan(60_000);
    const tip = /data-student="kim" data-exercise="01\/1" title="([^"]*)"/.exec(page)![1]!;
    expect(tip.length).toBeLessThanOrEqual(MAX_SHOWN.tip + 1);
    expect(tip.endsWith('…')).toBe(true);
    const common = /<pre>([^<]*)<\/pre><small>× 2<\/small>/.exec(page)![1]!;
    expect(common.length).toBeLessThanOrEqual(MAX_SHOWN.common + 1);
    // A learner's file named at great length shows in the reason, bounded.
    const longName = { ...runaway, type_errors: [{ kind: 'type' as const, file: `chapters/01-numbers/${'f'.repeat(5_000)}.ts`, line: 1, column: 1, code: 'TS2322', message: 'no' }] };
    const reason = /<p class="reason">([^<]*)<\/p>/.exec(reportHtml([row('kim', longName)], SELECTED, 'en'))![1]!;
    expect(reason.length).toBeLessThanOrEqual(MAX_SHOWN.reason + 1);
    expect(reason.startsWith('1 type error')).toBe(true);
    // A short message shows whole, with the first lines the learner's code printed.
    const short = report(['01/1']);
    short.exercises.find((entry) => entry.id === '01/1')!.tests.at(-1)!.output = { lines: [{ stream: 'stdout', text: 'printed by the learner' }], more: 0 };
    const shortTip = /data-exercise="01\/1" title="([^"]*)"/.exec(reportHtml([row('kim', short)], SELECTED, 'en'))![1]!;
    expect(shortTip).toBe('Doubling broke &lt;its rule&gt; &amp; more\n  sent: 21\n  got: 21\n│ printed by the learner');
  });

  test('bounded cuts at the limit and never halves a character', () => {
    expect(bounded('abc', 3)).toBe('abc');
    expect(bounded('abcd', 3)).toBe('abc…');
    expect(bounded('ab😀', 3)).toBe('ab…');
    expect(bounded('가나다라', 2)).toBe('가나…');
  });
});
