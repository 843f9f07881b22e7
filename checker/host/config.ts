/*
 * The servers a host starts or reaches, read from the config format hosts already share: Claude Code's `.mcp.json`
 * and Claude Desktop's config both hold `{"mcpServers": {"NAME": {...}}}`, with `command`, `args`, `env` and `cwd` for
 * a stdio server and `{"type": "http", "url", "headers"}` for Streamable HTTP. `${VAR}` and `${VAR:-default}` in
 * strings are expanded from the environment, as Claude Code does, so a file a learner already has works unchanged.
 */

/** One server as the config names it: a command to start (stdio) or an address to reach (Streamable HTTP). */
export type ServerConfig =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: URL; headers: Record<string, string> };

/** Why a config file cannot be used: the key at fault (such as `mcpServers.notes.url`) and what is wrong with it. */
export class ConfigError extends Error {
  /** `key` is the JSON path of the value at fault; `problem` is a code the command words in the learner's language. */
  constructor(
    readonly key: string,
    readonly problem: 'not-json' | 'no-servers' | 'not-object' | 'not-string' | 'not-strings' | 'no-command' | 'bad-url' | 'unknown-type' | 'unset-variable',
    readonly detail = '',
  ) {
    super(`${key}: ${problem}${detail === '' ? '' : ` (${detail})`}`);
  }
}

/** True for a plain JSON object. */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Expands `${VAR}` and `${VAR:-default}` in TEXT from ENV; an unset variable without a default is an error at KEY. */
function expand(text: string, key: string, env: NodeJS.ProcessEnv): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_whole, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    throw new ConfigError(key, 'unset-variable', name);
  });
}

/** A string at KEY, expanded. */
function stringAt(value: unknown, key: string, env: NodeJS.ProcessEnv): string {
  if (typeof value !== 'string') throw new ConfigError(key, 'not-string');
  return expand(value, key, env);
}

/** A list of strings at KEY (absent: empty), each expanded. */
function stringsAt(value: unknown, key: string, env: NodeJS.ProcessEnv): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw new ConfigError(key, 'not-strings');
  return value.map((item, index) => expand(item, `${key}[${index}]`, env));
}

/** A map of strings at KEY (absent: empty), each value expanded. */
function recordAt(value: unknown, key: string, env: NodeJS.ProcessEnv): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new ConfigError(key, 'not-object');
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, stringAt(item, `${key}.${name}`, env)]));
}

/** One server entry at KEY. */
function serverAt(entry: unknown, key: string, env: NodeJS.ProcessEnv): ServerConfig {
  if (!isObject(entry)) throw new ConfigError(key, 'not-object');
  const type = entry['type'] ?? (entry['url'] !== undefined ? 'http' : 'stdio');
  if (type === 'http' || type === 'streamable-http') {
    const url = stringAt(entry['url'], `${key}.url`, env);
    if (!URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) throw new ConfigError(`${key}.url`, 'bad-url', url);
    return { kind: 'http', url: new URL(url), headers: recordAt(entry['headers'], `${key}.headers`, env) };
  }
  if (type !== 'stdio') throw new ConfigError(`${key}.type`, 'unknown-type', String(type));
  if (entry['command'] === undefined) throw new ConfigError(`${key}.command`, 'no-command');
  const cwd = entry['cwd'] === undefined ? undefined : stringAt(entry['cwd'], `${key}.cwd`, env);
  return {
    kind: 'stdio',
    command: stringAt(entry['command'], `${key}.command`, env),
    args: stringsAt(entry['args'], `${key}.args`, env),
    env: recordAt(entry['env'], `${key}.env`, env),
    ...(cwd === undefined ? {} : { cwd }),
  };
}

/** Reads a host config's text: every server under `mcpServers`, by the name the config gives it. */
export function readHostConfig(text: string, env: NodeJS.ProcessEnv = process.env): Map<string, ServerConfig> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ConfigError('(file)', 'not-json', error instanceof Error ? error.message : '');
  }
  if (!isObject(parsed) || !isObject(parsed['mcpServers']) || Object.keys(parsed['mcpServers']).length === 0) throw new ConfigError('mcpServers', 'no-servers');
  return new Map(Object.entries(parsed['mcpServers']).map(([name, entry]) => [name, serverAt(entry, `mcpServers.${name}`, env)]));
}

/** The server as the person is shown it before anything starts: the exact command with its arguments and the names of the variables it is given, or the address and the names of the headers sent. */
export function describeServer(server: ServerConfig): string {
  if (server.kind === 'http') {
    const headers = Object.keys(server.headers);
    return `${server.url.href}${headers.length === 0 ? '' : ` (headers: ${headers.join(', ')})`}`;
  }
  const quoted = [server.command, ...server.args].map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`)).join(' ');
  const names = Object.keys(server.env);
  return `${quoted}${server.cwd === undefined ? '' : ` (cwd: ${server.cwd})`}${names.length === 0 ? '' : ` (env: ${names.join(', ')})`}`;
}

/** What identifies a server across runs for its saved approvals: its command, arguments and folder, or its address; never a secret. */
export function serverIdentity(name: string, server: ServerConfig): string {
  return server.kind === 'http' ? `${name} ${server.url.href}` : `${name} ${JSON.stringify([server.command, ...server.args, server.cwd ?? ''])}`;
}
