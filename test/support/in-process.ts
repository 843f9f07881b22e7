import { format } from 'node:util';
import { vi } from 'vitest';
import type { Ran } from './run.ts';

/**
 * Runs a command's own function in this process and returns what it printed with console.log (stdout) and
 * console.error (stderr), and the exit code it returned, shaped like a spawned command's result: for the proofs
 * that need the command's logic and texts, not a process (one spawn per command and exit code keeps the wiring).
 */
export async function inProcess(run: () => number | Promise<number>): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (stdout += `${format(...parts)}\n`));
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${format(...parts)}\n`));
  try {
    const status = await run();
    return { status, stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}
