/**
 * The time limits of one grading run, one per level: a whole suite file, one test (or hook) inside it, and the
 * load of a file after another file of the same group hung while loading. Every one of them follows the file limit
 * (--timeout), so on a slow or loaded machine a longer --timeout is the one remedy and it covers them all; at the
 * default 10 s they are 5 s per test, 2 s to load and 30 s of waiting.
 *
 * A file's limit counts the CPU time of the fork that runs it, not the clock: a learner loop spends CPU time without
 * end whatever the load, while honest code spends the same little on a busy machine as on a quiet one, however long it
 * waits there for a core. Code that waits for something that never comes (a promise that never settles) spends no CPU
 * time, so the time the fork spends blocked, neither running nor ready to run, has a limit of its own, a few times the
 * file limit; waiting for a core counts as neither.
 */
export interface TimeLimits {
  /** The CPU time a suite file's fork may spend on it, from the moment the fork starts it (--timeout). */
  fileMs: number;
  /** One test or hook: what a suite's learner deadlines follow (four fifths of it, in the learner's own time). */
  testMs: number;
  /**
   * The clock vitest gives one test or hook before it stops it as timed out: a backstop, TEST_BACKSTOP_FACTOR times
   * testMs, for a wait that never ends; what a test computes is held to the file's CPU time, and a learner process's
   * to its own (suites/_lib/own-time.ts), so a busy machine that stretches the clock fails no correct test.
   */
  testBackstopMs: number;
  /** After a file hung while loading, how much CPU time each later file of the same group gets to load. */
  loadMs: number;
  /** The time a suite file's fork may spend blocked on it, neither running nor ready to run: what stops a wait that never ends. */
  waitMs: number;
}

/** The longest one test may take under the default file limit; a longer file limit gives a test half of it. */
export const TEST_LIMIT_MS = 5_000;

/** The CPU time a file gets to load after one hung while loading, under the default file limit; a longer one gives a fifth of it. */
export const LOAD_LIMIT_MS = 2_000;

/**
 * How many test limits of the clock vitest gives one test, as a backstop (see TimeLimits.testBackstopMs). Generous: a
 * test of a bridged chapter makes many calls across processes, each of which waits for a core on a busy machine, and
 * the lane's own limits (CPU time, time blocked) already stop a loop or a wait that never ends.
 */
export const TEST_BACKSTOP_FACTOR = 12;

/** How many file limits a file may spend blocked: honest code waits for the checker and its own timers far less. */
export const WAIT_FACTOR = 3;

/**
 * The limits for a file limit: a test gets half of it, at least TEST_LIMIT_MS; a load after a hang a fifth, at least
 * LOAD_LIMIT_MS; neither more than the file limit; time blocked WAIT_FACTOR times it; vitest's clock for a test
 * TEST_BACKSTOP_FACTOR times the test's.
 */
export function timeLimits(fileMs: number): TimeLimits {
  const share = (least: number, part: number) => Math.min(fileMs, Math.max(least, Math.round(fileMs * part)));
  const testMs = share(TEST_LIMIT_MS, 1 / 2);
  return { fileMs, testMs, testBackstopMs: testMs * TEST_BACKSTOP_FACTOR, loadMs: share(LOAD_LIMIT_MS, 1 / 5), waitMs: fileMs * WAIT_FACTOR };
}

/** Whole seconds for messages, at least 1. */
export function seconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}
