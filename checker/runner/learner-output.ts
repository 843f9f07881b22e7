import type { LearnerOutput } from './vitest-results.ts';

/** The most lines of learner output kept per test; the rest are only counted. */
export const OUTPUT_LINES = 20;

/** The most characters of one line kept; a longer line is cut and marked. */
const LINE_CHARS = 300;

/** The most tests whose output is held at once: a file with more tests than this keeps only the first ones'. */
const MAX_TASKS = 1_000;

/**
 * Collects, per vitest task id, what learner code wrote through the console during a test: the first OUTPUT_LINES
 * lines (control characters made visible, long lines cut) and a count of the rest, so a flood holds little memory.
 */
export class OutputCollector {
  readonly #byTask = new Map<string, LearnerOutput>();

  /** Takes one console write vitest reported; writes with no test (while a file loads) are left out. */
  add(taskId: string | undefined, stream: 'stdout' | 'stderr', content: string): void {
    if (taskId === undefined) return;
    let output = this.#byTask.get(taskId);
    if (!output) {
      if (this.#byTask.size >= MAX_TASKS) return;
      output = { lines: [], more: 0 };
      this.#byTask.set(taskId, output);
    }
    const lines = content.replace(/\n$/, '').split('\n');
    for (const line of lines) {
      if (output.lines.length < OUTPUT_LINES) output.lines.push({ stream, text: visible(line) });
      else output.more += 1;
    }
  }

  /** The output of one test, removed from the collector; undefined when it wrote nothing. */
  take(taskId: string): LearnerOutput | undefined {
    const output = this.#byTask.get(taskId);
    this.#byTask.delete(taskId);
    return output;
  }

  /** Forgets everything held (a new group starts). */
  clear(): void {
    this.#byTask.clear();
  }
}

/** A line of learner text made safe to print: control characters (escape codes, carriage returns) shown as \u escapes, cut at LINE_CHARS. */
export function visible(line: string): string {
  const shown = line.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/\t/g, '  ');
  return shown.length > LINE_CHARS ? `${shown.slice(0, LINE_CHARS)}…` : shown;
}
