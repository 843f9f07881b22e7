/*
 * The host configurations `npm run hosts` registers and prints, and how it reads each host's answer. Pure: strings in,
 * strings out, so the unit tests cover every form the lessons show without starting a host.
 */

/** How a host starts or reaches the learner's server: a stdio command line, or a Streamable HTTP URL with a bearer token. */
export type Launch = { kind: 'stdio'; command: string; args: readonly string[] } | { kind: 'http'; url: string; token: string };

/** The hosts whose CLI the npm registry ships, so the command can run each one's own check. */
export type HostId = 'claude' | 'gemini' | 'codex';

/** The chapters a host can use, with the server's name in the lesson and the tools the lesson's Gemini allowlist opens. */
export const HOST_SERVERS: Readonly<Record<string, { kind: Launch['kind']; name: string; includeTools: readonly string[] }>> = {
  '03': { kind: 'stdio', name: 'course-docs', includeTools: ['count_tasks', 'summarize_document'] },
  '04': { kind: 'http', name: 'course-remote', includeTools: ['count_tasks'] },
};

/** The environment variable Codex reads the bearer token from (`--bearer-token-env-var`); Codex keeps no token in its config. */
export const CODEX_TOKEN_VARIABLE = 'COURSE_MCP_TOKEN';

/** The time Gemini CLI gives the server, in milliseconds, set as `timeout`: its `mcp list` gives 5 s otherwise, and tsx compiles the server on start. */
export const GEMINI_TIMEOUT_MS = 30_000;

/** The Authorization header value for a bearer token. */
function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** JSON as the lessons show it: two-space indent, arrays of strings on one line. */
export function showJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\[\n\s+("(?:[^"\\]|\\.)*"(?:,\n\s+"(?:[^"\\]|\\.)*")*)\n\s+\]/g, (_all, items: string) => `[${items.split(/,\n\s+/).join(', ')}]`);
}

/** `claude mcp add` arguments (after `claude`): `--transport stdio NAME -- COMMAND ARGS…`, or `--transport http NAME URL --header …`. */
export function claudeAddArgs(name: string, launch: Launch): string[] {
  if (launch.kind === 'stdio') return ['mcp', 'add', '--transport', 'stdio', name, '--', launch.command, ...launch.args];
  return ['mcp', 'add', '--transport', 'http', name, launch.url, '--header', `Authorization: ${bearer(launch.token)}`];
}

/** Claude Desktop's claude_desktop_config.json, stdio only: its remote connectors are called from Anthropic's cloud, which cannot reach 127.0.0.1. */
export function claudeDesktopJson(name: string, launch: Launch & { kind: 'stdio' }): string {
  return showJson({ mcpServers: { [name]: { command: launch.command, args: launch.args } } });
}

/** VS Code's .vscode/mcp.json: the key is `servers` and each entry names its `type`. */
export function vscodeJson(name: string, launch: Launch): string {
  const entry = launch.kind === 'stdio' ? { type: 'stdio', command: launch.command, args: launch.args } : { type: 'http', url: launch.url, headers: { Authorization: bearer(launch.token) } };
  return showJson({ servers: { [name]: entry } });
}

/** Cursor's ~/.cursor/mcp.json (or a project's .cursor/mcp.json): `mcpServers`, with `url` and `headers` for a remote server. */
export function cursorJson(name: string, launch: Launch): string {
  const entry = launch.kind === 'stdio' ? { command: launch.command, args: launch.args } : { url: launch.url, headers: { Authorization: bearer(launch.token) } };
  return showJson({ mcpServers: { [name]: entry } });
}

/** Gemini CLI's settings.json entry as an object: `command`/`args` or `httpUrl`/`headers`, a `timeout`, and the host's own allowlist. */
export function geminiEntry(launch: Launch, includeTools: readonly string[]): Record<string, unknown> {
  const where = launch.kind === 'stdio' ? { command: launch.command, args: launch.args } : { httpUrl: launch.url, headers: { Authorization: bearer(launch.token) } };
  return { ...where, timeout: GEMINI_TIMEOUT_MS, includeTools };
}

/** Gemini CLI's ~/.gemini/settings.json as the lesson shows it. */
export function geminiJson(name: string, launch: Launch, includeTools: readonly string[]): string {
  return showJson({ mcpServers: { [name]: geminiEntry(launch, includeTools) } });
}

