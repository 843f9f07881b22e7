import { expect, test } from 'vitest';
import { learnerCaller, notePrinted, printedAt } from '../../../../checker/suites/_lib/place.ts';
import { LearnerFacingError, fail } from '../../../../checker/suites/_lib/say.ts';
import { attempt } from '../../../../checker/suites/_lib/run.ts';

/*
 * How a suite's failure names the learner's line: the first stack frame in the learner's chapters, the line that
 * printed a line the failure shows, and the frame a throw came from.
 */

test('the learner frame is the first one in a chapters folder, outside node_modules', () => {
  const stack = [
    'Error: boom',
    '    at placeOfCaller (/s/t0/checker/suites/_lib/place.ts:40:10)',
    '    at x (/s/t0/node_modules/lib/chapters/x.js:1:1)',
    '    at main (/s/t0/chapters/01-mini-mcp/main.ts:53:13)',
    '    at run (/s/t0/checker/suites/01-mini-mcp/2.test.ts:9:3)',
  ].join('\n');
  expect(learnerCaller(stack)).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  expect(learnerCaller('Error: /s/t0/chapters/a.ts:1 in the message only')).toBeUndefined();
});

test('a failure whose got is a line printed in this test points at the line that printed it', () => {
  notePrinted('count: 4', '/s/t0/chapters/01-mini-mcp/main.ts:53');
  expect(printedAt('count: 4')).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  try {
    fail({ what: 'wrong count', got: 'count: 4' });
  } catch (error) {
    expect((error as LearnerFacingError).where).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  }
  expect.assertions(2);
});

test('a line printed in another test points nowhere', () => {
  expect(printedAt('count: 4')).toBeUndefined();
});

test('a throw caught by attempt keeps the learner frame it came from', () => {
  const error = new Error('ENOENT');
  error.stack = 'Error: ENOENT\n    at readFileSync (node:fs:1:1)\n    at readDocument (/s/t0/chapters/01-mini-mcp/server.ts:88:12)';
  expect(attempt(() => { throw error; })).toEqual({ ok: false, error: 'Error: ENOENT', where: '/s/t0/chapters/01-mini-mcp/server.ts:88' });
});
