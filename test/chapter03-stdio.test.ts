import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, test } from 'vitest';
import { processTable, withDescendants } from '../checker/runner/forks.ts';
import { requestMeta } from '../checker/suites/_lib/request-meta.ts';
import { REPO } from './support/run.ts';

const SOLUTION_STDIO = join(REPO, 'solutions', '03-real-mcp-sdk', 'stdio.ts');

/**
 * How long a client waits for the server it started to answer the opening request: a safety net around that answer,
 * which includes starting Node and tsx, seconds on a loaded machine (the SDK's own default is 60 s).
 */
const CONNECT_LIMIT_MS = 240_000;

/** Every process below `root`, read from /proc. */
function descendants(root: number): number[] {
  return withDescendants(root, processTable()).filter((pid) => pid !== root);
}

/** True while the process exists and is not a zombie. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * Waits until none of the processes runs (they are not our children, so /proc is the only way to see them go: it is
 * read every 50 ms); returns those still running after the deadline, a safety net far beyond the guard's one second.
 */
async function waitUntilGone(pids: readonly number[], deadlineMs: number): Promise<number[]> {
  const until = Date.now() + deadlineMs;
  while (pids.some(running) && Date.now() < until) await new Promise((done) => setTimeout(done, 50));
  return pids.filter(running);
}

/** Starts the stand-in grading process on a server file and resolves with its pid once the server has answered. */
function startParent(serverFile: string): Promise<number> {
  const parent = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'test', 'support', 'stdio-parent.ts'), serverFile], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('READY')) resolve(parent.pid!);
    });
    parent.on('exit', (code) => reject(new Error(`the stand-in grading process exited (${code}) before its server answered: ${output}`)));
  });
}

describe('the stdio server a chapter 3 suite starts never outlives the grading', () => {
  test.each([
    ['the solution server, which exits when stdin closes', () => SOLUTION_STDIO],
    [
      'a server stuck in a synchronous loop that ignores stdin and SIGTERM',
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'stuck-server-'));
        symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
        const file = join(dir, 'stdio.ts');
        writeFileSync(file, "process.on('SIGTERM', () => undefined);\nprocess.stdout.write('{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\\n');\nfor (;;) {}\n");
        return file;
      },
    ],
  ])('%s dies when the grading process is SIGKILLed', async (_name, makeFile) => {
    const parent = await startParent(makeFile());
    const below = descendants(parent);
    expect(below.length, 'the guard and the server should both be running').toBeGreaterThanOrEqual(2);
    process.kill(parent, 'SIGKILL');
    expect(await waitUntilGone(below, 120_000)).toEqual([]);
  }, 300_000);
});

/** The command every host configuration in the lesson uses: node, tsx's CLI file and the server file, all absolute, so no PATH is needed. */
const HOST_COMMAND = { command: process.execPath, args: [join(REPO, 'node_modules', 'tsx', 'dist', 'cli.mjs'), SOLUTION_STDIO] };

/** A PATH with no node on it, as a GUI app started from the Dock may have when node comes from nvm, Homebrew or Volta. */
const NO_NODE_PATH = { PATH: join(REPO, 'no-such-folder') };

