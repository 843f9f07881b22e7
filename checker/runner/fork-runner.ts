import { VitestTestRunner } from 'vitest/runners';
import type { VitestRunner } from 'vitest/runners';
import type { RunnerTask, RunnerTestFile, SerializedConfig } from 'vitest';

/*
 * vitest's test runner as every fork of the checker runs it (suite-runner.ts copies this file into the scratch
 * folder, beside the setup file). It tells the lane two things the moment they happen, over vitest's own channel,
 * that a synchronous loop in learner code would otherwise keep inside the fork:
 * - a test starts: vitest batches its updates and sends one at most every 100 ms, by a timer, so a test that starts
 *   right after another and then spins never lets its start go out;
 * - one synchronous run of code has spun in a loop of learner code for SPIN_MS: the number the checker gave that
 *   loop (see loop-guard.ts, whose two names below must match), and null once the run ended after all.
 */

/** The global function each loop of learner code calls (LOOP_GUARD in loop-guard.ts). */
const LOOP_GUARD = '__checkerLoop';

/** The global function the bridge calls with the loop a learner process spins in (bridge.ts). */
const REMOTE_LOOP = '__checkerRemoteLoop';

/** The metadata key the loop's number goes under (LOOP_META in loop-guard.ts). */
const LOOP_META = 'checkerLoop';

/** How long one synchronous run of code spins in loops before the checker is told which loop it is in. */
const SPIN_MS = 1_000;

/** How many loop turns go by between two looks at the clock. */
const TURNS = 1_024;

// Kept before any suite can fake timers, which replace Date.
const clock = Date.now;
const later = queueMicrotask;

/** The runner: vitest's own, plus the two messages above. */
export default class CheckerRunner extends VitestTestRunner {
  /** The file being collected or run, and the test that has started and not finished. */
  private file: RunnerTestFile | undefined;
  private test: RunnerTask | undefined;
  /** vitest sets this on every runner it starts: it sends task updates to the checker at once. */
  declare onTaskUpdate?: VitestRunner['onTaskUpdate'];

  constructor(config: SerializedConfig) {
    super(config);
    let turns = 0;
    let since = 0;
    let told: RunnerTask | undefined;
    const tell = (task: RunnerTask, loop: number | null) => {
      (task.meta as Record<string, unknown>)[LOOP_META] = loop;
      void this.onTaskUpdate?.([[task.id, task.result, task.meta]], [])?.catch(() => {});
    };
    // Runs once the synchronous run that first looked at the clock has ended: it was no endless loop.
    const ended = () => {
      if (told) tell(told, null);
      told = undefined;
      since = 0;
    };
    const guard = (loop: unknown) => {
      turns += 1;
      if (turns % TURNS !== 0 || typeof loop !== 'number') return;
      const now = clock();
      if (since === 0) {
        since = now;
        later(ended);
      } else if (told === undefined && now - since >= SPIN_MS) {
        told = this.test ?? this.file;
        if (told) tell(told, loop);
      }
    };
    Object.defineProperty(globalThis, LOOP_GUARD, { value: guard, writable: false, enumerable: false, configurable: true });
    // The learner process of a bridged chapter runs the same guard and says which loop it spins in (bridge.ts passes it on).
    const remote = (loop: unknown) => {
      const task = this.test ?? this.file;
      if (task) tell(task, typeof loop === 'number' ? loop : null);
    };
    Object.defineProperty(globalThis, REMOTE_LOOP, { value: remote, writable: false, enumerable: false, configurable: true });
  }

  override onCollectStart(file: RunnerTestFile): void {
    this.file = file;
    super.onCollectStart(file);
  }

  override onBeforeTryTask(test: RunnerTask, options?: unknown): void {
    (super.onBeforeTryTask as (test: RunnerTask, options?: unknown) => void)(test, options);
    this.test = test;
    void this.onTaskUpdate?.([[test.id, test.result, test.meta]], [[test.id, 'test-prepare', undefined]])?.catch(() => {});
  }

  override onAfterRunTask(test: RunnerTask): void {
    super.onAfterRunTask(test);
    if (this.test === test) this.test = undefined;
  }
}
