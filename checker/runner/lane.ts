import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { createVitest } from 'vitest/node';
import type { PoolOptions, Reporter, TestCase, TestModule, TestSpecification, Vitest } from 'vitest/node';
import type { TimeLimits } from './limits.ts';
import { isInside, loadConfinement } from '../trust/confine.ts';
import type { LoadScope } from '../trust/confine.ts';
import { suiteGuard } from '../trust/trusted-sources.ts';
import type { TrustedSources } from '../trust/trusted-sources.ts';
import { learnerEnv, sandboxArgv } from '../trust/sandbox.ts';
import type { SandboxPaths } from '../trust/sandbox.ts';
import { KillableForksWorker } from './killable-worker.ts';
import { fileErrors, redactQuotes, toRawTest } from './vitest-results.ts';
import type { SuiteQuotes } from '../trust/suite-quotes.ts';
import { LOOP_META, loopGuard } from './loop-guard.ts';
import type { LoopSite } from './loop-guard.ts';
import type { RawFile } from './vitest-results.ts';
import { descendantsOf, killLaneForks, otherThreadsBusy, runTimes } from './forks.ts';
import { OutputCollector } from './learner-output.ts';
import { LEARNER_TIMES_ENV } from '../suites/_lib/learner-process.ts';
import { BRIDGE_NODE_ENV } from '../suites/_lib/bridge.ts';
import { bridgePlugin, isBridgedSuite } from './bridge-plugin.ts';
import type { BridgePlugin, GuardResult } from './bridge-plugin.ts';
import type { Plugin } from 'vite';

/** Settings for one lane. */
export interface LaneOptions {
  /** A short name, unique among the checker's lanes; the lane's forks carry it in their environment. */
  id: string;
  root: string;
  trusted: TrustedSources;
  /** A setup file that gives every suite file fresh learner modules. */
  setupFile: string;
  /** vitest's test runner, which tells the lane at once when a test starts and where learner code spins (fork-runner.ts). */
  runnerFile: string;
  /** The folders every fork may read (the packages, the setup file) and the lane's one writable folder; each group adds its student's folder. */
  sandbox: SandboxPaths;
  /** Extra Node options, such as the right to start child processes. */
  extraArgv?: string[];
  /** Extra environment for the lane's forks. */
  env?: Record<string, string>;
  /** Environment that depends on the sandbox of the group being graded, such as how to start a sandboxed learner process. */
  sandboxEnv?: (sandbox: SandboxPaths) => Record<string, string>;
  /** Per suite file (also the most a fork may spend between two files), per test, to load after a hang while loading, and of waiting. */
  limits: TimeLimits;
  onFileDone?: (file: string) => void;
  /** The code of every suite, to withhold a learner-visible text that quotes it (see suite-quotes.ts). */
  quotes?: SuiteQuotes;
}

/**
 * What a fork may read of a student's scratch folder: the copy of the student's chapters, and the suites' preloads
 * (`_lib/*.cjs`, trusted code a learner process loads with --require). Never the suites themselves: the fork gets
 * every module it runs, suites included, from the checker over IPC (KillableForksWorker), so no suite text is on
 * any path learner code may read.
 */
export function learnerReadable(root: string): string[] {
  const lib = join(root, 'checker', 'suites', '_lib');
  const preloads = existsSync(lib) ? readdirSync(lib).filter((name) => name.endsWith('.cjs')).map((name) => join(lib, name)) : [];
  return [join(root, 'chapters'), ...preloads];
}

/** A prefix no variable has: Vite passes none of the checker's environment to learner code as import.meta.env. */
const ENV_PREFIX = 'CHECKER_NO_VARIABLE_HAS_THIS_PREFIX_';

/** The only parts of /proc a fork may read: its own times, by which a suite counts its own waits for a core (own-time.ts). */
const OWN_TIMES = ['/proc/self/schedstat', '/proc/self/stat'];

/** How often the lane looks at its deadlines. */
const TICK_MS = 100;

/**
 * A moment in a lane's run: the clock, and how the fork's main thread had spent its life by then, on a CPU and ready
 * for one, and how long the processes it started (a learner server, its guard) had run or been ready to, all told
 * (unknown while no fork could be read).
 */
