import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from './support/run.ts';
import { committedStarters, starterCopy } from './support/starters.ts';

/** The checker's scratch folders now in the temp folder. */
function scratchFolders(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('mcp-check-'));
}

/** Waits until the text gathered so far (from `from` on) matches, or fails after `ms`. */
async function waitFor(read: () => string, pattern: RegExp, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const text = read();
    if (pattern.test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${pattern}; output so far:\n${read()}`);
}

test('watch re-checks a saved file, reports type errors, and leaves nothing behind on Ctrl+C', async () => {
  const before = scratchFolders();
  const target = starterCopy('watch-');
  const child = spawn(process.execPath, [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', '01', '--target', target, '--lang', 'en'], {
    cwd: REPO,
    env: { ...process.env, CHECKER_LANG: '' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  try {
    await waitFor(() => output, /Watching/, 60_000);
    expect(output).toContain('✗ 01/1');

    let from = output.length;
    copyFileSync(join(REPO, 'solutions', '01-mini-mcp', 'server.ts'), join(target, '01-mini-mcp', 'server.ts'));
    const solved = await waitFor(() => output.slice(from), /Progress: \d\/4/, 60_000);
    expect(solved).toMatch(/01\/1 .* — pass/);
    expect(solved).toMatch(/01\/4 .* — pass/);
    expect(solved).toMatch(/Re-checked in \d+ ms/);

    from = output.length;
    appendFileSync(join(target, '01-mini-mcp', 'server.ts'), "export const wrong: number = 'text';\n");
    const typed = await waitFor(() => output.slice(from), /Progress: \d\/4/, 60_000);
    expect(typed).toMatch(/01-mini-mcp\/server\.ts:\d+:\d+ TS2322/);
    expect(typed).toMatch(/01\/1 .* — fail/);

    from = output.length;
    copyFileSync(join(committedStarters(), '01-mini-mcp', 'server.ts'), join(target, '01-mini-mcp', 'server.ts'));
    const again = await waitFor(() => output.slice(from), /Progress: \d\/4/, 60_000);
    expect(again).toMatch(/01\/1 .* — fail/);
    expect(again).not.toContain('TS2322');
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  expect(child.exitCode ?? 130).toBeGreaterThan(0);
  expect(scratchFolders().filter((name) => !before.includes(name))).toEqual([]);
});
