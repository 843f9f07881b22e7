import { describe, expect, test } from 'vitest';
import { firstSentence, focusOf, hintFor, renderScreen } from '../../../../../checker/commands/learner/watch-screen.ts';
import type { ScreenInput } from '../../../../../checker/commands/learner/watch-screen.ts';
import type { Lang } from '../../../../../checker/usage/messages.ts';
import { buildReport } from '../../../../../checker/report/build.ts';
import type { ExerciseReport, Report, Status } from '../../../../../checker/report/shape.ts';

const HINT = 'First do this. Then do that, and mind the order. Last, check it twice.';

/** One exercise with `failing` of its three tests failing. */
function exercise(id: string, status: Status, extra: Partial<ExerciseReport> = {}): ExerciseReport {
  const failing = status === 'pass' ? 0 : 3;
  const tests = ['one', 'two', 'three'].map((name, index) => ({ name, title: name, status: index < failing ? status : 'pass', message: index < failing ? `${name} failed` : '' }) as const);
  return { id, title: `Title ${id}`, status, message: `test ${id} failed\n  got: 1\n  expected: 2`, hint: HINT, todo: `chapters/x/${id}.ts:3`, points: status === 'pass' ? 1 : 0, max_points: 1, tests, ...extra };
}

function report(lang: Lang, exercises: ExerciseReport[], type_errors: Report['type_errors'] = []): Report {
  return buildReport({ target: 'chapters', lang, exercises, type_errors });
}

function screen(lang: Lang, exercises: ExerciseReport[], extra: Partial<ScreenInput> = {}): string {
  return renderScreen({ report: report(lang, exercises), chapters: ['01-one', '02-two'], target: 'chapters', view: 'summary', justChecked: [], prefer: [], status: null, keys: true, ...extra });
}

const COURSE = () => [exercise('01/1', 'pass'), exercise('01/2', 'pass'), exercise('02/1', 'fail'), exercise('02/2', 'fail')];

describe.each([
  ['ko', { watching: '지켜보는 장: 01-one, 02-two', done: '선택한 연습을 모두 통과했다', keys: '키: h 힌트', stop: '끝내려면 Ctrl+C', score: '점수 2/4 (연습 단위) · 테스트 6/12 통과', list: '연습 목록:', whole: 'h: 힌트 전체', more: '함께 실패한 테스트 2개 더' }],
  ['en', { watching: 'Watching 01-one, 02-two', done: 'Every selected exercise passes', keys: 'Keys: h hint', stop: 'Ctrl+C to stop', score: 'score 2/4 (by exercise) · tests 6/12 passed', list: 'Exercises:', whole: 'h: whole hint', more: '2 more failing tests' }],
] as const)('the watch screen in %s', (lang, words) => {
  test('shows the watched chapters, the first failing exercise, its failure and one hint line, and the keys', () => {
    const text = screen(lang, COURSE());
    expect(text.split('\n')[0]).toContain(words.watching);
    expect(text).toContain('✗ 02/1 Title 02/1');
    expect(text).toContain('test 02/1 failed');
    expect(text).not.toContain('02/2 failed');
    expect(text).toContain(`${words.more}`);
    expect(text).toContain(`First do this. (${words.whole})`);
    expect(text).not.toContain('Then do that');
    expect(text).toContain(words.score);
    expect(text.split('\n').at(-1)).toContain(words.keys);
    expect(text.split('\n').length).toBeLessThan(20);
  });

  test('says all done only when every watched exercise passes', () => {
    expect(screen(lang, COURSE())).not.toContain(words.done);
    const done = screen(lang, COURSE().map((one) => ({ ...exercise(one.id, 'pass') })));
    expect(done).toContain(`✓ ${words.done}`);
  });

  test('with every exercise of the course known to pass, a watched chapter names no next exercise and says the course is complete', () => {
    const course = {
      chapters: ['01', '02'].map((id) => ({ id, dir: `${id}-x`, title: id, learnerDir: `chapters/${id}-x`, exercises: [1, 2].map((n) => ({ id: `${id}/${n}`, title: `T${n}`, todo: `chapters/${id}-x/a.ts:1` })) })),
      known: ['01/1', '01/2'],
    };
    const done = screen(lang, [exercise('02/1', 'pass'), exercise('02/2', 'pass')], { course });
    expect(done).not.toMatch(/다음 연습|Next exercise/);
    expect(done).toMatch(/과정 완료|Course complete/);
  });

  test('without keys, says how to stop instead of listing keys, and never hints at a key', () => {
    const text = screen(lang, COURSE(), { keys: false });
    expect(text.split('\n').at(-1)).toContain(words.stop);
    expect(text).not.toContain(words.whole);
  });

  test('h shows the whole hint, l lists every exercise with its status, f the full report', () => {
    expect(screen(lang, COURSE(), { view: 'hint' })).toContain(HINT);
    const list = screen(lang, COURSE(), { view: 'list' });
    expect(list).toContain(words.list);
    for (const id of ['01/1', '01/2', '02/1', '02/2']) expect(list).toMatch(new RegExp(`[✓✗] ${id} `));
    expect(list).toContain('01-one');
    expect(screen(lang, COURSE(), { view: 'full' })).toContain('test 02/2 failed');
  });

  test('a type error in focus shows the compiler error and the next step, not the blocked tests', () => {
    const blocked = exercise('02/1', 'fail', { blocked: { kind: 'type_error', where: 'chapters/02-two/a.ts:4', message: 'TS2322 nope' } });
    const text = renderScreen({
      report: report(lang, [exercise('01/1', 'pass'), blocked], [{ kind: 'type', file: 'chapters/02-two/a.ts', line: 4, column: 2, code: 'TS2322', message: 'nope' }]),
      chapters: ['01-one', '02-two'], target: 'chapters', view: 'summary', justChecked: [], prefer: [], status: null, keys: true,
    });
    expect(text).toContain('chapters/02-two/a.ts:4:2 TS2322 nope');
    expect(text).not.toContain('test 02/1 failed');
  });
});