interface Mark {
  at: number;
  /** The checker's serving time so far (Serving.at): the fork waited on the checker then, not on learner code. */
  served?: number;
  fork?: { pid: number; cpu: number; ready: number; children: number; childCpu: number; threads: number };
}

/**
 * The wall time the checker has spent serving its fork's module requests (its plugins' resolve, load and transform:
 * the bridge's bundles, the loop guard's rewrite). A fork that waits for its module waits on the checker, whose time
 * no learner limit counts; on a loaded machine the checker's own work can take seconds, and was charged to the file.
 */
class Serving {
  private active = 0;
  private since = 0;
  private total = 0;

  /** Runs one hook of the checker's, counting its time as serving. */
  async around<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.active++ === 0) this.since = Date.now();
    try {
      return await work();
    } finally {
      if (--this.active === 0) this.total += Date.now() - this.since;
    }
  }

  /** The serving time so far, at `now`. */
  at(now: number): number {
    return this.total + (this.active > 0 ? now - this.since : 0);
  }

  /** `plugin` with its resolve, load and transform hooks counted as serving. */
  counted(plugin: Plugin): Plugin {
    const counted: Plugin = { ...plugin };
    for (const name of ['resolveId', 'load', 'transform'] as const) {
      const hook = plugin[name] as unknown;
      if (typeof hook !== 'function') continue;
      const serving = this;
      (counted as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        return serving.around(() => (hook as (...args: unknown[]) => unknown).apply(this, args));
      };
    }
    return counted;
  }
}

/** What a file (or a pause between files) has spent since a moment: CPU time, and time blocked, neither running nor ready to. */
interface Spent {
  cpu: number;
  waited: number;
}

/**
 * The file a lane's fork is running: since when, whether it has loaded, the test that started and has not finished
 * (by vitest's id, with its name), and the loop of learner code it spins in.
 */
interface Running {
  file: string;
  since: Mark;
  loaded: boolean;
  test?: { id: string; name: string };
  /** The loop of learner code the fork has been spinning in, as its runner last said, with the task (test or file) it said it for. */
  loop?: LoopSite & { task: string };
}

/** How many times in a row a fork may die before any file gets a result, before the rest count as crashed. */
const FRUITLESS_TRIES = 2;

/**
 * One vitest instance with one fork at a time. A group (one chapter of one student's files) runs in order in one fresh fork,
 * so no two students or chapters share a process; a file past its deadline gets its fork killed and the rest of its group goes on in a new one.
 */
export class Lane {
  private results = new Map<string, RawFile>();
  /**
   * The student folder and suite folders of the previous group: modules Vite transformed for one student are never
   * served to another, nor a private suite's code to a fork of public suites.
   */
  private lastRoot: string | null = null;
  private running: Running | null = null;
  private lastEvent: Mark = { at: Date.now() };
  private hungWhileLoading = false;
  /** Whether the group running now is of a bridged chapter: its forks run no learner code, and may start the learner process. */
  private bridgedGroup = false;
  /** The fork the lane runs now, by the pid its pool worker spawned it with. */
  private fork: number | undefined;
  /** When the lane last read its fork. */
  private lastReading = 0;
  /** The processes below the fork, each with the time it had run or been ready to run when last read, and their total so far. */
  private readonly below = { seen: new Map<number, { busy: number; cpu: number }>(), total: 0, cpu: 0 };
  /** What learner code wrote through the console, per test, until its file's results are recorded. */
  private readonly output = new OutputCollector();

  private constructor(
    private readonly vitest: Vitest,
    private readonly options: LaneOptions,
    private readonly sequence: { order: string[] },
    private readonly scope: LoadScope,
    private readonly loops: ReadonlyMap<number, LoopSite>,
    private readonly bridge: BridgePlugin,
    private readonly serving: Serving,
  ) {}

