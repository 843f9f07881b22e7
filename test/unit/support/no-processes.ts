import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, afterEach } from 'vitest';

/**
 * The `unit` project's setup file: its tests run in-process only, so every way node:child_process starts a process
 * throws here, naming the command, and a test that started one fails even when the code under test caught that error.
 * A module test that has to start a process belongs in `unit-processes` (UNIT_PROCESSES in vitest.config.ts).
 */

/** Every function of node:child_process that starts a process. */
export const PROCESS_STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

/** Marks the module once replaced: with `isolate: false` this file runs again before every test file of the thread. */
const GUARDED = Symbol.for('mcp-ts-workshop.unit.no-processes');

/**
 * The processes asked for since the last test ended, as `name: command`; one list per thread, however often this
 * module is evaluated (the guard's own test imports it again).
 */
const asked: string[] = ((globalThis as Record<symbol, unknown>)[GUARDED] ??= []) as string[];

/** Takes the processes asked for so far in this test, so a test that starts one on purpose (the guard's own) can pass. */
export function takeAsked(): string[] {
  return asked.splice(0);
}

type Starters = Record<(typeof PROCESS_STARTERS)[number], unknown> & { [GUARDED]?: true };

const starters = childProcess as unknown as Starters;
if (starters[GUARDED] !== true) {
  for (const name of PROCESS_STARTERS) {
    starters[name] = function refused(command: unknown, args?: unknown): never {
      const line = `${name}: ${[command, ...(Array.isArray(args) ? args : [])].map(String).join(' ')}`;
      asked.push(line);
      throw new Error(`a unit test started a process (${line}); the unit project runs in-process only, so move the file to UNIT_PROCESSES in vitest.config.ts or keep the process out of it`);
    };
  }
  starters[GUARDED] = true;
  // Named imports (`import { spawnSync } from 'node:child_process'`) are live bindings of these properties.
  syncBuiltinESMExports();
}

/** Fails the test (or, for a process asked for while the file loaded or in a hook, the file) that asked for one. */
function failOnAsked(): void {
  const seen = takeAsked();
  if (seen.length > 0) throw new Error(`a unit test file started ${seen.length} process(es), in-process only in the unit project: ${seen.join('; ')}`);
}

// A file that failed to load has already failed on the thrown error: what it asked for is not charged to the next file.
takeAsked();
afterEach(failOnAsked);
afterAll(failOnAsked);
