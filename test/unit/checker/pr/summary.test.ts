import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../../../../checker/pr/grade-pr.ts';
import { MAX_ERROR_ANNOTATIONS, annotations, cell, escapeData, escapeProperty, failsForTampering, summaryMarkdown, tamperedAllowed, todoLocation } from '../../../../checker/pr/summary.ts';
import { ResultsShapeError, validatePrReport } from '../../../../checker/pr/validate.ts';
import { allExercises, loadChapters } from '../../../../checker/course/course.ts';
import { prReport } from '../../../support/pr-report.ts';

/** The real course's chapters: the summary names their files. */
const CHAPTERS = await loadChapters(resolve(import.meta.dirname, '..', '..', '..', '..'));

/** A well-formed report on the real course where the listed exercises fail their first test. */
const report = (failing: readonly string[] = [], message = 'boom'): PullRequestReport => prReport(CHAPTERS, failing, message);

describe('workflow command escaping', () => {
  test('escapes %, CR and LF in data, and also : and , in properties', () => {
    expect(escapeData('50%\r\n::set-output name=x::1')).toBe('50%25%0D%0A::set-output name=x::1');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  test('reads a TODO location only when it is a plain path inside chapters/', () => {
    expect(todoLocation('chapters/01-mini-mcp/server.ts:72')).toEqual({ file: 'chapters/01-mini-mcp/server.ts', line: 72 });
    expect(todoLocation('chapters/01-mini-mcp/server.ts')).toEqual({ file: 'chapters/01-mini-mcp/server.ts', line: null });
    expect(todoLocation('chapters/../.github/workflows/grade.yml:1')).toBeNull();
    expect(todoLocation('/etc/passwd:1')).toBeNull();
  });
});

describe('annotations', () => {
  test('puts one error at the TODO file and line of each failing exercise, one line each', () => {
    const lines = annotations(report(['01/2', '02/3'], 'line one\nline two\n::error::forged'));
    expect(lines.filter((line) => line.startsWith('::error'))).toHaveLength(2);
    expect(lines[0]).toMatch(/^::error file=chapters\/01-mini-mcp\/main\.ts,line=12,title=01\/2 [^\n]*::line one%0Aline two%0A::error::forged/);
    // No assignment set: one notice says why the check is red (every exercise of the course decides).
    expect(lines.slice(2)).toEqual([expect.stringMatching(/^::notice title=no assignment::Why the check is red: 2 of the \d+ exercises of the whole course do not pass yet\. No assignment is set/)]);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  test(`stays within GitHub's ${MAX_ERROR_ANNOTATIONS} error annotations per step`, () => {
    const many = report(allExercises(CHAPTERS).map(({ exercise }) => exercise.id));
    const doubled = { ...many, exercises: [...many.exercises, ...many.exercises] };
    expect(annotations(doubled).filter((line) => line.startsWith('::error'))).toHaveLength(MAX_ERROR_ANNOTATIONS);
  });

  test('fails a pull request that changes paths outside chapters/ with an error naming them', () => {
    const lines = annotations({ ...report(), tampered: ['package.json', 'checker/suites/x.test.ts'] });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^::error title=tampered::This pull request fails .*ALLOW_TAMPERED.*package\.json%0Achecker\/suites\/x\.test\.ts$/);
  });

  test('only warns about those paths where the repository allows them (ALLOW_TAMPERED=true)', () => {
    const lines = annotations({ ...report(), tampered: ['package.json'] }, true);
    expect(lines).toEqual([expect.stringMatching(/^::warning title=tampered::WARNING: .*package\.json$/)]);
  });

  test('reads the opt-out only from ALLOW_TAMPERED=true, and fails only when some path is tampered', () => {
    expect(tamperedAllowed({ ALLOW_TAMPERED: 'true' })).toBe(true);
    for (const value of [undefined, '', 'false', '1', 'TRUE', 'yes']) expect(tamperedAllowed({ ALLOW_TAMPERED: value }), String(value)).toBe(false);
    expect(failsForTampering(report(), false)).toBe(false);
    expect(failsForTampering({ ...report(), tampered: ['x'] }, false)).toBe(true);
    expect(failsForTampering({ ...report(), tampered: ['x'] }, true)).toBe(false);
  });

  test(`keeps the tampering error within GitHub's ${MAX_ERROR_ANNOTATIONS} error annotations per step`, () => {
    const many = { ...report(allExercises(CHAPTERS).map(({ exercise }) => exercise.id)), tampered: ['package.json'] };
    const doubled = { ...many, exercises: [...many.exercises, ...many.exercises] };
    const errors = annotations(doubled).filter((line) => line.startsWith('::error'));
    expect(errors).toHaveLength(MAX_ERROR_ANNOTATIONS);
    expect(errors.at(-1)).toMatch(/^::error title=tampered::/);
    expect(summaryMarkdown(doubled)).toContain(`Annotations cover the first ${MAX_ERROR_ANNOTATIONS - 1} failing exercises only.`);
  });
});

describe('job summary', () => {
  test('has the score and one table row per exercise, with learner text escaped', () => {
    const markdown = summaryMarkdown({ ...report(['01/1'], '<img src=x onerror=alert(1)> | cell'), tampered: ['<b>evil</b>|.md'] });
    expect(markdown).toContain(`**${report(['01/1']).score}/${report().max_score}**`);
    expect(report(['01/1']).score).toBe(allExercises(CHAPTERS).length - 1);
    expect(markdown).toContain(`tests: ${report(['01/1']).tests_passed}/${report().tests_total}`);
    expect(markdown.split('\n').filter((line) => /^\| \d\d\\?\/\d /.test(line))).toHaveLength(allExercises(CHAPTERS).length);
    expect(markdown).not.toContain('<b>');
    expect(markdown).toContain('&lt;b&gt;evil&lt;/b&gt;\\|.md');
    expect(cell('a|b\nc')).toBe('a\\|b c');
  });

  test('says the pull request fails for its changes outside chapters/, or only warns when they are allowed', () => {
    const tampered = { ...report(), tampered: ['.github/workflows/grade.yml'] };
    expect(summaryMarkdown(tampered)).toMatch(/> \[!CAUTION\]\n> This pull request fails because it changes 1 path outside chapters\//);
    expect(summaryMarkdown(tampered, true)).toMatch(/> \[!WARNING\]\n> WARNING: this pull request changes 1 path outside chapters\//);
    expect(summaryMarkdown(report())).not.toMatch(/CAUTION|WARNING/);
  });
});

describe('results validation', () => {
  test('accepts what grade:pr writes', () => {
    expect(validatePrReport(JSON.parse(JSON.stringify(report(['02/1']))), CHAPTERS).score).toBe(report(['02/1']).score);
  });

  test.each([
    ['a score above the passing tests', (value: PullRequestReport) => ({ ...value, score: value.score + 1 })],
    ['points for a failing exercise', (value: PullRequestReport) => ({ ...value, exercises: value.exercises.map((one) => ({ ...one, points: one.max_points })) })],
    ['the old test-count score (version 1)', (value: PullRequestReport) => ({ ...value, version: 1, score: value.tests_passed, max_score: value.tests_total })],
    ['a missing exercise', (value: PullRequestReport) => ({ ...value, exercises: value.exercises.slice(1) })],
    ['an invented test', (value: PullRequestReport) => ({ ...value, exercises: value.exercises.map((one, index) => (index ? one : { ...one, tests: [...one.tests.slice(1), { ...one.tests[0]!, name: 'always passes' }] })) })],
    ['a status that contradicts the tests', (value: PullRequestReport) => ({ ...value, exercises: value.exercises.map((one) => ({ ...one, status: 'pass' })) })],
    ['a head that is not a commit id', (value: PullRequestReport) => ({ ...value, head: 'main' })],
    ['no tampered list', (value: PullRequestReport) => ({ ...value, tampered: undefined })],
  ])('rejects %s', (_, change) => {
    expect(() => validatePrReport(change(report(['01/1'])), CHAPTERS)).toThrow(ResultsShapeError);
  });
});
