/** The environment variable through which the checker tells its forks the limit of one test, in ms. */
export const TEST_LIMIT_ENV = 'CHECKER_TEST_LIMIT_MS';

/** The limit of one test when the checker gives none (a suite run by plain vitest): the checker's default. */
const DEFAULT_TEST_LIMIT_MS = 5_000;

/** The limit of one test, in ms: the one the checker gave its forks, or its default when a suite runs under plain vitest. */
export function testLimitMs(): number {
  const given = Number(process.env[TEST_LIMIT_ENV]);
  return Number.isFinite(given) && given > 0 ? given : DEFAULT_TEST_LIMIT_MS;
}

/**
 * How long a suite may wait for a learner process (to connect, to reply) before it says what is missing: four fifths
 * of the limit of one test, so the suite's own message comes before vitest stops the test. It follows --timeout, so a
 * loaded machine given a longer --timeout waits longer for a server that is slow to start, not for one that is silent.
 */
export function learnerDeadlineMs(): number {
  return Math.round(testLimitMs() * 0.8);
}

/**
 * How long a suite may wait, counted from when its file loads, for learner processes it starts while loading (to start
 * and to answer their opening): the whole limit of one test. Start-up is what a loaded machine slows most, so it has
 * a deadline of its own instead of eating into a test's; a test that waits for it is given startupTestLimitMs().
 */
export function startupDeadlineMs(): number {
  return testLimitMs();
}

/**
 * The vitest timeout of a test that first waits for start-up: the start-up deadline and then a test's own limit, so
 * the start-up wait and the test's requests after it (learnerBudget) each end in the suite's message, never vitest's.
 */
export function startupTestLimitMs(): number {
  return startupDeadlineMs() + testLimitMs();
}

/** One learnerDeadlineMs() shared by every wait of a test from now on: each call says how many ms are left, at least 1. */
export function learnerBudget(): () => number {
  const end = Date.now() + learnerDeadlineMs();
  return () => Math.max(1, end - Date.now());
}
