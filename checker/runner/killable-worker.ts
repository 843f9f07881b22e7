import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { ForksPoolWorker } from 'vitest/node';
import type { PoolOptions } from 'vitest/node';
import { announceConfinement, confine, learnerLimits, machine, makeCgroup } from '../trust/os-confine.ts';
import { VITEST_VARIABLES } from '../trust/sandbox.ts';
import { LEARNER_CONFINE_ENV } from '../suites/_lib/learner-process.ts';
import { testLimitMs, TEST_LIMIT_ENV } from '../suites/_lib/limits.ts';
import { trackFork } from './forks.ts';

/** The Node options and whole environment a fork starts with, chosen when it starts: the sandbox of the student it will grade. */
export interface ForkSettings {
  execArgv: string[];
  env: Record<string, string>;
}

/** The message a fork sends once it has shut down, which vitest waits for (up to a minute) before it stops the fork. */
const STOPPED = { type: 'stopped', __vitest_worker_response__: true };

/** A listener vitest gives the worker. */
type Listener = (arg: any) => void;

/**
 * vitest's fork worker, made safe for forks the checker kills: a message to a dead fork is dropped instead of
 * raising an unhandled EPIPE that would end the checker, stopping a dead fork returns at once, and the exit of a
 * killed fork cannot end the checker either. Each fork starts with the sandbox of the student it grades, and gets
 * its modules over IPC rather than from temporary files, so it never needs to read a folder where other students'
 * transformed code lies. The lane learns each fork's pid as it starts, to time the files it runs by their CPU time.
 */
export class KillableForksWorker extends ForksPoolWorker {
  override readonly name = 'checker-forks';
  override readonly cacheFs = false;

  constructor(
    pool: PoolOptions,
    private readonly settings: () => ForkSettings,
    private readonly started: (pid: number) => void = () => {},
  ) {
    super(pool);
  }

  override async start(): Promise<void> {
    const fresh = !this.child();
    if (fresh) {
      const { execArgv, env } = this.settings();
      this.execArgv = [...execArgv, ...this.execArgv];
      // vitest gives a fork the checker's whole environment; the fork gets only vitest's own variables and the sandbox's.
      const given = this.env as Record<string, string | undefined>;
      const kept = Object.fromEntries(VITEST_VARIABLES.flatMap((name) => (given[name] === undefined ? [] : [[name, given[name]]])));
      this.env = { ...kept, ...env };
      this.spawnConfined();
    }
    await super.start();
    // The pid comes from the checker's own spawn, so the lane times this fork without searching /proc or trusting it.
    const pid = this.child()?.pid;
    if (fresh && pid !== undefined) this.started(pid);
  }

  /**
   * Spawns the fork as vitest would, but confined by the operating system (os-confine.ts): its data, CPU time and
   * tasks limited, no network, no socket, as the leader of its own process group and cgroup, which the lane kills by
   * the pid spawned (trackFork). Every wrapper execs the next, so the pid is the fork's own. Learner processes its
   * suites start get the same confinement as a command prefix (LEARNER_CONFINE_ENV). Says once per run what this
   * machine cannot confine.
   */
  protected spawnConfined(): void {
    const env = this.env as Record<string, string>;
    announceConfinement(env['CHECKER_LANG'] === 'en' ? 'en' : 'ko');
    const testMs = Number(env[TEST_LIMIT_ENV]) > 0 ? Number(env[TEST_LIMIT_ENV]) : testLimitMs();
    const limits = learnerLimits(testMs);
    const found = machine();
    this.env = { ...env, [LEARNER_CONFINE_ENV]: JSON.stringify(confine([], limits, found)) };
    const cgroup = makeCgroup(limits.tasks, found);
    const [execPath, ...execArgv] = confine([process.execPath, ...this.execArgv], limits, found, cgroup);
    const child = fork(this.entrypoint, [], { env: this.env, execArgv, execPath: execPath!, stdio: 'pipe', serialization: 'advanced', detached: true });
    (this as unknown as { _fork?: ChildProcess })._fork = child;
    if (child.pid !== undefined) trackFork(env['CHECKER_LANE'] ?? '', { pid: child.pid, cgroup }, child);
  }

  /** vitest's exit and error listeners, each with the guarded listener the fork holds in its place. */
  private readonly guarded = new Map<Listener, Listener>();

  /**
   * vitest answers a fork's exit by emitting "Worker exited unexpectedly" on its runner, which throws when no test
   * file is listening for the runner's errors at that moment. When the checker has just killed the fork, that moment
   * depends on timing (under load a fork sits longer between two vitest steps) and the throw ended the whole checker
   * run ("Unhandled 'error' event"). The lane records every file of a killed fork on its own (timeout or crashed), so
   * an exit (or a fork error, which vitest passes on the same way) that nobody listens for is dropped here instead.
   */
  override on(event: string, callback: Listener): void {
    if (event !== 'exit' && event !== 'error') return super.on(event, callback);
    const guarded: Listener = (arg) => {
      try {
        callback(arg);
      } catch {
        // No test file was listening: the lane has already given this fork's files their outcome.
      }
    };
    this.guarded.set(callback, guarded);
    super.on(event, guarded);
  }

  override off(event: string, callback: Listener): void {
    const guarded = event === 'exit' || event === 'error' ? this.guarded.get(callback) : undefined;
    if (guarded) this.guarded.delete(callback);
    super.off(event, guarded ?? callback);
  }

  override send(message: Parameters<ForksPoolWorker['send']>[0]): void {
    const fork = this.child();
    if (!fork) return;
    const stopping = (message as { type?: string }).type === 'stop';
    const answerStop = () => {
      if (stopping) fork.emit('message', STOPPED);
    };
    // A fork killed after vitest asked it to stop never answers; its exit is the answer.
    if (stopping) fork.once('exit', answerStop);
    if (!fork.connected) setImmediate(answerStop);
    else fork.send(message, (error) => error && answerStop());
  }

  override async stop(): Promise<void> {
    const fork = this.child();
    // vitest waits for an exit event that a killed fork has already sent.
    if (fork && (fork.exitCode !== null || fork.signalCode !== null)) setImmediate(() => fork.emit('exit', fork.exitCode, fork.signalCode));
    await super.stop();
  }

  private child(): ChildProcess | undefined {
    return (this as unknown as { _fork?: ChildProcess })._fork;
  }
}
