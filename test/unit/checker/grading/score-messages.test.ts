import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { timeLimits } from '../../../../checker/runner/limits.ts';
import type { Selected } from '../../../../checker/course/course.ts';
import type { Lang } from '../../../../checker/usage/messages.ts';
import type { RawFile } from '../../../../checker/runner/vitest-results.ts';
import type { Scratch, ScratchTarget } from '../../../../checker/grading/scratch.ts';
import { scoreTarget } from '../../../../checker/grading/score.ts';
import { renderText } from '../../../../checker/report/text.ts';
import { readStarters } from '../../../../checker/course/starters.ts';
import type { TypeErrorReport } from '../../../../checker/report/shape.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/** A scratch copy holding chapter 01-mini-mcp's starter files, as names only, except the ones left out. */
function scratchWithout(leftOut: readonly string[]): { scratch: Scratch; target: ScratchTarget } {
  const root = tempDir('score-messages');
  const files = Object.keys(readStarters()['01-mini-mcp']!).filter((file) => !leftOut.includes(file));
  const chaptersDir = writeTree(join(root, 't0', 'chapters'), Object.fromEntries(files.map((file) => [`01-mini-mcp/${file}`, '// TODO(01/1)\n'])));
  const target: ScratchTarget = { key: 't0', dir: join(root, 't0'), learner: { given: 'chapters', chaptersDir: '/home/kim/chapters', shownAs: 'chapters' }, chaptersDir, suitesDir: join(root, 't0', 'checker', 'suites'), suiteOrigins: new Map() };
  return { scratch: { root, targets: [target], dispose: () => {} }, target };
}

const selected = [
  {
    chapter: { id: '01', dir: '01-mini-mcp' },
    exercise: {
      id: '01/1', suite: '1-validate.test.ts', tests: { 'stops in time': '제때 멈춘다' },
      title: { ko: '연습', en: 'Exercise' }, hint: { ko: '힌트', en: 'Hint' }, todo: { file: 'server.ts', marker: 'TODO(01/1)' },
    },
  },
] as unknown as Selected[];

function score(leftOut: readonly string[], raw: RawFile, lang: Lang, problems: (dir: string) => TypeErrorReport[] = () => []) {
  const { scratch, target } = scratchWithout(leftOut);
  const suite = join(target.suitesDir, '01-mini-mcp', '1-validate.test.ts');
  return scoreTarget({ scratch, target, outcomes: new Map([[suite, raw]]), problems: problems(target.chaptersDir), selected, suites: new Map([['01/1', [{ file: suite }]]]), lang, limits: timeLimits(10_000) });
}

const TIMED_OUT: RawFile = { outcome: 'timeout', limitMs: 10_000, errors: [], tests: [] };
const LOAD_FAILED: RawFile = { outcome: 'ran', errors: [{ message: 'Failed to load ./model.ts', stack: '' }], tests: [] };

describe.each([
  ['ko', { timeout: /CPU 시간 10초를 쓰고도 끝나지 않아 멈췄다. 돌던 테스트 파일: checker\/suites\/01-mini-mcp\/1-validate\.test\.ts/, missing: '없는 파일: chapters/01-mini-mcp/model.ts', next: '다음 할 일: ', misleading: /샌드박스 밖|불러오다가 실패했다: / }],
  ['en', { timeout: /Stopped after 10 s of CPU time without finishing, while running the test file checker\/suites\/01-mini-mcp\/1-validate\.test\.ts/, missing: 'Missing file: chapters/01-mini-mcp/model.ts', next: 'Next: ', misleading: /outside the sandbox|Loading the code failed: / }],
] as const)('learner-facing messages in %s', (lang, words) => {
  test('a file stopped at its deadline names the test file that was running', () => {
    const [exercise] = score([], TIMED_OUT, lang).exercises;
    expect(exercise!.status).toBe('timeout');
    expect(exercise!.message).toMatch(words.timeout);
  });

  test('a deleted starter file is named, with how to get it back, instead of a failed load of the file importing it', () => {
    const report = score(['model.ts'], LOAD_FAILED, lang, (dir) => [
      { kind: 'type', file: join(dir, '01-mini-mcp', 'main.ts'), line: 6, column: 27, code: 'TS2307', message: "Cannot find module './model.ts' or its corresponding type declarations." },
      { kind: 'type', file: join(dir, '01-mini-mcp', 'main.ts'), line: 9, column: 3, code: 'TS2322', message: "Type 'string' is not assignable to type 'number'." },
    ]);
    const [exercise] = report.exercises;
    expect(exercise!.status).toBe('error');
    expect(exercise!.message).toContain(words.missing);
    expect(exercise!.message).toContain('git checkout -- chapters/01-mini-mcp/model.ts');
    expect(exercise!.message).toContain('npm run reset -- 01');
    expect(exercise!.message).not.toContain('Failed to load');
    expect(exercise!.blocked).toEqual({ kind: 'load_error', where: 'chapters/01-mini-mcp/model.ts', message: exercise!.message });
    // The compiler's "cannot find ./model.ts" repeats it and goes; any other type error stays.
    expect(report.type_errors.map((problem) => problem.code)).toEqual(['TS2322']);
    // As check prints it, when the compiler's "cannot find" is the only type error: no misleading load or sandbox
    // failure, and the next step names the missing file.
    const text = renderText(score(['model.ts'], LOAD_FAILED, lang, (dir) => [
      { kind: 'type', file: join(dir, '01-mini-mcp', 'main.ts'), line: 6, column: 27, code: 'TS2307', message: "Cannot find module './model.ts' or its corresponding type declarations." },
    ]));
    expect(text).not.toMatch(words.misleading);
    expect(text).not.toContain('TS2307');
    expect(text.trim().split('\n').at(-1)).toContain(words.next);
    expect(text.trim().split('\n').at(-1)).toContain('chapters/01-mini-mcp/model.ts');
  });

  test('a chapter with every starter file is scored as before', () => {
    expect(score(['README.md'], LOAD_FAILED, lang).exercises[0]!.message).toContain('Failed to load');
  });
});
