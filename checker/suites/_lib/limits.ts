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
 * How much of its own time a suite gives a learner process (to connect, to reply) before it says what is missing:
 * four fifths of the limit of one test, as CPU time, or BLOCKED_FACTOR times that sitting blocked (own-time.ts). A
 * loaded machine stretches neither: the time the process, its guard or the suite waits for a core is not counted.
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

/** How many times its learner deadlines a test that waits for learner processes may take on the clock, a backstop (see startupTestLimitMs). */
export const CLOCK_ALLOWANCE = 3;

/**
 * The vitest timeout of a test that first waits for start-up: the start-up deadline and then a test's own limit,
 * CLOCK_ALLOWANCE times. Those deadlines count the learner's own time (learnerTimer, learnerBudget), which a loaded
 * machine stretches on the clock; vitest counts the clock, so it gets room to let them end in the suite's message:
 * it is a backstop for a suite that waits without a deadline, never the limit that decides.
 */
export function startupTestLimitMs(): number {
  return (startupDeadlineMs() + testLimitMs()) * CLOCK_ALLOWANCE;
}
