import type { ChildProcess } from 'node:child_process';
import { ForksPoolWorker } from 'vitest/node';
import type { PoolOptions } from 'vitest/node';

/** The Node options and environment a fork starts with, chosen when it starts: the sandbox of the student it will grade. */
export interface ForkSettings {
  execArgv: string[];
  env: Record<string, string>;
}

/** The message a fork sends once it has shut down, which vitest waits for (up to a minute) before it stops the fork. */
const STOPPED = { type: 'stopped', __vitest_worker_response__: true };

/**
 * vitest's fork worker, made safe for forks the checker kills: a message to a dead fork is dropped instead of
 * raising an unhandled EPIPE that would end the checker, and stopping a dead fork returns at once. Each fork
 * starts with the sandbox of the student it grades, and gets its modules over IPC rather than from temporary
 * files, so it never needs to read a folder where other students' transformed code lies.
 */
export class KillableForksWorker extends ForksPoolWorker {
  override readonly name = 'checker-forks';
  override readonly cacheFs = false;

  constructor(
    pool: PoolOptions,
    private readonly settings: () => ForkSettings,
  ) {
    super(pool);
  }

  override async start(): Promise<void> {
    if (!this.child()) {
      const { execArgv, env } = this.settings();
      this.execArgv = [...execArgv, ...this.execArgv];
      this.env = { ...this.env, ...env };
    }
    await super.start();
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
