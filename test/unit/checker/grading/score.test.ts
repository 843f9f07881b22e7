import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { timeLimits } from '../../../../checker/runner/limits.ts';
import type { Selected } from '../../../../checker/course/course.ts';
import type { RawFile } from '../../../../checker/runner/vitest-results.ts';
import type { Scratch, ScratchTarget } from '../../../../checker/grading/scratch.ts';
import { scoreTarget } from '../../../../checker/grading/score.ts';
import type { ScoreInput } from '../../../../checker/grading/score.ts';
import { renderText } from '../../../../checker/report/text.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const root = tempDir('score');
const chaptersDir = join(root, 't0', 'chapters');
beforeAll(() => {
  writeTree(chaptersDir, { '01-x/main.ts': '// TODO(01/1): fix\n' });
});
const suitesDir = join(root, 't0', 'checker', 'suites');
const target: ScratchTarget = { key: 't0', dir: join(root, 't0'), learner: { given: 'kim', chaptersDir: '/home/kim/chapters', shownAs: 'chapters' }, chaptersDir, suitesDir, suiteOrigins: new Map() };
const scratch: Scratch = { root, targets: [target], dispose: () => {} };
const selected = [
  {
    chapter: { id: '01', dir: '01-x' },
    exercise: {
      id: '01/1', suite: '1-x.test.ts', tests: { 'stops in time': '제때 멈춘다', 'answers': '답한다' },
      title: { ko: '연습', en: 'Exercise' }, hint: { ko: '힌트', en: 'Hint' }, todo: { file: 'main.ts', marker: 'TODO(01/1)' },
    },
  },
] as unknown as Selected[];
const suite = join(suitesDir, '01-x', '1-x.test.ts');