test('the focus is the first failing exercise of the chapter just saved, else the first failing one', () => {
  const course = report('en', [exercise('01/1', 'fail'), exercise('02/1', 'pass'), exercise('02/2', 'fail')]);
  expect(focusOf(course)?.id).toBe('01/1');
  expect(focusOf(course, ['02'])?.id).toBe('02/2');
  expect(focusOf(report('en', [exercise('01/1', 'pass'), exercise('02/1', 'fail')]), ['01'])?.id).toBe('02/1');
});

test('the one hint line is the first sentence, in either language', () => {
  expect(firstSentence(HINT)).toBe('First do this.');
  expect(firstSentence('rpc.ts의 도우미를 써라. 그다음 줄을 옮겨라.')).toBe('rpc.ts의 도우미를 써라.');
  expect(firstSentence('no full stop here')).toBe('no full stop here');
});

describe('the summary follows what failed', () => {
  const hint = '요청마다 버전을 확인하라. 토큰의 범위가 도구 목록을 정한다. 출처는 허용 목록으로 거른다.';

  test('its one hint line is the sentence of the hint nearest the failing test, not always the first', () => {
    expect(hintFor(hint, '범위가 없는 토큰으로 도구 목록을 불렀다\n  받은 것: ["count_tasks"]')).toBe('토큰의 범위가 도구 목록을 정한다.');
    expect(hintFor(hint, '출처 https://evil.example이 허용 목록에 없는데 200을 받았다')).toBe('출처는 허용 목록으로 거른다.');
    expect(hintFor(hint, 'nothing in common')).toBe('요청마다 버전을 확인하라.');
    const text = screen('ko', [exercise('01/1', 'fail', { hint, tests: [{ name: 'scopes', title: '토큰의 범위가 도구 목록을 정한다', status: 'fail', message: '범위 밖 도구가 보였다' }] })]);
    expect(text).toContain('힌트: 토큰의 범위가 도구 목록을 정한다.');
  });

  test('the learner\'s own prints during the failing test show, their first lines only', () => {
    const output = { lines: ['a', 'b', 'c', 'd', 'e'].map((text) => ({ stream: 'stdout' as const, text: `print ${text}` })), more: 2 };
    const text = screen('en', [exercise('01/1', 'fail', { tests: [{ name: 'one', title: 'one', status: 'fail', message: 'one failed', output }] })]);
    expect(text).toContain('    │ print a');
    expect(text).toContain('    │ print c');
    expect(text).not.toContain('print d');
  });
});

