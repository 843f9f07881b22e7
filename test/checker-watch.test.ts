import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';
import { committedStarters, starterCopy } from './support/starters.ts';

/** The checker's scratch folders in a temp folder. */
function scratchFolders(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('mcp-check-'));
}

/** Saves a file in one step, as editors do (write beside it, then rename), so watch sees one complete save. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.saving`, text);
  renameSync(`${file}.saving`, file);
}

/**
 * Resolves with the child's output from `from` on as soon as a chunk of stdout makes it match `pattern`; rejects when
 * the child exits first (with its exit code and output, so a crashed watch fails at once) or, as a last bound, after
 * `ms` without a match.
 */
function waitFor(child: ChildProcessWithoutNullStreams, read: () => string, from: number, pattern: RegExp, ms: number, context: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      stop();
      reject(new Error(`${why} while waiting for ${pattern}; output since then:\n${read().slice(from)}\n${context()}`));
    };
    const check = () => {
      const text = read().slice(from);
      if (!pattern.test(text)) return;
      stop();
      resolve(text);
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => fail(`watch exited (code ${code}, signal ${signal})`);
    const timer = setTimeout(() => fail(`no match after ${ms / 1000} s`), ms);
    const stop = () => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', exited);
    };
    child.stdout.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode, child.signalCode);
    else check();
  });
}

test('watch re-checks a saved file, reports type errors, and leaves nothing behind on Ctrl+C', async () => {
  // A temp folder of its own: other checkers running on the machine make their scratch folders elsewhere.
  const temp = mkdtempSync(join(tmpdir(), 'watch-temp-'));
  const target = starterCopy('watch-');
  const child = spawn(process.execPath, [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', '01', '--target', target, '--lang', 'en', '--timeout', GRADING_TIMEOUT], {
    cwd: REPO,
    env: { ...process.env, CHECKER_LANG: '', TMPDIR: temp },
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  try {
    const stderr = () => `stderr:\n${errors}`;
    await waitFor(child, () => output, 0, /Watching/, 150_000, stderr);
    expect(output).toContain('✗ 01/1');
    expect(scratchFolders(temp)).toHaveLength(1);

    let from = output.length;
    const server = join(target, '01-mini-mcp', 'server.ts');
    const solved = readFileSync(join(REPO, 'solutions', '01-mini-mcp', 'server.ts'), 'utf8');
    save(server, solved);
    const passing = await waitFor(child, () => output, from, /Progress: \d\/4/, 150_000, stderr);
    expect(passing).toMatch(/01\/1 .* — pass/);
    expect(passing).toMatch(/01\/4 .* — pass/);
    expect(passing).toMatch(/Re-checked in \d+ ms/);

    from = output.length;
    save(server, `${solved}export const wrong: number = 'text';\n`);
    const typed = await waitFor(child, () => output, from, /Progress: \d\/4/, 150_000, stderr);
    expect(typed).toMatch(/01-mini-mcp\/server\.ts:\d+:\d+ TS2322/);
    expect(typed).toMatch(/01\/1 .* — fail/);

    from = output.length;
    save(server, readFileSync(join(committedStarters(), '01-mini-mcp', 'server.ts'), 'utf8'));
    const again = await waitFor(child, () => output, from, /Progress: \d\/4/, 150_000, stderr);
    expect(again).toMatch(/01\/1 .* — fail/);
    expect(again).not.toContain('TS2322');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
  }
  expect(child.exitCode ?? 130).toBeGreaterThan(0);
  expect(scratchFolders(temp)).toEqual([]);
}, 600_000);
