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

/** The most lines one captureLog run passes on as the learner's output (the report keeps fewer still). */
const ECHOED_LINES = 200;

/**
 * Runs a function while collecting what it prints with console.log, one entry a line, each line's learner place noted
 * (place.ts); each line is printed as well, so a failing test shows it as the learner's output. A throw keeps its
 * message and `where`: the learner's line, in the function the suite called, that the throw came through (the
 * statement of main whose check threw, say), as an absolute file:line for Failure.where.
 */
export function captureLog(fn: () => void): { lines: string[]; error?: string; where?: string } {
  const lines: string[] = [];
  let passed = 0;
  const original = console.log;
  console.log = (...args: unknown[]) => {
    // Each line remembers the learner's line that printed it, so a failure that shows it can point there (place.ts).
    const where = placeOfCaller();
    const printed = format(...args).split('\n');
    for (const line of printed) notePrinted(line, where);
    lines.push(...printed);
    // What the learner's code printed still reaches the report, as their own output with this test's failure; of a
    // flood only the first lines are passed on, in order, and the rest counted below.
    if (passed === lines.length - printed.length && passed + printed.length <= ECHOED_LINES) {
      // As collected, without the colours the test runner's console would add to numbers.
      original(printed.join('\n'));
      passed += printed.length;
    }
  };
  try {
    fn();
    return { lines };
  } catch (error) {
    const where = error instanceof Error ? outermostLearnerFrame(error.stack) : undefined;
    return { lines, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), ...(where ? { where } : {}) };
  } finally {
    console.log = original;
    // The lines held back are passed on as one write of as many empty lines, so the report still counts them in its "… N more".
    if (lines.length > passed) original('\n'.repeat(lines.length - passed - 1));
  }
}
