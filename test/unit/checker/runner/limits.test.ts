import { afterEach, expect, test, vi } from 'vitest';
import { LOAD_LIMIT_MS, TEST_BACKSTOP_FACTOR, TEST_LIMIT_MS, WAIT_FACTOR, seconds, timeLimits } from '../../../../checker/runner/limits.ts';
import { TEST_LIMIT_ENV, learnerDeadlineMs, startupDeadlineMs, startupTestLimitMs } from '../../../../checker/suites/_lib/limits.ts';

afterEach(() => vi.unstubAllEnvs());

test('under the default 10 s file limit a test gets 5 s (15 s of clock as a backstop), a load after a hang 2 s and a file 30 s of waiting', () => {
  expect(timeLimits(10_000)).toEqual({ fileMs: 10_000, testMs: TEST_LIMIT_MS, testBackstopMs: 60_000, loadMs: LOAD_LIMIT_MS, waitMs: 30_000 });
  expect([TEST_LIMIT_MS, LOAD_LIMIT_MS, WAIT_FACTOR, TEST_BACKSTOP_FACTOR]).toEqual([5_000, 2_000, 3, 12]);
});

test('a longer file limit gives a test half of it and a load a fifth, so --timeout alone makes room on a loaded machine', () => {
  expect(timeLimits(60_000)).toEqual({ fileMs: 60_000, testMs: 30_000, testBackstopMs: 360_000, loadMs: 12_000, waitMs: 180_000 });
  expect(timeLimits(600_000)).toEqual({ fileMs: 600_000, testMs: 300_000, testBackstopMs: 3_600_000, loadMs: 120_000, waitMs: 1_800_000 });
});

test('no inner limit is longer than the file limit, and the wait always is', () => {
  expect(timeLimits(2_000)).toEqual({ fileMs: 2_000, testMs: 2_000, testBackstopMs: 24_000, loadMs: 2_000, waitMs: 6_000 });
  expect(timeLimits(1_000)).toEqual({ fileMs: 1_000, testMs: 1_000, testBackstopMs: 12_000, loadMs: 1_000, waitMs: 3_000 });
});

test('a suite waits for a learner process four fifths of the test limit the checker gave, 4 s when none was given', () => {
  vi.stubEnv(TEST_LIMIT_ENV, '');
  expect(learnerDeadlineMs()).toBe(4_000);
  vi.stubEnv(TEST_LIMIT_ENV, String(timeLimits(60_000).testMs));
  expect(learnerDeadlineMs()).toBe(24_000);
  vi.stubEnv(TEST_LIMIT_ENV, 'soon');
  expect(learnerDeadlineMs()).toBe(4_000);
});

test('a test that waits for start-up first is given room on the clock for the start-up deadline and a whole learner deadline after it, three times over', () => {
  for (const given of ['', String(timeLimits(60_000).testMs)]) {
    vi.stubEnv(TEST_LIMIT_ENV, given);
    expect(startupTestLimitMs()).toBeGreaterThan(startupDeadlineMs() + learnerDeadlineMs());
  }
  vi.stubEnv(TEST_LIMIT_ENV, '');
  expect([startupDeadlineMs(), startupTestLimitMs()]).toEqual([5_000, 30_000]);
});

test('messages round to whole seconds, never 0', () => {
  expect(seconds(5_000)).toBe(5);
  expect(seconds(1_400)).toBe(1);
  expect(seconds(200)).toBe(1);
});
