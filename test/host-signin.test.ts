import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loopbackBrowser } from '../checker/host/browser.ts';
import { REDIRECT_URL, TokenStore, callSignedIn, connectSignedIn } from '../solutions/05-mcp-host/oauth.ts';
import type { SignInRequest } from '../solutions/05-mcp-host/oauth.ts';
import { startFakeModelApi } from './support/model-fakes.ts';
import { startUntilReady, stopReady } from './support/ready.ts';
import type { Ready } from './support/ready.ts';
import { REPO } from './support/run.ts';

/*
 * Sign-in end to end, as a learner does it by hand: `npm run auth-server`, chapter 4's solution behind it
 * (`npm run serve -- 04 --issuer`), and chapter 5's solution host (`npm run host`) signing in through it. The login and
 * consent pages are driven over HTTP by a script given as BROWSER, and the model is a local fake of OpenAI's API.
 * The same chapter 4 server with a test token is also reached through a config `headers` entry. The step-up is driven
 * through the solution's OAuth client directly (the pieces `npm run host` wires together: connectSignedIn, callSignedIn
 * and the loopback browser): the host's model only ever sees the tools its token lists, so only a call made by name
 * can reach a tool outside the first sign-in's scope.
 */

let work: string;
// Made before the tests, never while the file loads (listing the tests leaves no folder behind).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'host-signin-'));
});
const started: Ready[] = [];

/** Starts `node checker/run.mjs ENTRY ...ARGS` in English and resolves once it prints READY. */
async function start(entry: string, args: readonly string[]): Promise<Ready> {
  const ready = await startUntilReady(['checker/run.mjs', entry, ...args, '--lang', 'en'], REPO);
  started.push(ready);
  return ready;
}