/** Gemini CLI's ~/.gemini/trustedFolders.json trusting one folder, as its "Trust folder" dialog writes it. */
export function geminiTrustJson(folder: string): string {
  return showJson({ [folder]: 'TRUST_FOLDER' });
}

/** `codex mcp add` arguments (after `codex`): `NAME -- COMMAND ARGS…`, or `NAME --url URL --bearer-token-env-var VARIABLE`. */
export function codexAddArgs(name: string, launch: Launch): string[] {
  if (launch.kind === 'stdio') return ['mcp', 'add', name, '--', launch.command, ...launch.args];
  return ['mcp', 'add', name, '--url', launch.url, '--bearer-token-env-var', CODEX_TOKEN_VARIABLE];
}

/** A TOML basic string. */
function tomlString(value: string): string {
  return JSON.stringify(value);
}

/** Codex CLI's ~/.codex/config.toml table for the server, as `codex mcp add` writes it. */
export function codexToml(name: string, launch: Launch): string {
  const head = `[mcp_servers.${/^[A-Za-z0-9_-]+$/.test(name) ? name : tomlString(name)}]`;
  if (launch.kind === 'stdio') return [head, `command = ${tomlString(launch.command)}`, `args = [${launch.args.map(tomlString).join(', ')}]`].join('\n');
  return [head, `url = ${tomlString(launch.url)}`, `bearer_token_env_var = ${tomlString(CODEX_TOKEN_VARIABLE)}`].join('\n');
}

/** One word of a command line as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line to paste into a POSIX shell. */
export function shellLine(program: string, args: readonly string[]): string {
  return [program, ...args].map(shellWord).join(' ');
}

/** What a host said about the server: connected, failed, or (Codex, whose `mcp list` starts nothing) only listed, in the host's own words. */
export type HostVerdict = { verdict: 'connected' | 'failed' | 'listed'; words: string } | { verdict: 'absent'; words: string };

/** Terminal colour codes, which hosts print even into a pipe. */
function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
}

/** The line of a listing that names the server (`NAME: …` or a table row starting with NAME), trimmed. */
function serverLine(output: string, name: string, table: boolean): string | undefined {
  const lines = plain(output).split(/\r?\n/).map((line) => line.trim());
  if (table) return lines.find((line) => line.split(/\s+/)[0] === name);
  return lines.find((line) => line.replace(/^[^\p{L}\p{N}]+\s*/u, '').startsWith(`${name}: `) || line.replace(/^[^\p{L}\p{N}]+\s*/u, '').startsWith(`${name} (`));
}

/** Reads `claude mcp list`: the server's line ends in ` - ✔ Connected`, or ` - ✘ Failed to connect…` and the like. */
export function readClaudeList(output: string, name: string): HostVerdict {
  const line = serverLine(output, name, false);
  if (line === undefined) return { verdict: 'absent', words: lastLines(output) };
  const status = line.slice(line.lastIndexOf(' - ') + 3);
  return { verdict: /^\W*Connected\b/u.test(status) ? 'connected' : 'failed', words: line };
}

/** Reads `gemini mcp list`: the server's line ends in ` - Connected`, ` - Disconnected`, ` - Disabled` (folder not trusted) or ` - Blocked`. */
export function readGeminiList(output: string, name: string): HostVerdict {
  const line = serverLine(output, name, false);
  if (line === undefined) return { verdict: 'absent', words: lastLines(output) };
  const untrusted = plain(output).split(/\r?\n/).find((text) => /untrusted/i.test(text));
  const words = /- Connected$/.test(line) || untrusted === undefined ? line : `${untrusted.trim()} ${line}`;
  return { verdict: /- Connected$/.test(line) ? 'connected' : 'failed', words };
}

/** Reads `codex mcp list`: a table row per configured server, with a Status column (`enabled`); Codex does not connect here. */
export function readCodexList(output: string, name: string): HostVerdict {
  const line = serverLine(output, name, true);
  if (line === undefined) return { verdict: 'absent', words: lastLines(output) };
  return { verdict: /\benabled\b/.test(line) ? 'listed' : 'failed', words: line };
}

/** The last few non-empty lines of an output, for a report when the server's line is missing. */
function lastLines(output: string, count = 3): string {
  const lines = plain(output).split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  return lines.slice(-count).join(' | ');
}
