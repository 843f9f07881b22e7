import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { Vitest } from 'vitest/node';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { suiteGuard } from './guard.ts';
import type { TrustedSources } from './guard.ts';
import { Deadlines, killOldForkWorkers } from './watchdog.ts';

/** One test as vitest reported it. */
export interface RawTest {
  name: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
  /** The stack of the first error, used only to find the learner's file and line. */
  stack: string;
}

/** An error that stopped a whole suite file, such as a failed import. */
export interface RawError {
  message: string;
  stack: string;
}

/** What happened to one suite file: it ran, it was stopped at its deadline, or its worker died. */
export interface RawFile {
  outcome: 'ran' | 'timeout' | 'crashed';
  /** Errors that stopped the file itself, such as a failed import. */
  errors: RawError[];
  tests: RawTest[];
}

/** Settings for one vitest instance that grades suites in a scratch folder. */
export interface RunnerOptions {
  root: string;
  trusted: TrustedSources;
  /** Per suite file, from the moment a worker takes it. */
  timeoutMs: number;
  maxWorkers?: number;
  /** Called each time a suite file finishes, for progress display. */
  onFileDone?: (file: string) => void;
}

/** A small process that kills this checker's forks if the checker dies without doing so itself. */
const REAPER = fileURLToPath(new URL('./reaper.cjs', import.meta.url));

let reaperStarted = false;

/** Starts the reaper once per checker process; it exits on its own after the checker is gone. */
function startReaper(): void {
  if (reaperStarted) return;
  reaperStarted = true;
  spawn(process.execPath, [REAPER, String(process.pid)], { stdio: 'ignore', detached: true }).unref();
}

/** How many times files killed only because a neighbour hung are run again. */
const RERUNS = 2;

/** Hosts one vitest instance, runs suite files in killable forks, and never waits on a hung file. */
export class SuiteRunner {
  private results = new Map<string, RawFile>();
  private timedOut = new Set<string>();
  private readonly deadlines: Deadlines;

  private constructor(
    private readonly vitest: Vitest,
    private readonly options: RunnerOptions,
    deadlines: Deadlines,
  ) {
    this.deadlines = deadlines;
  }

  /** Starts vitest with the checker's reporter, the suite guard and a sink that drops learner output. */
  static async create(options: RunnerOptions): Promise<SuiteRunner> {
    startReaper();
    const deadlines = new Deadlines(options.timeoutMs);
    const holder: { runner?: SuiteRunner } = {};
    // Whatever learner code prints goes nowhere: results come from the reporter, never from output.
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const reporter: Reporter = {
      onTestModuleQueued: (module: TestModule) => deadlines.start(module.moduleId),
      onTestModuleEnd: (module: TestModule) => holder.runner?.record(module),
    };
    const vitest = await createVitest(
      'test',
      {
        root: options.root,
        config: false,
        watch: false,
        pool: 'forks',
        isolate: true,
        maxWorkers: options.maxWorkers ?? 2,
        include: ['**/checker/suites/**/*.test.ts'],
        reporters: [reporter],
        testTimeout: Math.min(5_000, options.timeoutMs),
        hookTimeout: Math.min(5_000, options.timeoutMs),
        teardownTimeout: 1_000,
        dangerouslyIgnoreUnhandledErrors: true,
      },
      { plugins: [suiteGuard(options.trusted)], cacheDir: `${options.root}/.vite`, server: { watch: null } },
      { stdout: sink, stderr: sink },
    );
    const runner = new SuiteRunner(vitest, options, deadlines);
    holder.runner = runner;
    return runner;
  }

  /** Runs the files and returns one outcome for each; a hung file is killed at its deadline and the rest go on. */
  async run(files: readonly string[]): Promise<Map<string, RawFile>> {
    this.results = new Map();
    this.timedOut = new Set();
    let pending = [...files];
    for (let attempt = 0; attempt <= RERUNS && pending.length > 0; attempt += 1) {
      await this.runOnce(pending);
      pending = pending.filter((file) => !this.results.has(file) && !this.timedOut.has(file));
    }
    const outcomes = new Map<string, RawFile>();
    for (const file of files) {
      const ran = this.results.get(file);
      if (this.timedOut.has(file)) outcomes.set(file, { outcome: 'timeout', errors: [], tests: ran?.tests ?? [] });
      else outcomes.set(file, ran ?? { outcome: 'crashed', errors: [], tests: [] });
      if (!ran) this.options.onFileDone?.(file);
    }
    return outcomes;
  }

  /** Drops what vitest knows of a changed file, so the next run reads it again. */
  invalidate(file: string): void {
    this.vitest.invalidateFile(file);
  }

  /** Stops vitest and any worker still running. */
  async close(): Promise<void> {
    killOldForkWorkers(0);
    await Promise.race([this.vitest.close(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  }

  private async runOnce(files: string[]): Promise<void> {
    this.deadlines.clear();
    const timer = setInterval(() => {
      const late = this.deadlines.expired();
      if (late.length === 0) return;
      for (const file of late) {
        this.timedOut.add(file);
        this.options.onFileDone?.(file);
      }
      killOldForkWorkers(Math.max(0, this.options.timeoutMs - 2_000));
    }, 100);
    try {
      await this.vitest.runTestFiles(files);
    } catch {
      // A run broken by killed workers still leaves the results recorded so far.
    } finally {
      clearInterval(timer);
    }
  }

  private record(module: TestModule): void {
    this.deadlines.end(module.moduleId);
    if (this.timedOut.has(module.moduleId)) return;
    const tests = [...module.children.allTests()].map(toRawTest);
    const errors = module.errors().map((error) => ({ message: error.message ?? String(error), stack: error.stack ?? '' }));
    this.results.set(module.moduleId, { outcome: 'ran', errors, tests });
    this.options.onFileDone?.(module.moduleId);
  }
}

function toRawTest(test: TestCase): RawTest {
  const result = test.result();
  const first = result.errors?.[0];
  return { name: test.name, state: result.state, message: first?.message ?? '', stack: first?.stack ?? '' };
}
