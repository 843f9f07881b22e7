import { format } from 'node:util';

/** The outcome of calling learner code that may throw. */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: string };

/** Calls learner code and turns a throw into a value, so a suite can say what happened. */
export function attempt<T>(fn: () => T): Attempt<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, error: message };
  }
}

/** Runs a function while collecting what it prints with console.log, one entry a line. */
export function captureLog(fn: () => void): { lines: string[]; error?: string } {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(...format(...args).split('\n'));
  };
  try {
    fn();
    return { lines };
  } catch (error) {
    return { lines, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  } finally {
    console.log = original;
  }
}
