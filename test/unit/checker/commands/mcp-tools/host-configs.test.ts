import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  CODEX_TOKEN_VARIABLE,
  GEMINI_TIMEOUT_MS,
  HOST_SERVERS,
  claudeAddArgs,
  claudeDesktopJson,
  codexAddArgs,
  codexToml,
  cursorJson,
  geminiJson,
  geminiTrustJson,
  readClaudeList,
  readCodexList,
  readGeminiList,
  shellLine,
  vscodeJson,
} from '../../../../../checker/commands/mcp-tools/host-configs.ts';
import type { Launch } from '../../../../../checker/commands/mcp-tools/host-configs.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..', '..');

/** The stdio launch as the lesson writes it, with its placeholders for node and the repository. */
const LESSON_STDIO: Launch & { kind: 'stdio' } = {
  kind: 'stdio',
  command: '/절대/경로/node',
  args: ['/절대/경로/mcp-ts-workshop/node_modules/tsx/dist/cli.mjs', '/절대/경로/mcp-ts-workshop/chapters/03-real-mcp-sdk/stdio.ts'],
};

/** The HTTP launch as chapter 4's lesson writes it: serve's default port and a placeholder token. */
const LESSON_HTTP: Launch = { kind: 'http', url: 'http://127.0.0.1:3000/mcp', token: '<토큰>' };

/** A lesson as solutions/ holds it (a test keeps it byte-identical to the chapter's). */
function lesson(dir: string): string {
  return readFileSync(join(REPO, 'solutions', dir, 'README.md'), 'utf8');
}

/** A command line as the lessons write it: words with spaces in double quotes. */
function lessonLine(program: string, args: readonly string[]): string {
  return [program, ...args].map((word) => (/\s/.test(word) ? `"${word}"` : word)).join(' ');
}

describe('the configs npm run hosts registers and prints are the ones the lessons show', () => {
  const docs = HOST_SERVERS['03']!;
  const remote = HOST_SERVERS['04']!;

  test.each([
    ['Claude Desktop', claudeDesktopJson(docs.name, LESSON_STDIO)],
    ['VS Code', vscodeJson(docs.name, LESSON_STDIO)],
    ['Cursor', cursorJson(docs.name, LESSON_STDIO)],
    ['Gemini CLI', geminiJson(docs.name, LESSON_STDIO, docs.includeTools)],
    ['Codex CLI', codexToml(docs.name, LESSON_STDIO)],
    ['claude mcp add', lessonLine('claude', claudeAddArgs(docs.name, LESSON_STDIO))],
    ['codex mcp add', lessonLine('codex', codexAddArgs(docs.name, LESSON_STDIO))],
  ])('chapter 3, %s', (_host, rendered) => {
    expect(lesson('03-real-mcp-sdk')).toContain(rendered);
  });

  test.each([
    ['VS Code', vscodeJson(remote.name, LESSON_HTTP)],
    ['Cursor', cursorJson(remote.name, LESSON_HTTP)],
    ['Gemini CLI', geminiJson(remote.name, LESSON_HTTP, remote.includeTools)],
    ['Codex CLI', codexToml(remote.name, LESSON_HTTP)],
    ['claude mcp add', lessonLine('claude', claudeAddArgs(remote.name, LESSON_HTTP))],
    ['codex mcp add', lessonLine('codex', codexAddArgs(remote.name, LESSON_HTTP))],
  ])('chapter 4, %s', (_host, rendered) => {
    expect(lesson('04-remote-mcp-http')).toContain(rendered);
  });
});