/** Runs `npm run host` on the solution with CONFIG, answering with ANSWERS through a pipe. */
async function runHost(config: object, env: Record<string, string>, answers: readonly string[]): Promise<{ code: number | null; out: string }> {
  const dir = mkdtempSync(join(work, 'host-'));
  writeFileSync(join(dir, '.mcp.json'), JSON.stringify(config));
  const child = spawn(
    process.execPath,
    ['checker/run.mjs', 'checker/commands/mcp-tools/host.ts', '--target', 'solutions', '--config', join(dir, '.mcp.json'), '--approvals', join(dir, 'approvals.json'), '--model', 'openai', '--model-name', 'test-model', '--prompt', 'How many tasks are open?', '--lang', 'en'],
    { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, CHECKER_LANG: '', ...env } },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(answers.map((line) => `${line}\n`).join(''));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

let issuer = '';

beforeAll(async () => {
  issuer = (await start('checker/commands/mcp-tools/auth-server.ts', ['--port', '0'])).url;
});

afterAll(async () => {
  await Promise.all(started.map(stopReady));
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the host signs in through the authorization server when the server answers 401, then calls a tool with the issued token', async () => {
  // The solution, not chapters/: the learner's edits there must never turn the repository's tests red.
  const server = (await start('checker/commands/mcp-tools/serve.ts', ['04', '--target', 'solutions', '--port', '0', '--issuer', issuer])).url;
  const fake = await startFakeModelApi('openai', { toolSuffix: 'count_tasks', input: { status: 'open' } }, 'Two tasks are open.');
  try {
    const browser = `${process.execPath} ${join(REPO, 'test/support/scripted-browser.mjs')}`;
    const { code, out } = await runHost({ mcpServers: { tasks: { type: 'http', url: server } } }, { BROWSER: browser, OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' }, Array.from({ length: 10 }, () => 'y'));
    expect(code, out).toBe(0);
    // The person is asked first, shown the server, the authorization server and the scopes; only then is the page opened.
    const asked = out.indexOf(`Server tasks asks you to sign in. Sign in at the authorization server ${issuer} for the scopes 'tasks:read'? (y/n) y`);
    expect(asked, out).toBeGreaterThanOrEqual(0);
    expect(out.indexOf(`Opening this address in your browser (open it yourself if nothing opens): ${issuer}/auth?`), out).toBeGreaterThan(asked);
    // The authorization server offers Client ID Metadata Documents, so the host's client_id is its document's https address (no dynamic registration).
    expect(out).toContain(`client_id=${encodeURIComponent('https://course-host.example/oauth/client-metadata.json')}`);
    expect(out).toContain(`tasks: connected (${server})`);
    // The server's first 401 asks for the least it needs (the scope of its first tool), so only that tool is listed.
    expect(out).toContain('[tasks] count_tasks');
    expect(out).not.toContain('summarize_document');
    expect(out).toContain('Answer: Two tasks are open.');
    const toolMessage = (fake.received[1]!['messages'] as Record<string, unknown>[]).at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', content: expect.stringContaining('open') });
  } finally {
    await fake.close();
  }
});

test('a call to a tool outside the first sign-in steps up exactly once, to the scopes granted and the scope the 403 names', async () => {
  const server = new URL((await start('checker/commands/mcp-tools/serve.ts', ['04', '--target', 'solutions', '--port', '0', '--issuer', issuer])).url);
  // Counted as they happen: every authorization page the host opens, every code it redeems, every sign-in the person is asked for.
  const pages: URL[] = [];
  const redeemed: URLSearchParams[] = [];
  const asked: SignInRequest[] = [];
  const counting: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).origin === issuer && new URL(request.url).pathname === '/token') {
      const form = new URLSearchParams(await request.clone().text());
      if (form.get('grant_type') === 'authorization_code') redeemed.push(form);
    }
    return fetch(request);
  };
  const browser = loopbackBrowser(new URL(REDIRECT_URL), (line) => pages.push(new URL(line)), { ...process.env, BROWSER: `${process.execPath} ${join(REPO, 'test/support/scripted-browser.mjs')}` });
  const person = { approveSignIn: async (request: SignInRequest) => (asked.push(request), true) };
  const signedIn = await connectSignedIn('tasks', server, { server: 'tasks', person, browser, store: new TokenStore(), fetch: counting });
  try {
    const scopesOf = (page: URL | undefined) => (page?.searchParams.get('scope') ?? '').split(' ').sort();
    // The first 401 (the connect's server/discover) asks for tasks:read alone: one sign-in, one tool.
    expect(pages.map(scopesOf)).toEqual([['tasks:read']]);
    expect((await signedIn.client.listTools()).tools.map((tool) => tool.name)).toEqual(['count_tasks']);
    expect((await callSignedIn(signedIn, 'count_tasks', { status: 'open' })).isError).not.toBe(true);
    expect(pages).toHaveLength(1);
    // summarize_document needs docs:read: 403 insufficient_scope, then one step-up to both scopes, then the call succeeds.
    const summary = await callSignedIn(signedIn, 'summarize_document', { name: 'report.txt' });
    expect(summary.isError, JSON.stringify(summary)).not.toBe(true);
    expect(summary.structuredContent).toEqual({ title: '작업 보고서', body_lines: 2 });
    expect(pages.map(scopesOf)).toEqual([['tasks:read'], ['docs:read', 'tasks:read']]);
    expect(asked.map((request) => request.scope?.split(' ').sort())).toEqual([['tasks:read'], ['docs:read', 'tasks:read']]);
    expect(redeemed).toHaveLength(2);
    for (const form of redeemed) expect(form.get('resource')).toBe(server.href);
    // The stepped-up token serves both tools; neither call asks the person again.
    expect((await signedIn.client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['count_tasks', 'summarize_document']);
    expect((await callSignedIn(signedIn, 'count_tasks', { status: 'open' })).isError).not.toBe(true);
    expect((await callSignedIn(signedIn, 'summarize_document', { name: 'report.txt' })).isError).not.toBe(true);
    expect(pages).toHaveLength(2);
    expect(redeemed).toHaveLength(2);
  } finally {
    await signedIn.close();
  }
});

test('a person who declines the sign-in gets no connection and no page is opened', async () => {
  const server = (await start('checker/commands/mcp-tools/serve.ts', ['04', '--target', 'solutions', '--port', '0', '--issuer', issuer])).url;
  const marker = join(work, 'opened');
  const browser = `${process.execPath} -e require('node:fs').writeFileSync(${JSON.stringify(marker)},'x')`;
  const { code, out } = await runHost({ mcpServers: { tasks: { type: 'http', url: server } } }, { BROWSER: browser, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_API_KEY: 'test-key' }, ['n']);
  expect(out).toContain('tasks: could not connect: the person declined to sign in to tasks');
  expect(out).not.toContain('Opening this address');
  expect(() => readFileSync(marker)).toThrow();
  // The model's API is unreachable here: the run ends in one line and exit 1, never with a stack trace.
  expect(out).toMatch(/This prompt did not finish: .+/);
  expect(out).not.toMatch(/^\s+at /m);
  expect(code, out).toBe(1);
});

test('a chapter 4 server with a test token is reached through the config headers, with no sign-in', async () => {
  const served = await start('checker/commands/mcp-tools/serve.ts', ['04', '--target', 'solutions', '--port', '0']);
  const token = /Token: (\S+)/.exec(served.lines.join('\n'))?.[1];
  expect(token).toBeDefined();
  const fake = await startFakeModelApi('openai', { toolSuffix: 'count_tasks', input: { status: 'open' } }, 'Two tasks are open.');
  try {
    const { code, out } = await runHost({ mcpServers: { tasks: { type: 'http', url: served.url, headers: { Authorization: `Bearer ${token}` } } } }, { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' }, Array.from({ length: 10 }, () => 'y'));
    expect(code, out).toBe(0);
    expect(out).not.toContain('asks you to sign in');
    expect(out).toContain('Answer: Two tasks are open.');
  } finally {
    await fake.close();
  }
});
