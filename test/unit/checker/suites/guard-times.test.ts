import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PROCESS_GUARD, learnerTimer, reportReader } from '../../../../checker/suites/_lib/learner-process.ts';
import type { LearnerLimit } from '../../../../checker/suites/_lib/learner-process.ts';
import { tempDir } from '../../support/temp.ts';

/** Guards started by a test, stopped after it by closing their stdin (the guard then kills its learner process). */
const started: ChildProcess[] = [];

afterEach(() => {
  for (const guard of started.splice(0)) guard.stdin?.end();
});

/** Starts `code` as a learner process behind PROCESS_GUARD, which reports its times to `dir`. */
function guarded(dir: string, code: string): ChildProcess {
  const guard = spawn(process.execPath, ['-e', PROCESS_GUARD, '--', dir, process.execPath, '-e', code], { stdio: ['pipe', 'ignore', 'inherit'] });
  started.push(guard);
  return guard;
}

/** Resolves with the limit a learner timer of `ms` stopped the process behind `guard` at. */
function stoppedAt(guard: ChildProcess, ms: number, dir: string): Promise<LearnerLimit> {
  return new Promise((resolve) => {
    learnerTimer(() => guard.pid, ms, resolve, reportReader(dir));
  });
}

describe.runIf(existsSync('/proc/self/schedstat'))('the guard of a learner process reports its times, and a suite counts them', () => {
  test('a learner process in an endless loop is stopped at its CPU limit, and the limit is named', async () => {
    const dir = tempDir('guard-times');
    const guard = guarded(dir, 'for (;;) {}');
    expect(await stoppedAt(guard, 500, dir)).toBe('cpu');
    expect(existsSync(join(dir, `${guard.pid}.json`))).toBe(true);
  });

  test('a learner process that waits for nothing is stopped by the blocked backstop, never by its CPU limit', async () => {
    const dir = tempDir('guard-times');
    const guard = guarded(dir, 'setInterval(() => {}, 1_000);');
    expect(await stoppedAt(guard, 300, dir)).toBe('blocked');
  });
});
