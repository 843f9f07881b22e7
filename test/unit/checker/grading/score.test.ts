import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { timeLimits } from '../../../../checker/runner/limits.ts';
import type { Selected } from '../../../../checker/course/course.ts';
import type { RawFile } from '../../../../checker/runner/vitest-results.ts';
import type { Scratch, ScratchTarget } from '../../../../checker/grading/scratch.ts';
import { scoreTarget } from '../../../../checker/grading/score.ts';
import type { ScoreInput } from '../../../../checker/grading/score.ts';
import { renderText } from '../../../../checker/report/text.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const root = tempDir('score');
const chaptersDir = writeTree(join(root, 't0', 'chapters'), { '01-x/main.ts': '// TODO(01/1): fix\n' });
const suitesDir = join(root, 't0', 'checker', 'suites');
const target: ScratchTarget = { key: 't0', dir: join(root, 't0'), learner: { given: 'kim', chaptersDir: '/home/kim/chapters', shownAs: 'chapters' }, shownChapters: 'chapters', chaptersDir, suitesDir, suiteOrigins: new Map() };
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

  test('a test stopped at the per-test limit says that limit (30 s under a 60 s file limit), not the file limit', () => {
    const exercise = score(slowTest);
    expect(exercise.status).toBe('timeout');
    expect(exercise.tests[0]!.message).toContain('30 s');
    expect(exercise.tests[0]!.message).not.toContain('60');
    expect(score(slowTest, 'ko').tests[0]!.message).toContain('30초');
  });

  test('a file stopped at its own limit says that limit', () => {
    const exercise = score({ outcome: 'timeout', limitMs: 60_000, errors: [], tests: [] });
    expect(exercise.tests.map((test) => test.status)).toEqual(['timeout', 'timeout']);
    expect(exercise.message).toContain('60 s');
  });

  test('a file stopped at the shorter load limit says that limit, and that it counts CPU time spent loading', () => {
    const load: RawFile = { outcome: 'timeout', limitMs: 2_000, limit: 'load', errors: [], tests: [] };
    expect(score(load).message).toContain('2 s of CPU time spent loading');
    expect(score(load, 'ko').message).toContain('CPU 시간 2초');
    expect(score({ ...load, limit: 'file' }).message).not.toContain('CPU');
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
    expect(exercise!.message).toContain('The type check (tsc) did not finish within 120 s');
    const text = renderText(stopped);
    expect(text.split('\n').filter((line) => line.includes('did not finish within 120 s'))).toHaveLength(1);
    expect(text).toContain('because the type check above gave no answer');
    expect(text.trim().split('\n').at(-1)).toBe('Next: check again (the type check above gave no answer)');
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
