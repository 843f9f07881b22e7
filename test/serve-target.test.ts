/**
 * serve and hosts on a chapter folder outside the repository (`--target DIR`, anywhere on the command line, as check
 * takes it): the learner's code runs from a copy beside the repository's node_modules, so its SDK imports resolve and
 * its files load as ESM on Node 20 and 24 alike.
 */
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { expect, test } from 'vitest';
import { stdioLaunch } from '../checker/commands/mcp-tools/hosts.ts';
import { runnableChapter } from '../checker/commands/mcp-tools/http-chapter.ts';
import { REVISION, requestMeta } from '../checker/suites/_lib/request-meta.ts';
import { startUntilReady } from './support/ready.ts';
import { REPO } from './support/run.ts';

/** A folder outside the repository holding a copy of the solutions of these chapters. */
function outside(...dirs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'outside-'));
  for (const chapter of dirs) cpSync(join(REPO, 'solutions', chapter), join(dir, chapter), { recursive: true });
  return dir;
}

test('npm run serve -- --target DIR 04, run from outside the repository, serves DIR\'s chapter and answers a call', async () => {
  const target = outside('04-remote-mcp-http');
  const served = await startUntilReady([join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'commands', 'mcp-tools', 'serve.ts'), '--target', target, '04', '--port', '0', '--lang', 'en'], tmpdir());
  const { child, lines, url, exited } = served;
  try {
    const token = /Token: (\S+)/.exec(lines.join('\n'))?.[1];
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'count_tasks', arguments: { status: 'open' }, _meta: requestMeta() } });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-method': 'tools/call', 'mcp-name': 'count_tasks', 'mcp-protocol-version': REVISION, authorization: `Bearer ${token}` };
    const answered = await fetch(url, { method: 'POST', headers, body });
    expect(answered.status, lines.join('\n')).toBe(200);
    expect(await answered.text()).toContain('open: 2');
    expect(lines.join('\n')).toContain(join(basename(target), '04-remote-mcp-http'));
    child.kill('SIGINT');
    const [code] = await exited;
    expect(code, lines.join('\n')).toBe(0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 300_000);

test('hosts -- 03 --target DIR: the launch it gives the hosts starts DIR\'s stdio server from a copy that lists its tools, removed after the run', async () => {
  const runnable = runnableChapter(join(outside('03-real-mcp-sdk'), '03-real-mcp-sdk'));
  expect(runnable.copied).toBe(true);
  const launch = stdioLaunch(runnable.dir);
  const client = new Client({ name: 'course-test', version: '1.0.0' });
  try {
    await client.connect(new StdioClientTransport({ command: launch.command, args: [...launch.args], cwd: '/', stderr: 'ignore' }), { timeout: 120_000 });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['count_tasks', 'summarize_document']);
  } finally {
    await client.close();
    runnable.dispose();
  }
  expect(existsSync(runnable.dir)).toBe(false);
  expect(runnableChapter(join(REPO, 'solutions', '03-real-mcp-sdk'))).toMatchObject({ dir: join(REPO, 'solutions', '03-real-mcp-sdk'), copied: false });
}, 300_000);