/** Scores the one exercise with the given outcome of its suite file, under --timeout 60. */
function score(raw: RawFile, lang: 'ko' | 'en' = 'en') {
  return scoreTarget({ scratch, target, outcomes: new Map([[suite, raw]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang, limits: timeLimits(60_000) }).exercises[0]!;
}

describe('scoreTarget timeouts name the limit that fired', () => {
  const slowTest: RawFile = {
    outcome: 'ran',
    errors: [],
    tests: [
      { name: 'stops in time', state: 'failed', message: 'Test timed out in 30000ms.', stack: '' },
      { name: 'answers', state: 'passed', message: '', stack: '' },
    ],
  };

  test('a test stopped at the per-test backstop says that limit (360 s of clock under a 60 s file limit), not the file limit', () => {
    const exercise = score(slowTest);
    expect(exercise.status).toBe('timeout');
    expect(exercise.tests[0]!.message).toContain('360 s on the clock');
    expect(exercise.tests[0]!.message).not.toMatch(/\b60 s/);
    expect(score(slowTest, 'ko').tests[0]!.message).toContain('360초');
  });

  test('a file stopped at its own limit says that limit, in CPU time spent computing, and points at a loop', () => {
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, errors: [], tests: [] });
    expect(exercise.tests.map((test) => test.status)).toEqual(['timeout', 'timeout']);
    expect(exercise.message).toContain('Stopped after 60 s of CPU time without finishing');
    expect(exercise.message).toContain('look for a loop that never ends');
    expect(exercise.message).not.toContain('waiting');
    expect(score({ outcome: 'timeout', limitMs: 60_000, errors: [], tests: [] }, 'ko').message).toContain('CPU 시간 60초를 쓰고도 끝나지 않아 멈췄다');
  });

  test('a file stopped at the wait limit says it waited that long without computing, and points at a wait', () => {
    const waited: RawFile = { outcome: 'timeout', limitMs: 180_000, limit: 'wait', runningTest: 'answers', errors: [], tests: [] };
    const exercise = score(waited);
    expect(exercise.message).toMatch(/^Stopped after waiting 180 s without finishing, in the test "answers"/);
    expect(exercise.message).toContain('a promise that never settles');
    expect(exercise.message).not.toContain('CPU');
    expect(exercise.tests[0]!.message).toBe('Not graded: the test "answers" of the same file was still waiting after 180 s, so the whole file was stopped.');
    const korean = score(waited, 'ko');
    expect(korean.message).toMatch(/^180초를 기다려도 끝나지 않아 멈췄다\. 멈춘 테스트: 답한다/);
    expect(korean.message).toContain('Promise');
    expect(korean.tests[0]!.message).toBe('채점하지 못했다: 같은 파일의 테스트 "답한다"가 180초를 기다려도 끝나지 않아 파일 전체를 멈췄다.');
  });

  test('a file stopped at the shorter load limit says that limit, and that it counts CPU time spent loading', () => {
    const load: RawFile = { outcome: 'timeout', limitMs: 2_000, limit: 'load', errors: [], tests: [] };
    expect(score(load).message).toContain('2 s of CPU time spent loading');
    expect(score(load, 'ko').message).toContain('CPU 시간 2초');
    expect(score({ ...load, limit: 'file' }).message).not.toContain('spent loading');
  });

  test('a file stopped while a test ran names that test; its other tests say they were not graded because of it', () => {
    const stopped: RawFile = { outcome: 'timeout', limitMs: 60_000, limit: 'file', runningTest: 'answers', errors: [], tests: [] };
    const exercise = score(stopped);
    expect(exercise.status).toBe('timeout');
    expect(exercise.tests.map((test) => test.status)).toEqual(['timeout', 'timeout']);
    expect(exercise.message).toBe(
      'Stopped after 60 s of CPU time without finishing, in the test "answers" of the test file checker/suites/01-x/1-x.test.ts; the file\'s other tests could not be graded because of it. It kept computing all that time: look for a loop that never ends.',
    );
    expect(exercise.tests[1]!.message).toBe(exercise.message);
    expect(exercise.tests[0]!.message).toBe('Not graded: the test "answers" of the same file did not finish within 60 s of CPU time, so the whole file was stopped.');
    const korean = score(stopped, 'ko');
    expect(korean.message).toBe(
      'CPU 시간 60초를 쓰고도 끝나지 않아 멈췄다. 멈춘 테스트: 답한다 (테스트 파일 checker/suites/01-x/1-x.test.ts). 같은 파일의 다른 테스트는 이 때문에 채점하지 못했다. 그동안 계속 계산하고 있었으니, 끝나지 않는 반복문이 있는지 살펴보라.',
    );
    expect(korean.tests[0]!.message).toBe('채점하지 못했다: 같은 파일의 테스트 "답한다"가 CPU 시간 60초 안에 끝나지 않아 파일 전체를 멈췄다.');
    expect(score({ ...stopped, runningTest: 'stops in time' }, 'ko').tests[1]!.message).toContain('테스트 "제때 멈춘다"가 CPU 시간 60초');
  });

  test('a running test the manifest does not list is named as the suite spells it, and none of the file passes', () => {
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, runningTest: 'an extra check', errors: [], tests: [] });
    expect(exercise.message).toContain('in the test "an extra check"');
    expect(exercise.tests.every((test) => test.status === 'timeout' && test.message.includes('"an extra check"'))).toBe(true);
  });

  test('a file stopped in a loop of learner code gives the loop\'s file:line, and points the learner there instead of the TODO', () => {
    const loop = { file: join(chaptersDir, '01-x', 'main.ts'), line: 7 };
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, runningTest: 'answers', loop, errors: [], tests: [] });
    expect(exercise.message.split('\n').at(-1)).toBe('The loop it was spinning in: chapters/01-x/main.ts:7');
    expect(exercise.tests[1]!.message).toBe(exercise.message);
    expect(exercise.todo).toBe('chapters/01-x/main.ts:7');
    expect(renderText(scoreTarget({ scratch, target, outcomes: new Map([[suite, { outcome: 'timeout', limitMs: 60_000, loop, errors: [], tests: [] }]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang: 'ko', limits: timeLimits(60_000) })))
      .toMatch(/멈출 때 돌던 반복문: chapters\/01-x\/main\.ts:7\n {4}살펴볼 곳: chapters\/01-x\/main\.ts:7\n[^]*다음 할 일: 01\/1 → chapters\/01-x\/main\.ts:7$/);
  });

  test('a loop outside the learner\'s chapters is not shown, and the TODO stays the place to look', () => {
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, loop: { file: join(suitesDir, '01-x', '1-x.test.ts'), line: 3 }, errors: [], tests: [] });
    expect(exercise.message).not.toContain('loop it was spinning in');
    expect(exercise.todo).toBe('chapters/01-x/main.ts:1');
  });

  test('with no test known to be running, the file\'s message says so', () => {
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, limit: 'file', errors: [], tests: [] });
    expect(exercise.message).toContain('no test of it was known to be running');
    expect(score({ outcome: 'timeout', limitMs: 60_000, errors: [], tests: [] }, 'ko').message).toContain('멈출 때 돌던 테스트는 알 수 없었다');
  });

  test('the TODO is shown under the learner folder\'s shown name', () => {
    expect(score(slowTest).todo).toBe('chapters/01-x/main.ts:1');
  });
});