describe('the documented host command starts solutions/03-real-mcp-sdk/stdio.ts from any folder, with no node on PATH', () => {
  test.each([
    ['the SDK client default opening (initialize)', {}, '2025-11-25'],
    ['a client pinned to 2026-07-28 (server/discover)', { versionNegotiation: { mode: { pin: '2026-07-28' } } }, '2026-07-28'],
  ] as const)('%s, started from /, lists tools, resource and prompt and calls summarize_document', async (_name, clientOptions, revision) => {
    // A host such as Claude Desktop gives no working directory: the command must work from the filesystem root.
    const transport = new StdioClientTransport({ ...HOST_COMMAND, cwd: '/', env: NO_NODE_PATH, stderr: 'ignore' });
    const client = new Client({ name: 'course-test', version: '1.0.0' }, clientOptions);
    const errors: string[] = [];
    client.onerror = (error) => errors.push(error.message);
    await client.connect(transport, { timeout: CONNECT_LIMIT_MS });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['count_tasks', 'summarize_document']);
      expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(['docs://report.txt']);
      expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['review_document']);
      const summary = await client.callTool({ name: 'summarize_document', arguments: { name: 'report.txt' } });
      expect(summary.structuredContent).toEqual({ title: '작업 보고서', body_lines: 2 });
      expect(summary.content).toEqual([{ type: 'text', text: '{"title":"작업 보고서","body_lines":2}' }]);
      expect(errors).toEqual([]);
    } finally {
      await client.close();
    }
  }, 300_000);

  // Each edition of the lesson writes the absolute paths in its own words: the placeholder is the lesson's text, the form is not.
  test.each([
    ['README.md', '/절대/경로/'],
    ['README.en.md', '/absolute/path/'],
  ] as const)('every host configuration in the lesson (%s) uses that command form, with absolute paths', (file, placeholder) => {
    // The lesson as solutions/ holds it: chapters/ is the learner's.
    const lesson = readFileSync(join(REPO, 'solutions', '03-real-mcp-sdk', file), 'utf8');
    const blocks = [...lesson.matchAll(/```(?:json|jsonc|bash|toml)\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((block) => block.includes('stdio.ts') && block.includes(placeholder));
    expect(blocks.length, 'the lesson shows a configuration for each host').toBeGreaterThanOrEqual(6);
    for (const block of blocks.filter((text) => !text.includes('inspector@'))) {
      expect(block, block).toContain(`${placeholder}node`);
      expect(block, block).toContain(`${placeholder}mcp-ts-workshop/node_modules/tsx/dist/cli.mjs`);
      expect(block, block).not.toMatch(/\.bin\/tsx|--import/);
    }
  });
});

/** The 2026-07-28 _meta the trace's client sends on each request: the revision, its capabilities, who it is. */
const TRACE_META = requestMeta({ name: 'trace', version: '1.0.0' });

/** The requests of the lesson's wire trace: a discovery, then one tool call, each on its own line. */
const TRACE_REQUESTS = [
  { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: TRACE_META } },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'count_tasks', arguments: { status: 'open' }, _meta: TRACE_META } },
];

/** Runs the solution server with the host command from /, writes the trace's requests, and resolves with every line it answered. */
function captureTrace(): Promise<string[]> {
  const child = spawn(HOST_COMMAND.command, HOST_COMMAND.args, { cwd: '/', stdio: ['pipe', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const lines: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts);
      if (lines.length >= TRACE_REQUESTS.length) child.stdin.end();
    });
    child.on('exit', () => (lines.length >= TRACE_REQUESTS.length ? resolve(lines) : reject(new Error(`the server answered ${lines.length} of ${TRACE_REQUESTS.length} requests`))));
    // One request at a time, in order: the second is written after the first is answered, as a client awaiting discovery would.
    child.stdin.write(`${JSON.stringify(TRACE_REQUESTS[0])}\n`);
    child.stdout.once('data', () => child.stdin.write(`${JSON.stringify(TRACE_REQUESTS[1])}\n`));
  });
}

/** The trace as the lesson shows it: each message on one line, as it crosses the pipe, under a line saying which way it went. */
function renderTrace(replies: string[]): string {
  const parts: string[] = [];
  TRACE_REQUESTS.forEach((sent, index) => {
    parts.push('// → 클라이언트가 stdin에 쓴 줄', JSON.stringify(sent), '// ← 서버가 stdout에 쓴 줄', replies[index]!);
  });
  return parts.join('\n');
}

test('the 2026-07-28 wire trace in the lesson, in both editions, is what the solution server sends', async () => {
  const rendered = renderTrace(await captureTrace());
  // The lessons as solutions/ holds them; chapters/ is the learner's to edit. The English edition shows the same
  // block byte for byte (its prose says what the Korean comments mean), so one capture checks both.
  for (const file of ['README.md', 'README.en.md']) {
    const lesson = readFileSync(join(REPO, 'solutions', '03-real-mcp-sdk', file), 'utf8');
    const block = /<!-- trace:begin -->\n```jsonc\n([\s\S]*?)\n```\n<!-- trace:end -->/.exec(lesson)?.[1];
    expect(block, `the block between the trace markers in the chapter 3 lesson ${file}, to be replaced by:\n${rendered}`).toBe(rendered);
  }
}, 300_000);

describe('npm run inspect -- 03', () => {
  test('prints the pinned Inspector command on the learner\'s own server, with absolute paths, for either era', () => {
    for (const [extra, era] of [[[], ''], [['--modern'], '--protocol-era modern ']] as const) {
      const ran = spawnSync(process.execPath, ['checker/run.mjs', 'checker/commands/mcp-tools/inspect.ts', '03', '--print', '--lang', 'en', ...extra], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
      expect(ran.status, ran.stderr).toBe(0);
      // The learner's file is only named in the expected command, never read: the command starts the learner's own server.
      expect(ran.stdout).toContain(`npx -y @modelcontextprotocol/inspector@2.12.0 ${era}${join(REPO, 'node_modules', '.bin', 'tsx')} ${resolve(REPO, 'chapters/03-real-mcp-sdk/stdio.ts')}`);
    }
  }, 300_000);

  test('names the chapters it serves when asked for one without a stdio server', () => {
    const ran = spawnSync(process.execPath, ['checker/run.mjs', 'checker/commands/mcp-tools/inspect.ts', '01', '--lang', 'en'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('Chapters that have one: 03');
  }, 300_000);
});
