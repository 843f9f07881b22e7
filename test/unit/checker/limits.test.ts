import { expect, test } from 'vitest';
import { TEST_LIMIT_MS, seconds, timeLimits } from '../../../checker/limits.ts';

test('a test gets the test limit, or the file limit when that is shorter', () => {
  expect(timeLimits(60_000)).toEqual({ fileMs: 60_000, testMs: TEST_LIMIT_MS });
  expect(timeLimits(2_000)).toEqual({ fileMs: 2_000, testMs: 2_000 });
});

test('messages round to whole seconds, never 0', () => {
  expect(seconds(5_000)).toBe(5);
  expect(seconds(1_400)).toBe(1);
  expect(seconds(200)).toBe(1);
});
