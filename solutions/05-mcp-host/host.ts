import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** Where a server lives: a command the host starts (stdio), a Streamable HTTP address, or a transport already made (tests, in memory). */
export type ServerTarget =
  | { stdio: { command: string; args?: string[]; cwd?: string } }
  | { http: string | URL; fetch?: typeof fetch }
  | { transport: Transport };

/** How the host connects: an OAuth client for servers that ask for a token, and a hook that runs on the client before it connects. */
export interface ConnectOptions {
  authProvider?: OAuthClientProvider;
  prepare?(client: Client): void | Promise<void>;
}

/** One connected server, under the name the host (never the server) gave it. */
export interface ConnectedServer {
  name: string;
  client: Client;
  close(): Promise<void>;
}

/** The transport for a target; the auth provider goes only to HTTP, the one transport that carries tokens. */
function transportFor(target: ServerTarget, options: ConnectOptions): Transport {
  if ('transport' in target) return target.transport;
  if ('stdio' in target) return new StdioClientTransport({ command: target.stdio.command, args: target.stdio.args ?? [], ...(target.stdio.cwd === undefined ? {} : { cwd: target.stdio.cwd }) });
  const url = typeof target.http === 'string' ? new URL(target.http) : target.http;
  return new StreamableHTTPClientTransport(url, {
    ...(target.fetch === undefined ? {} : { fetch: target.fetch }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  });
}

/** Connects an SDK client to the server at target and names the connection `name`, the host's own name for that server. */
export async function connectServer(name: string, target: ServerTarget, options: ConnectOptions = {}): Promise<ConnectedServer> {
  const client = new Client({ name: 'course-host', version: '1.0.0' });
  await options.prepare?.(client);
  await client.connect(transportFor(target, options));
  return { name, client, close: () => client.close() };
}
