import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { learnerTimer } from './learner-process.ts';

/*
 * The suite's side of stdout-origin.cjs: that preload, in a learner server, reports on stderr each stdout write's
 * length and the learner file:line that made it; this module takes those records out of the stderr text and says
 * which place wrote the stdout line that starts at a given byte.
 */

/** The preload a suite gives a learner server with --require (beside this file, so the sandbox lets it be read). */
export const STDOUT_ORIGIN_PRELOAD = fileURLToPath(new URL('./stdout-origin.cjs', import.meta.url));

/** How a record line starts on stderr; the same text as PREFIX in stdout-origin.cjs. */
export const STDOUT_ORIGIN_PREFIX = '\u0000checker-stdout-origin ';

/** One stdout write as the preload saw it: its length in bytes, and the learner file:line that made it, if any. */
interface Write {
  bytes: number;
  where: string | null;
}

/** The records read so far from one server's stderr, in the order of its stdout writes. */
export class StdoutOrigins {
  readonly #writes: Write[] = [];
  #bytes = 0;
  #pending = '';
  #ended = false;
  readonly #waiting = new Set<() => void>();
  readonly #pid: () => number | null | undefined;

  /** `pid` names the server whose stderr this reads, so a wait for its records counts its own time (learnerTimer), not the clock. */
  constructor(pid: () => number | null | undefined = () => undefined) {
    this.#pid = pid;
  }

  /**
   * Takes a stderr chunk and gives back its text without the records. A line is held until its end arrives (the
   * stream's end flushes it), so a record split across two chunks is still taken out whole.
   */
  feed(chunk: string): string {
    this.#pending += chunk;
    const lines = this.#pending.split('\n');
    this.#pending = lines.pop() ?? '';
    // A learner's line with no end is not held for ever: past 64 kB it goes on as text.
    if (this.#pending.length > 65_536) {
      lines.push(this.#pending);
      this.#pending = '';
    }
    const text = lines.filter((line) => !this.#take(line)).map((line) => `${line}\n`);
    this.#wake();
    return text.join('');
  }

  /** The stream ended: what is held is text, and nothing more will come. */
  end(): string {
    const rest = this.#take(this.#pending) ? '' : this.#pending;
    this.#pending = '';
    this.#ended = true;
    this.#wake();
    return rest;
  }

  /**
   * Waits until the records cover `bytes` bytes of stdout (each record goes out before its write, so they soon do),
   * the stream ends, or `deadlineMs` passes; then gives the learner file:line that wrote the byte at each offset,
   * or null where no record says (a write from the SDK, from no learner file, or past what the records cover).
   */
  async at(offsets: readonly number[], bytes: number, deadlineMs: number): Promise<(string | null)[]> {
    await this.#until(() => this.#bytes >= bytes, deadlineMs);
    // Records that do not add up to what stdout carried (a write that went round the preload) place nothing.
    if (this.#bytes < bytes) return offsets.map(() => null);
    return offsets.map((offset) => {
      let start = 0;
      for (const write of this.#writes) {
        if (offset < start + write.bytes) return write.where;
        start += write.bytes;
      }
      return null;
    });
  }

  /** The learner places that wrote to stdout so far, in order, each once. */
  places(): string[] {
    return [...new Set(this.#writes.flatMap((write) => (write.where === null ? [] : [write.where])))];
  }

  /** Waits until some write from a learner file has been recorded, the stream ends, or `deadlineMs` passes. */
  async someLearnerWrite(deadlineMs: number): Promise<string[]> {
    await this.#until(() => this.places().length > 0, deadlineMs);
    return this.places();
  }

  /** Keeps a record line; false for any other line. */
  #take(line: string): boolean {
    if (!line.startsWith(STDOUT_ORIGIN_PREFIX)) return false;
    try {
      const { bytes, where } = JSON.parse(line.slice(STDOUT_ORIGIN_PREFIX.length)) as Record<string, unknown>;
      if (typeof bytes !== 'number' || !Number.isSafeInteger(bytes) || bytes < 0) return true;
      const place = typeof where === 'string' && where.length < 2_000 ? where : null;
      // A flood of writes is kept to a bounded list: past it, the bytes still count, in one write placed nowhere.
      const last = this.#writes.at(-1);
      if (this.#writes.length < 100_000) this.#writes.push({ bytes, where: place });
      else if (last?.where === null) last.bytes += bytes;
      else this.#writes.push({ bytes, where: null });
      this.#bytes += bytes;
    } catch {
      // A broken record places nothing.
    }
    return true;
  }

  /** Resolves once `condition` holds, the stream has ended, or the server has had `deadlineMs` of its own time; records wake it as they come. */
  #until(condition: () => boolean, deadlineMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (force = false) => {
        if (!force && !condition() && !this.#ended) return;
        cancel();
        this.#waiting.delete(done);
        resolve();
      };
      const cancel = learnerTimer(this.#pid, deadlineMs, () => done(true));
      this.#waiting.add(done);
      done();
    });
  }

  #wake(): void {
    for (const wake of [...this.#waiting]) wake();
  }
}

/**
 * A recorded place as the learner names it, `chapters/<chapter>/<file>:<line>`, when it lies in `chaptersDir`;
 * null for anything else (a record can be forged, and a path outside the chapters is never shown).
 */
export function shownPlace(where: string, chaptersDir: string): string | null {
  const match = /^(\/.+):(\d+)$/.exec(where);
  if (!match) return null;
  const inside = relative(chaptersDir, match[1]!);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return `chapters/${inside}:${match[2]}`;
}
