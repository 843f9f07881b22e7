import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from './support/run.ts';
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

/** Waits until the text gathered so far (from `from` on) matches, or fails after `ms` showing `context`. */
async function waitFor(read: () => string, pattern: RegExp, ms: number, context: () => string = () => ''): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const text = read();
    if (pattern.test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${pattern}; output so far:\n${read()}\n${context()}`);
}

test('watch re-checks a saved file, reports type errors, and leaves nothing behind on Ctrl+C', async () => {
  // A temp folder of its own: other checkers running on the machine make their scratch folders elsewhere.
  const temp = mkdtempSync(join(tmpdir(), 'watch-temp-'));
  const target = starterCopy('watch-');
  const child = spawn(process.execPath, [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', '01', '--target', target, '--lang', 'en'], {
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
    await waitFor(() => output, /Watching/, 150_000);
    expect(output).toContain('✗ 01/1');
    expect(scratchFolders(temp)).toHaveLength(1);

    let from = output.length;
    const server = join(target, '01-mini-mcp', 'server.ts');
    const solved = readFileSync(join(REPO, 'solutions', '01-mini-mcp', 'server.ts'), 'utf8');
    save(server, solved);
    const passing = await waitFor(() => output.slice(from), /Progress: \d\/4/, 150_000, () => `stderr:\n${errors}`);
    expect(passing).toMatch(/01\/1 .* — pass/);
    expect(passing).toMatch(/01\/4 .* — pass/);
    expect(passing).toMatch(/Re-checked in \d+ ms/);

    from = output.length;
    save(server, `${solved}export const wrong: number = 'text';\n`);
    const typed = await waitFor(() => output.slice(from), /Progress: \d\/4/, 150_000, () => `stderr:\n${errors}`);
    expect(typed).toMatch(/01-mini-mcp\/server\.ts:\d+:\d+ TS2322/);
    expect(typed).toMatch(/01\/1 .* — fail/);

    from = output.length;
    save(server, readFileSync(join(committedStarters(), '01-mini-mcp', 'server.ts'), 'utf8'));
    const again = await waitFor(() => output.slice(from), /Progress: \d\/4/, 150_000, () => `stderr:\n${errors}`);
    expect(again).toMatch(/01\/1 .* — fail/);
    expect(again).not.toContain('TS2322');
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  expect(child.exitCode ?? 130).toBeGreaterThan(0);
  expect(scratchFolders(temp)).toEqual([]);
}, 600_000);
