import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { parseTscOutput, typecheck, writeLearnerConfig } from './typecheck.ts';
import type { TypeProblem } from './typecheck.ts';

/** How long to wait for `tsc --watch` to notice a change before checking once by hand instead. */
const NOTICE_MS = 2_000;

/**
 * A `tsc --watch` kept running over the scratch folder for `npm run watch`: after a save it re-checks
 * in a few tens of milliseconds instead of starting the compiler again, which keeps the re-check fast.
 */
export class TypeWatcher {
  private latest: TypeProblem[] = [];
  private block = '';
  private waiting: ((problems: TypeProblem[]) => void)[] = [];
  private pending: Promise<TypeProblem[]> | null = null;

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly scratchRoot: string,
    private readonly tscPath: string,
  ) {
    child.stdout.on('data', (chunk: Buffer) => this.read(chunk.toString('utf8')));
    process.once('exit', () => this.stop());
  }

  /** Starts the compiler in watch mode and waits for its first full check. */
  static async start(scratchRoot: string, tscPath: string): Promise<TypeWatcher> {
    const config = writeLearnerConfig(scratchRoot);
    const child = spawn(tscPath, ['-p', config, '--watch', '--preserveWatchOutput', '--pretty', 'false'], { cwd: scratchRoot });
    const watcher = new TypeWatcher(child, scratchRoot, tscPath);
    await watcher.nextCheck();
    return watcher;
  }

  /** Call right after files changed: the next result waits for the compiler's check of that change. */
  expectChange(): void {
    const noticed = this.nextCheck();
    const byHand = new Promise<TypeProblem[] | null>((resolve) => setTimeout(() => resolve(null), NOTICE_MS).unref());
    this.pending = Promise.race([noticed, byHand]).then((problems) => problems ?? typecheck(this.scratchRoot, this.tscPath));
  }

  /** The type problems of the files as they are now. */
  async result(): Promise<TypeProblem[]> {
    if (!this.pending) return this.latest;
    const problems = await this.pending;
    this.pending = null;
    return problems;
  }

  /** Stops the compiler. */
  stop(): void {
    this.child.kill('SIGKILL');
  }

  private nextCheck(): Promise<TypeProblem[]> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private read(text: string): void {
    this.block += text;
    let end = this.block.search(/Found \d+ errors?\b[^\n]*\n/);
    while (end !== -1) {
      const stop = this.block.indexOf('\n', end) + 1;
      this.latest = parseTscOutput(this.block.slice(0, stop), this.scratchRoot);
      this.block = this.block.slice(stop);
      for (const resolve of this.waiting.splice(0)) resolve(this.latest);
      end = this.block.search(/Found \d+ errors?\b[^\n]*\n/);
    }
  }
}
