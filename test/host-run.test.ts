import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeModelApi } from './support/model-fakes.ts';
import { REPO } from './support/run.ts';

/*
 * `npm run host` as a learner runs it: the solution's chapter 5 host (never chapters/, whose edits must not turn these
 * tests red), a .mcp.json naming chapter 3's stdio server and @modelcontextprotocol/server-everything, the person's
 * answers through a pipe, and a model behind a local fake of its vendor's API.
 */

let work: string;
// Made before the tests, never while the file loads (listing the tests leaves no folder behind).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'host-run-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The config: chapter 3's solution over stdio (through tsx) and the reference server, as a learner would write them. */
const CONFIG = {
  mcpServers: {
    course: { command: process.execPath, args: [join(REPO, 'node_modules/tsx/dist/cli.mjs'), join(REPO, 'solutions/03-real-mcp-sdk/stdio.ts')] },
    everything: { type: 'stdio', command: process.execPath, args: [join(REPO, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] },
  },
};

/** Runs the host with ARGS and ENV, answering every question with the lines of ANSWERS; resolves with its exit code and output. */
async function runHost(args: readonly string[], env: Record<string, string>, answers: readonly string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['checker/run.mjs', 'checker/commands/mcp-tools/host.ts', '--target', 'solutions', '--lang', 'en', ...args], {
    cwd: REPO,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, CHECKER_LANG: '', ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(answers.map((line) => `${line}\n`).join(''));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

/** The lines to answer with: yes to the two start commands, to every tool definition and to the one call. */
const ALL_YES = Array.from({ length: 60 }, () => 'y');

test.each(['anthropic', 'openai'] as const)('with --model %s, the host runs chapter 3 and the reference server, asks before every start, approval and call, and puts the tool result in the API\'s tool-result place', async (api) => {
  const fake = await startFakeModelApi(api, { toolSuffix: 'count_tasks', input: { status: 'open' } }, 'There are open tasks.');
  try {
    const dir = mkdtempSync(join(work, `${api}-`));
    const config = join(dir, '.mcp.json');
    writeFileSync(config, JSON.stringify(CONFIG));
    const variables: Record<string, string> = api === 'anthropic' ? { ANTHROPIC_BASE_URL: fake.baseUrl, ANTHROPIC_API_KEY: 'test-key' } : { OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test-key' };
    const { code, out } = await runHost(['--config', config, '--approvals', join(dir, 'approvals.json'), '--model', api, '--model-name', 'test-model', '--prompt', 'How many tasks are open?'], variables, ALL_YES);
    expect(code, out).toBe(0);

    // The stdio command is shown exactly, and asked about, before the server starts.
    const shown = out.indexOf(`To start server course, this exact command runs:\n  ${process.execPath} `);
    expect(shown, out).toBeGreaterThanOrEqual(0);
    expect(out.indexOf('course: connected'), out).toBeGreaterThan(shown);
    expect(out).toContain('everything: connected');
    expect(out).toContain('New tool count_tasks on course.');
    expect(out).toContain('[course] count_tasks');
    expect(out).toContain('The model wants to call count_tasks on course, with the arguments {"status":"open"}');
    expect(out).toContain('Answer: There are open tasks.');

    // Two model requests: the schemas went through unchanged, and the tool result came back in the tool-result place.
    expect(fake.received).toHaveLength(2);
    const [first, second] = fake.received as [Record<string, unknown>, Record<string, unknown>];
    const tools = first['tools'] as Record<string, unknown>[];
    const countTasks = tools.find((tool) => String(tool['name'] ?? (tool['function'] as Record<string, unknown>)['name']).endsWith('count_tasks'))!;
    const schema = api === 'anthropic' ? countTasks['input_schema'] : (countTasks['function'] as Record<string, unknown>)['parameters'];
    expect(schema).toMatchObject({ type: 'object', properties: { status: expect.objectContaining({}) } });
    const messages = second['messages'] as Record<string, unknown>[];
    if (api === 'anthropic') {
      const last = messages.at(-1)!;
      expect(last['role']).toBe('user');
      expect(last['content']).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_fake_1', is_error: false, content: expect.stringMatching(/open/) })]);
      expect(messages.filter((message) => message['role'] === 'user' && typeof message['content'] === 'object' && JSON.stringify(message['content']).includes('"type":"text"'))).toHaveLength(1);
    } else {
      const last = messages.at(-1)!;
      expect(last).toMatchObject({ role: 'tool', tool_call_id: 'call_fake_1', content: expect.stringMatching(/open/) });
      expect(messages.filter((message) => message['role'] === 'user')).toEqual([{ role: 'user', content: 'How many tasks are open?' }]);
    }

    // The approvals were kept: a second run asks about no tool it was already shown as it is.
    const saved = JSON.parse(readFileSync(join(dir, 'approvals.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved).some((identity) => identity.startsWith('course '))).toBe(true);
    const again = await runHost(['--config', config, '--approvals', join(dir, 'approvals.json'), '--prompt', 'hello'], {}, ['y', 'y']);
    expect(again.code, again.out).toBe(0);
    expect(again.out).not.toContain('New tool');
    expect(again.out).toContain('course/count_tasks');
  } finally {
    await fake.close();
  }
});

test('a stdio server the person does not allow is never started, and a config with a bad key is refused naming it, with exit 2', async () => {
  const dir = mkdtempSync(join(work, 'refused-'));
  const config = join(dir, '.mcp.json');
  const marker = join(dir, 'started');
  writeFileSync(config, JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } }));
  const { code, out } = await runHost(['--config', config, '--approvals', join(dir, 'approvals.json'), '--prompt', 'hello'], {}, ['n']);
  expect(code, out).toBe(0);
  expect(out).toContain('notes: not started (the person said no).');
  expect(() => readFileSync(marker)).toThrow();

  writeFileSync(config, JSON.stringify({ mcpServers: { notes: { type: 'http', url: 'ftp://example.com' } } }));
  const bad = await runHost(['--config', config], {}, []);
  expect(bad.code).toBe(2);
  expect(bad.out).toContain('mcpServers.notes.url: must be an http or https URL (ftp://example.com)');
});
