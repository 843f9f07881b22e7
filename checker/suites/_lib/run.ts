import { format } from 'node:util';
import { learnerCaller, notePrinted, outermostLearnerFrame, placeOfCaller } from './place.ts';

/**
 * The outcome of calling learner code that may throw; a throw keeps the learner's line it came from (`where`, an
 * absolute file:line for Failure.where), when its stack names one.
 */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: string; where?: string };

/** Calls learner code and turns a throw into a value, so a suite can say what happened and point at where it happened. */
export function attempt<T>(fn: () => T): Attempt<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const where = error instanceof Error ? learnerCaller(error.stack) : undefined;
    return { ok: false, error: message, ...(where ? { where } : {}) };
  }
}

/**
 * Runs a function while collecting what it prints with console.log, one entry a line, each line's learner place noted
 * (place.ts); each line is printed as well, so a failing test shows it as the learner's output. A throw keeps its
 * message and `where`: the learner's line, in the function the suite called, that the throw came through (the
 * statement of main whose check threw, say), as an absolute file:line for Failure.where.
 */
export function captureLog(fn: () => void): { lines: string[]; error?: string; where?: string } {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => {
    // Each line remembers the learner's line that printed it, so a failure that shows it can point there (place.ts).
    const where = placeOfCaller();
    const printed = format(...args).split('\n');
    for (const line of printed) notePrinted(line, where);
    lines.push(...printed);
    // What the learner's code printed still reaches the report, as their own output with this test's failure.
    original(...args);
  };
  try {
    fn();
    return { lines };
  } catch (error) {
    const where = error instanceof Error ? outermostLearnerFrame(error.stack) : undefined;
    return { lines, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), ...(where ? { where } : {}) };
  } finally {
    console.log = original;
  }
}
