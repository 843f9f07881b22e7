import type { ChildProcess } from 'node:child_process';
import { ForksPoolWorker } from 'vitest/node';

/** The message a fork sends once it has shut down, which vitest waits for (up to a minute) before it stops the fork. */
const STOPPED = { type: 'stopped', __vitest_worker_response__: true };

/**
 * vitest's fork worker, made safe for forks the checker kills: a message to a dead fork is dropped instead of
 * raising an unhandled EPIPE that would end the checker, and stopping a dead fork returns at once.
 */
export class KillableForksWorker extends ForksPoolWorker {
  override readonly name = 'checker-forks';

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