describe('rendering', () => {
  test('stdio: every host gets node, the tsx CLI file and the server as given, nothing looked up on PATH', () => {
    const launch: Launch = { kind: 'stdio', command: '/opt/node/bin/node', args: ['/r/node_modules/tsx/dist/cli.mjs', '/r/chapters/03-real-mcp-sdk/stdio.ts'] };
    expect(claudeAddArgs('s', launch)).toEqual(['mcp', 'add', '--transport', 'stdio', 's', '--', '/opt/node/bin/node', '/r/node_modules/tsx/dist/cli.mjs', '/r/chapters/03-real-mcp-sdk/stdio.ts']);
    expect(codexAddArgs('s', launch)).toEqual(['mcp', 'add', 's', '--', '/opt/node/bin/node', '/r/node_modules/tsx/dist/cli.mjs', '/r/chapters/03-real-mcp-sdk/stdio.ts']);
    expect(JSON.parse(vscodeJson('s', launch))).toEqual({ servers: { s: { type: 'stdio', command: '/opt/node/bin/node', args: launch.args } } });
    expect(JSON.parse(geminiJson('s', launch, ['count_tasks']))).toEqual({ mcpServers: { s: { command: '/opt/node/bin/node', args: launch.args, timeout: GEMINI_TIMEOUT_MS, includeTools: ['count_tasks'] } } });
  });

  test('HTTP: the bearer token goes in an Authorization header, except for Codex, which reads it from a variable', () => {
    const launch: Launch = { kind: 'http', url: 'http://127.0.0.1:4100/mcp', token: 'abc' };
    expect(claudeAddArgs('r', launch)).toEqual(['mcp', 'add', '--transport', 'http', 'r', 'http://127.0.0.1:4100/mcp', '--header', 'Authorization: Bearer abc']);
    expect(JSON.parse(cursorJson('r', launch))).toEqual({ mcpServers: { r: { url: 'http://127.0.0.1:4100/mcp', headers: { Authorization: 'Bearer abc' } } } });
    expect(JSON.parse(geminiJson('r', launch, []))).toMatchObject({ mcpServers: { r: { httpUrl: 'http://127.0.0.1:4100/mcp', headers: { Authorization: 'Bearer abc' } } } });
    expect(codexAddArgs('r', launch)).toEqual(['mcp', 'add', 'r', '--url', 'http://127.0.0.1:4100/mcp', '--bearer-token-env-var', CODEX_TOKEN_VARIABLE]);
    expect(codexToml('r', launch)).not.toContain('abc');
  });

  test('Windows paths survive JSON and TOML: a backslash is written doubled and reads back as one', () => {
    const launch: Launch = { kind: 'stdio', command: 'C:\\Program Files\\nodejs\\node.exe', args: ['C:\\w\\node_modules\\tsx\\dist\\cli.mjs', 'C:\\w\\stdio.ts'] };
    const json = claudeDesktopJson('s', launch);
    expect(json).toContain('"C:\\\\Program Files\\\\nodejs\\\\node.exe"');
    expect(JSON.parse(json).mcpServers.s.command).toBe('C:\\Program Files\\nodejs\\node.exe');
    expect(codexToml('s', launch)).toContain('command = "C:\\\\Program Files\\\\nodejs\\\\node.exe"');
  });

  test('a shell line quotes only what a shell would split or expand', () => {
    expect(shellLine('claude', ['mcp', 'add', '/a b/node', '--header', 'Authorization: Bearer x', "it's"])).toBe(`claude mcp add '/a b/node' --header 'Authorization: Bearer x' 'it'\\''s'`);
  });

  test("Gemini's trusted folder is written as its dialog writes it", () => {
    expect(JSON.parse(geminiTrustJson('/tmp/x/project'))).toEqual({ '/tmp/x/project': 'TRUST_FOLDER' });
  });
});

describe("reading each host's answer", () => {
  test('claude mcp list: Connected, or the failure in its own words; colour codes do not matter', () => {
    const said = 'Checking MCP server health…\n\ncourse-docs: /usr/bin/node /r/cli.mjs /r/stdio.ts - \x1b[32m✔ Connected\x1b[39m\n';
    expect(readClaudeList(said, 'course-docs')).toEqual({ verdict: 'connected', words: 'course-docs: /usr/bin/node /r/cli.mjs /r/stdio.ts - ✔ Connected' });
    const failed = 'course-docs: /r/node_modules/.bin/tsx /r/stdio.ts - ✘ Failed to connect — CONNECTION_CLOSED: Connection closed\n';
    expect(readClaudeList(failed, 'course-docs')).toEqual({ verdict: 'failed', words: failed.trim() });
    expect(readClaudeList('course-remote: http://127.0.0.1:1/mcp (HTTP) - ! Needs authentication\n', 'course-remote').verdict).toBe('failed');
  });

  test('claude mcp list: another server of a similar name is not taken for ours', () => {
    const said = 'course-docs-old: /x - ✔ Connected\ncourse-docs: /y - ✘ Failed to connect\n';
    expect(readClaudeList(said, 'course-docs')).toMatchObject({ verdict: 'failed', words: 'course-docs: /y - ✘ Failed to connect' });
    expect(readClaudeList('No MCP servers configured.\n', 'course-docs')).toEqual({ verdict: 'absent', words: 'No MCP servers configured.' });
  });

  test('gemini mcp list: Connected; Disconnected; Disabled in an untrusted folder, with the warning it printed', () => {
    expect(readGeminiList('Configured MCP servers:\n\n✓ course-docs: /n /c /s (stdio) - Connected\n', 'course-docs')).toEqual({ verdict: 'connected', words: '✓ course-docs: /n /c /s (stdio) - Connected' });
    expect(readGeminiList('✗ course-remote: http://127.0.0.1:9/mcp (http) - Disconnected\n', 'course-remote').verdict).toBe('failed');
    const untrusted = 'Warning: MCP servers are configured but disabled because this folder is untrusted.\nUser-level servers are also suppressed.\n\nConfigured MCP servers:\n\n○ course-docs: /n /c /s (stdio) - Disabled\n';
    const read = readGeminiList(untrusted, 'course-docs');
    expect(read.verdict).toBe('failed');
    expect(read.words).toContain('disabled because this folder is untrusted');
    expect(read.words).toContain('- Disabled');
  });

  test('codex mcp list: a row with Status enabled is listed, never connected: Codex starts no server there', () => {
    const table = 'Name         Command        Args      Env  Cwd  Status   Auth       \ncourse-docs  /usr/bin/node  /c /s     -    -    enabled  Unsupported\n';
    expect(readCodexList(table, 'course-docs')).toEqual({ verdict: 'listed', words: 'course-docs  /usr/bin/node  /c /s     -    -    enabled  Unsupported' });
    expect(readCodexList(table.replace('enabled', 'disabled'), 'course-docs').verdict).toBe('failed');
    expect(readCodexList('No MCP servers configured yet.\n', 'course-docs').verdict).toBe('absent');
  });
});
