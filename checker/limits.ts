/** The time limits of one grading run, one per level: a whole suite file, and one test (or hook) inside it. */
export interface TimeLimits {
  /** A suite file, from the moment its fork starts it (--timeout). */
  fileMs: number;
  /** One test or hook: vitest stops it and reports it timed out. */
  testMs: number;
}

/** The longest one test may take, unless the file's own limit is shorter. */
export const TEST_LIMIT_MS = 5_000;

/** The limits for a file limit: a test gets TEST_LIMIT_MS, or the whole file limit when that is shorter. */
export function timeLimits(fileMs: number): TimeLimits {
  return { fileMs, testMs: Math.min(TEST_LIMIT_MS, fileMs) };
}

/** The heap of every process that runs learner code, in MB: a memory bomb ends in about a second instead of filling the machine. */
export const LEARNER_HEAP_MB = 384;

/** Whole seconds for messages, at least 1. */
export function seconds(ms: number): number {
  return Math.max(1, Math.round(ms / 1000));
}