  /** Starts the lane's vitest instance; learner console output is kept per test (bounded) and its forks run in the sandbox. */
  static async create(options: LaneOptions): Promise<Lane> {
    const holder: { lane?: Lane } = {};
    const sequence = { order: [] as string[] };
    const scope: LoadScope = { root: null, shared: options.sandbox.read };
    const guard = loopGuard(scope);
    // The bridged chapters' learner code is bundled with the same loop guard, so a loop's number names its line here.
    const guardHook = guard.plugin.transform as unknown as (code: string, id: string) => Promise<GuardResult>;
    const bridge = bridgePlugin(scope, (code, id) => guardHook.call({}, code, id));
    const serving = new Serving();
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    // onTaskUpdate is left out of vitest's Reporter type, but vitest 4.1 still calls it with every update a fork sends.
    const reporter: Reporter & { onTaskUpdate: (packs: readonly (readonly [string, unknown, unknown])[]) => void } = {
      onTestModuleQueued: (module: TestModule) => holder.lane?.queued(module.moduleId),
      onTestModuleCollected: (module: TestModule) => holder.lane?.collected(module.moduleId),
      onTestModuleEnd: (module: TestModule) => holder.lane?.record(module),
      onTestCaseReady: (test: TestCase) => holder.lane?.testStarted(test),
      onTestCaseResult: (test: TestCase) => holder.lane?.testEnded(test),
      onTaskUpdate: (packs) => holder.lane?.spinning(packs),
      onUserConsoleLog: (log) => holder.lane?.output.add(log.taskId, log.type, log.content),
    };
    // Keeps the files in the order the checker gave, so a group always runs the same way.
    class GivenOrder {
      async shard(specs: TestSpecification[]): Promise<TestSpecification[]> {
        return specs;
      }
      async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
        const rank = new Map(sequence.order.map((file, index) => [file, index]));
        return [...specs].sort((a, b) => (rank.get(a.moduleId) ?? 0) - (rank.get(b.moduleId) ?? 0));
      }
    }
    const vitest = await createVitest(
      'test',
      {
        root: options.root,
        config: false,
        watch: false,
        pool: { name: 'checker-forks', createPoolWorker: (pool: PoolOptions) => new KillableForksWorker(pool, () => holder.lane!.forkSettings(), (pid) => holder.lane?.forkStarted(pid)) },
        isolate: false,
        maxWorkers: 1,
        fileParallelism: false,
        setupFiles: [options.setupFile],
        runner: options.runnerFile,
        execArgv: options.extraArgv ?? [],
        env: { ...options.env, TMPDIR: options.sandbox.write, CHECKER_LANE: options.id },
        include: ['**/checker/suites/**/*.test.ts'],
        // vitest looks for a snapshot file beside each suite, where the fork may not read; no suite keeps snapshots.
        resolveSnapshotPath: (testPath: string, extension: string) => join(options.sandbox.write, `${basename(testPath)}${extension}`),
        reporters: [reporter],
        sequence: { sequencer: GivenOrder },
        testTimeout: options.limits.testBackstopMs,
        hookTimeout: options.limits.testBackstopMs,
        teardownTimeout: 1_000,
        dangerouslyIgnoreUnhandledErrors: true,
      },
      {
        plugins: [bridge.plugin, loadConfinement(scope), suiteGuard(options.trusted), guard.plugin].map((plugin) => serving.counted(plugin)),
        cacheDir: `${options.root}/.vite`,
        server: { watch: null },
        // Vite would copy every VITE_* variable of the checker's environment into import.meta.env, which vitest hands each fork.
        envPrefix: ENV_PREFIX,
        envDir: false,
      },
      { stdout: sink, stderr: sink },
    );
    const lane = new Lane(vitest, options, sequence, scope, guard.sites, bridge, serving);
    holder.lane = lane;
    return lane;
  }

  /**
   * Runs one group of files in order and returns an outcome for each; never waits on a hung file past its deadline.
   * `root` is the student's folder: the group's forks may read its chapters copy and no other student's, and Vite
   * loads modules only from it; of its suites, only those in `suites` (all of them when unset).
   */
  async runGroup(files: readonly string[], root: string, suites?: readonly string[]): Promise<Map<string, RawFile>> {
    const key = [root, ...(suites ?? [])].join('\n');
    if (this.lastRoot !== null && this.lastRoot !== key) this.forgetModules();
    this.lastRoot = key;
    this.scope.root = root;
    this.scope.suites = suites ?? null;
    this.bridgedGroup = files.length > 0 && files.every(isBridgedSuite);
    this.results = new Map();
    this.output.clear();
    this.hungWhileLoading = false;
    let pending = [...files];
    let fruitless = 0;
    while (pending.length > 0 && fruitless < FRUITLESS_TRIES) {
      const before = this.results.size;
      await this.runOnce(pending);
      // The file a dying fork was running is the one that killed it; the files after it go on in a new fork.
      if (this.running && !this.results.has(this.running.file)) this.settle(this.running.file, { outcome: 'crashed', errors: [], tests: [] });
      this.running = null;
      fruitless = this.results.size === before ? fruitless + 1 : 0;
      pending = pending.filter((file) => !this.results.has(file));
    }
    for (const file of pending) this.settle(file, { outcome: 'crashed', errors: [], tests: [] });
    this.scope.root = null;
    this.scope.suites = null;
    return this.results;
  }

  /**
   * The sandbox of a fork that starts now: the shared folders and the current student's folder, nothing else, and of
   * /proc only its own times and the folder where the guards of its learner processes report theirs (OWN_TIMES).
   */
  forkSettings(): { execArgv: string[]; env: Record<string, string> } {
    const { read, write } = this.options.sandbox;
    const sandbox: SandboxPaths = { read: [...read, write, ...OWN_TIMES, this.timesDir(), ...(this.scope.root ? learnerReadable(this.scope.root) : [])], write };
    // The learner process of a bridged chapter gets the fork's own sandbox, without the rights to start processes or threads.
    const bridgeNode = JSON.stringify([process.execPath, ...sandboxArgv(sandbox)]);
    const own = { ...this.options.env, CHECKER_LANE: this.options.id, [LEARNER_TIMES_ENV]: this.timesDir(), [BRIDGE_NODE_ENV]: bridgeNode, ...this.options.sandboxEnv?.(sandbox) };
    // The fork of a bridged chapter runs no learner code: it may start the learner process and the thread that talks to
    // it. A fork that still runs learner code (a chapter not yet moved) gets neither right.
    const rights = this.bridgedGroup ? ['--allow-child-process', '--allow-worker'] : [];
    return { execArgv: [...sandboxArgv(sandbox), ...rights], env: learnerEnv(write, own) };
  }

  /**
   * Where the guards of the learner processes a suite starts report their times (PROCESS_GUARD): beside the lane's
   * writable folder, readable by its forks, writable by neither them nor the learner processes, which write only theirs.
   * Its name does not begin with the writable folder's: Node's permission model matches granted paths by prefix, and a
   * granted path that extends another (`write` and `write.times`) left the fork unable to list its own HOME.
   */
  private timesDir(): string {
    const { write } = this.options.sandbox;
    return join(dirname(write), `times-of-${basename(write)}`);
  }

  /** A fork of this lane started: the files it runs are timed by its CPU time. */
  forkStarted(pid: number): void {
    this.fork = pid;
    this.below.seen.clear();
    this.below.total = 0;
    this.below.cpu = 0;
  }

  /**
   * How long the processes below the fork have run or been ready to run, all told, since the fork started: each one's
   * time since it was last read (all its life when first seen: it was born since), so one that ends takes nothing back.
   */
  private childrenBusy(fork: number): { busy: number; cpu: number } {
    const seen = new Map<number, { busy: number; cpu: number }>();
    for (const pid of descendantsOf(fork)) {
      const times = runTimes(pid);
      if (!times) continue;
      const now = { busy: times.cpu + times.ready, cpu: times.cpu };
      const before = this.below.seen.get(pid) ?? { busy: 0, cpu: 0 };
      this.below.total += Math.max(0, now.busy - before.busy);
      this.below.cpu += Math.max(0, now.cpu - before.cpu);
      seen.set(pid, now);
    }
    this.below.seen.clear();
    for (const [pid, times] of seen) this.below.seen.set(pid, times);
    return { busy: this.below.total, cpu: this.below.cpu };
  }

  /** Drops every module Vite has transformed, so the next student's forks get nothing that was loaded for another. */
  private forgetModules(): void {
    this.bridge.forget();
    for (const project of this.vitest.projects) {
      for (const environment of Object.values(project.vite.environments)) environment.moduleGraph.invalidateAll();
    }
  }

  /** Drops what vitest knows of a changed file, so the next run reads it again. */
  invalidate(file: string): void {
    this.bridge.forget(file);
    this.vitest.invalidateFile(file);
  }

  /** Stops vitest and any fork of this lane still running. */
  async close(): Promise<void> {
    killLaneForks(this.options.id);
    await Promise.race([this.vitest.close(), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
  }

  private async runOnce(files: string[]): Promise<void> {
    this.sequence.order = files;
    this.running = null;
    this.lastEvent = this.mark();
    // Nothing one student left in the temporary folder reaches the next group.
    for (const dir of [this.options.sandbox.write, this.timesDir()]) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    }
    const timer = setInterval(() => this.watch(), TICK_MS);
    try {
      // Specifications made directly: runTestFiles would match every known suite file against every filter, per group.
      const project = this.vitest.getRootProject();
      await this.vitest.runTestSpecifications(files.map((file) => project.createSpecification(file)));
    } catch (error) {
      // A run broken by a fork that died (the lane kills a fork past its limits; vitest's pool reports the exit as
      // "Worker exited unexpectedly", or the fork's error on a closed channel, as "Worker … emitted error") still leaves
      // the results recorded so far, and the lane settles the rest. Any other error is the checker's own: raise it.
      const chain = (cause: unknown): unknown[] => (cause instanceof Error ? [cause, ...chain(cause.cause)] : []);
      const forkDied = chain(error).some(
        (link) =>
          link instanceof Error &&
          (link.message === 'Worker exited unexpectedly' ||
            /^\[vitest-pool\]: Worker \S+ emitted error\.$/.test(link.message) ||
            ['ERR_IPC_CHANNEL_CLOSED', 'EPIPE'].includes((link as NodeJS.ErrnoException).code ?? '')),
      );
      if (!forkDied) throw error;
    } finally {
      clearInterval(timer);
      killLaneForks(this.options.id);
    }
  }

  /**
   * Kills the fork when the running file is past one of its deadlines (the CPU time it computed, or the time it was
   * blocked waiting), or when the fork spends as much between two files.
   */
  private watch(): void {
    const now = this.mark();
    const { loadMs, fileMs, waitMs } = this.options.limits;
    const running = this.running;
    if (running) {
      const spent = this.spent(running.since, now);
      if (this.hungWhileLoading && !running.loaded && spent.cpu > loadMs) this.stop(running, loadMs, 'load');
      else if (spent.cpu > fileMs) this.stop(running, fileMs, 'file');
      else if (spent.waited > waitMs) this.stop(running, waitMs, 'wait');
      return;
    }
    // Every file has its outcome: a fork that lingers (a learner timer, a loop after the last test) is not waited for.
    if (this.sequence.order.every((file) => this.results.has(file))) killLaneForks(this.options.id);
    else {
      const spent = this.spent(this.lastEvent, now);
      if (spent.cpu > fileMs || spent.waited > waitMs) killLaneForks(this.options.id);
    }
  }

  /** Now, with how the lane's fork has spent its life when it can be read. */
  private mark(): Mark {
    const at = Date.now();
    const pid = this.fork;
    const times = pid === undefined ? undefined : runTimes(pid);
    const served = this.serving.at(at);
    if (pid === undefined || times === undefined) return { at, served };
    this.lastReading = at;
    const below = this.childrenBusy(pid);
    return { at, served, fork: { pid, ...times, children: below.busy, childCpu: below.cpu, threads: otherThreadsBusy(pid) } };
  }

  /**
   * What the limits count between two moments, from the fork's main thread: the CPU time it ran, and the time it was
   * blocked (the clock less the time it ran or was ready to run, and less the time the processes it started ran or were
   * ready to: a fork waiting for a learner server that waits for a core is not blocked). A learner loop runs without end, whatever the load;
   * an honest file runs the same little on a busy machine as on a quiet one, and the time it waits there for a core
   * counts as neither. When the earlier moment read no fork or another one (the file or the pause began before this
   * fork was known), counting starts at this fork's first reading. When no fork can be read now (none has started, or
   * it has just died and vitest has yet to say so), nothing computes, so the clock since the last reading counts as
   * waiting: a fork's death is vitest's to report (as a crash), never a timeout the lane made up from the clock.
   */
  private spent(since: Mark, now: Mark): Spent {
    // The time the checker spent serving the fork's modules is no wait of the file's.
    const served = Math.max(0, (now.served ?? 0) - (since.served ?? 0));
    if (!now.fork) return { cpu: 0, waited: Math.max(0, now.at - Math.max(since.at, this.lastReading) - served) };
    if (!since.fork || since.fork.pid !== now.fork.pid) {
      since.at = now.at;
      since.fork = now.fork;
      since.served = now.served;
      return { cpu: 0, waited: 0 };
    }
    const own = now.fork.cpu - since.fork.cpu;
    // The learner process of a bridged chapter (and any process a suite started) computes for the file: its CPU time counts.
    const cpu = own + (now.fork.childCpu - since.fork.childCpu);
    // The fork's other threads (the bridge's worker, which passes frames to the learner process) running or waiting for a core is no wait either.
    const busy = own + (now.fork.ready - since.fork.ready) + (now.fork.children - since.fork.children) + Math.max(0, now.fork.threads - since.fork.threads);
    return { cpu, waited: Math.max(0, now.at - since.at - busy - served) };
  }

  /**
   * Reports the running file as timed out at `limitMs` (of `limit`), with the test it was running if one had started
   * and not finished, and kills its fork; the rest of the group goes on in a new one.
   */
  private stop(running: Running, limitMs: number, limit: 'file' | 'load' | 'wait'): void {
    if (!running.loaded) this.hungWhileLoading = true;
    const known = { ...(running.test ? { runningTest: running.test.name } : {}), ...(running.loop ? { loop: { file: running.loop.file, line: running.loop.line } } : {}) };
    this.settle(running.file, { outcome: 'timeout', limitMs, limit, ...known, errors: [], tests: [] });
    this.running = null;
    killLaneForks(this.options.id);
  }

  private queued(file: string): void {
    this.lastEvent = this.mark();
    if (this.results.has(file)) return;
    this.running = { file, since: this.lastEvent, loaded: false };
  }

  private collected(file: string): void {
    this.lastEvent = this.mark();
    if (this.running?.file === file) this.running.loaded = true;
  }

  /** A test of the running file started (before its beforeEach hooks): until it ends, it is the one a timeout names. */
  private testStarted(test: TestCase): void {
    this.lastEvent = this.mark();
    if (this.running?.file === test.module.moduleId) this.running.test = { id: test.id, name: test.name };
  }

  /** A test ended, with its hooks: no test of the file is running until the next one starts. */
  private testEnded(test: TestCase): void {
    this.lastEvent = this.mark();
    if (this.running?.test?.id === test.id) delete this.running.test;
  }

  /**
   * The fork's runner says which loop of learner code it has spun in for a while (a number only the lane's guard
   * plugin can turn into a file and line, and only one in the graded student's folder counts), or that it left it.
   */
  private spinning(packs: readonly (readonly [string, unknown, unknown])[]): void {
    if (!this.running) return;
    for (const [task, , meta] of packs) {
      if (typeof meta !== 'object' || meta === null || !(LOOP_META in meta)) continue;
      const loop = (meta as Record<string, unknown>)[LOOP_META];
      const site = typeof loop === 'number' ? this.loops.get(loop) : undefined;
      if (site && this.scope.root !== null && isInside(site.file, this.scope.root)) this.running.loop = { ...site, task };
      else if (this.running.loop?.task === task) delete this.running.loop;
    }
  }

  private record(module: TestModule): void {
    this.lastEvent = this.mark();
    if (this.running?.file === module.moduleId) this.running = null;
    if (this.results.has(module.moduleId)) return;
    const tests = [...module.children.allTests()].map((test) => {
      const output = this.output.take(test.id);
      return { ...toRawTest(test), ...(output ? { output } : {}) };
    });
    this.settle(module.moduleId, { outcome: 'ran', errors: fileErrors(module), tests });
  }

  private settle(file: string, outcome: RawFile): void {
    this.results.set(file, this.options.quotes ? redactQuotes(outcome, this.options.quotes) : outcome);
    this.options.onFileDone?.(file);
  }
}