describe('a type check that gave no answer', () => {
  const passed: RawFile = { outcome: 'ran', errors: [], tests: [{ name: 'stops in time', state: 'passed', message: '', stack: '' }, { name: 'answers', state: 'passed', message: '', stack: '' }] };
  const report = (lang: 'ko' | 'en', typecheckFailed: ScoreInput['typecheckFailed']) =>
    scoreTarget({ scratch, target, outcomes: new Map([[suite, passed]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang, limits: timeLimits(60_000), ...(typecheckFailed ? { typecheckFailed } : {}) });

  test('lets no exercise pass, whatever its suites said, and says why once at the top of the text report', () => {
    const stopped = report('en', { reason: 'timeout', limitMs: 120_000 });
    const [exercise] = stopped.exercises;
    expect(exercise!.status).toBe('error');
    expect(exercise!.points).toBe(0);
    expect(exercise!.blocked).toEqual({ kind: 'type_check_failed', where: 'chapters', message: exercise!.message });
    expect(exercise!.message).toContain('The type check (tsc) used no CPU at all for 120 s');
    const text = renderText(stopped);
    expect(text.split('\n').filter((line) => line.includes('used no CPU at all for 120 s'))).toHaveLength(1);
    expect(text).toContain('because the type check above gave no answer');
    expect(text.trim().split('\n').at(-1)).toBe('Next: read the type check failure above');
  });

  test('a chapter too costly to check is named with the limit it exceeded, and only that chapter is blocked', () => {
    const costly = (lang: 'ko' | 'en', cause: NonNullable<ScoreInput['typecheckFailed']>) =>
      scoreTarget({ scratch, target, outcomes: new Map([[suite, passed]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang, limits: timeLimits(60_000), costlyChapters: new Map([['01-x', cause]]) }).exercises[0]!;
    const cpu = costly('en', { reason: 'cpu', limitMs: 30_000 });
    expect(cpu.status).toBe('error');
    expect(cpu.blocked).toEqual({ kind: 'type_check_failed', where: 'chapters/01-x', message: cpu.message });
    expect(cpu.message).toBe("The type check (tsc) of chapters/01-x used more than 30 s of CPU and was stopped: the chapter's types are too costly to check, so none of its exercises can pass.");
    expect(costly('en', { reason: 'memory', limitMb: 512 }).message).toContain('used more than 512 MB of memory');
    expect(costly('ko', { reason: 'memory', limitMb: 512 }).message).toContain('메모리를 512 MB 넘게 써서 멈췄다. 이 장의 타입은 검사하기에 너무 비싸므로');
    expect(costly('ko', { reason: 'cpu', limitMs: 30_000 }).message).toContain('CPU 시간을 30초 넘게 써서 멈췄다');
    for (const exercise of [cpu, costly('ko', { reason: 'cpu', limitMs: 30_000 })]) expect(exercise.message).not.toMatch(/busy|again|다시|바쁠/);
    const other = scoreTarget({ scratch, target, outcomes: new Map([[suite, passed]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang: 'en', limits: timeLimits(60_000), costlyChapters: new Map([['02-y', { reason: 'cpu', limitMs: 30_000 }]]) });
    expect(other.exercises[0]!.status).toBe('pass');
  });

  test('says so in Korean too, for a tsc that never answered', () => {
    const [exercise] = report('ko', { reason: 'no-answer' }).exercises;
    expect(exercise!.message).toContain('타입 검사(tsc)가 답을 내지 못하고 끝났으므로');
    expect(report('ko', undefined).exercises[0]!.status).toBe('pass');
  });
});


describe('a failure that names the learner line that caused it', () => {
  const failedAt = (where: string): RawFile => ({
    outcome: 'ran',
    errors: [],
    tests: [
      { name: 'stops in time', state: 'failed', message: 'wrote a stray line', stack: '', where },
      { name: 'answers', state: 'passed', message: '', stack: '' },
    ],
  });

  test('moves the place to look and the next step from the TODO to that line, as the learner knows it', () => {
    const exercise = score(failedAt(join(chaptersDir, '01-x', 'log.ts:12')));
    expect(exercise.todo).toBe('chapters/01-x/log.ts:12');
    const report = scoreTarget({ scratch, target, outcomes: new Map([[suite, failedAt(join(chaptersDir, '01-x', 'log.ts:12'))]]), problems: [], selected, suites: new Map([['01/1', [{ file: suite }]]]), lang: 'en', limits: timeLimits(60_000) });
    expect(renderText(report)).toContain('Next: 01/1 → chapters/01-x/log.ts:12');
  });

  test('keeps the TODO when the named line lies outside the learner\'s chapters', () => {
    expect(score(failedAt(join(root, 'elsewhere', 'log.ts:12'))).todo).toBe('chapters/01-x/main.ts:1');
  });
});
