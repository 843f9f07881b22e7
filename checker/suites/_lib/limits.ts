/** The environment variable through which the checker tells its forks the limit of one test, in ms. */
export const TEST_LIMIT_ENV = 'CHECKER_TEST_LIMIT_MS';

/** The limit of one test when the checker gives none (a suite run by plain vitest): the checker's default. */
const DEFAULT_TEST_LIMIT_MS = 5_000;

/**
 * How long a suite may wait for a learner process (to connect, to reply) before it says what is missing: four fifths
 * of the limit of one test, so the suite's own message comes before vitest stops the test. It follows --timeout, so a
 * loaded machine given a longer --timeout waits longer for a server that is slow to start, not for one that is silent.
 */
export function learnerDeadlineMs(): number {
  const given = Number(process.env[TEST_LIMIT_ENV]);
  const limit = Number.isFinite(given) && given > 0 ? given : DEFAULT_TEST_LIMIT_MS;
  return Math.round(limit * 0.8);
}
