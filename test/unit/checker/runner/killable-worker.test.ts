import { EventEmitter } from 'node:events';
import { expect, test, vi } from 'vitest';
import type { PoolOptions } from 'vitest/node';
import { KillableForksWorker } from '../../../../checker/runner/killable-worker.ts';

/** A worker whose fork is a plain event emitter, as vitest's listeners see it. */
function workerWithFork(): { worker: KillableForksWorker; fork: EventEmitter } {
  const options = { execArgv: [], env: {}, distPath: '/nowhere', project: { vitest: { logger: { outputStream: process.stdout, errorStream: process.stderr } } } };
  const worker = new KillableForksWorker(options as unknown as PoolOptions, () => ({ execArgv: [], env: {} }));
  const fork = new EventEmitter();
  Object.assign(worker, { _fork: fork });
  return { worker, fork };
}

/** What vitest does on a fork's exit: emit an error on the runner, which throws when nothing listens for it. */
const unexpectedExit = () => {
  new EventEmitter().emit('error', new Error('Worker exited unexpectedly'));
};

test('the exit of a killed fork that no test file listens for cannot throw out of the fork', () => {
  const { worker, fork } = workerWithFork();
  worker.on('exit', unexpectedExit);
  worker.on('error', unexpectedExit);
  expect(() => fork.emit('exit', null, 'SIGKILL')).not.toThrow();
  expect(() => fork.emit('error', new Error('channel closed'))).not.toThrow();
});

test('vitest\'s listeners still hear the exit, and off removes them', () => {
  const { worker, fork } = workerWithFork();
  const heard: string[] = [];
  const listener = () => heard.push('exit');
  worker.on('exit', listener);
  fork.emit('exit', 0, null);
  worker.off('exit', listener);
  fork.emit('exit', 0, null);
  expect(heard).toEqual(['exit']);
  expect(fork.listenerCount('exit')).toBe(0);
});

test("a fork starts with vitest's own variables and the sandbox's environment, never the checker's", async () => {
  const { ForksPoolWorker } = await import('vitest/node');
  const start = vi.spyOn(ForksPoolWorker.prototype, 'start').mockResolvedValue(undefined);
  // The confined spawn starts processes (it probes the machine); its own tests are in test/unit/checker/trust/os-confine-processes.test.ts.
  const spawned: Record<string, string>[] = [];
  const spawn = vi.spyOn(KillableForksWorker.prototype as unknown as { spawnConfined: () => void }, 'spawnConfined').mockImplementation(function (this: { env: Record<string, string> }) {
    spawned.push(this.env);
  });
  try {
    const given = { INSTRUCTOR_SECRET: 'secret', NODE_OPTIONS: '--require /evil.cjs', VITEST: 'true', NODE_ENV: 'test', PATH: '/home/kim/bin:/usr/bin' };
    const options = { execArgv: ['--conditions=x'], env: given, distPath: '/nowhere', project: { vitest: { logger: { outputStream: process.stdout, errorStream: process.stderr } } } };
    const worker = new KillableForksWorker(options as unknown as PoolOptions, () => ({ execArgv: ['--permission'], env: { PATH: '/usr/bin', HOME: '/scratch/.sandbox/a' } }));
    await worker.start();
    expect((worker as unknown as { env: Record<string, string> }).env).toEqual({ VITEST: 'true', NODE_ENV: 'test', PATH: '/usr/bin', HOME: '/scratch/.sandbox/a' });
    expect((worker as unknown as { execArgv: string[] }).execArgv).toEqual(['--permission', '--conditions=x']);
    expect(spawned).toEqual([{ VITEST: 'true', NODE_ENV: 'test', PATH: '/usr/bin', HOME: '/scratch/.sandbox/a' }]);
  } finally {
    spawn.mockRestore();
    start.mockRestore();
  }
});
