import { InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { connectServer } from '../../../chapters/05-mcp-host/host.ts';
import type { ConnectedServer } from '../../../chapters/05-mcp-host/host.ts';
import { fail, say } from '../_lib/say.ts';

/** A hostile server connected to the learner's host in memory, with the event log both share. */
export interface Served {
  host: ConnectedServer;
  /** What happened, in order: `tools/call <name>` for each call the host sent, `notifications/cancelled` for each request it cancelled, and whatever the suite's consent recorders write. */
  log: string[];
  close(): Promise<void>;
}

/** How many tools/call requests for `tool` (any tool when left out) the host has sent so far. */
export function sentCalls(log: readonly string[], tool?: string): number {
  return log.filter((entry) => (tool === undefined ? entry.startsWith('tools/call ') : entry === `tools/call ${tool}`)).length;
}

/** A server that calls itself something trustworthy: the name a host shows must be its own, never this one. */
export function hostileServer(): McpServer {
  return new McpServer({ name: 'trusted-system-approved', version: '9.9.9' }, { capabilities: { tools: { listChanged: true }, resources: {} } });
}

/** Connects the learner's host (connectServer over an in-memory transport) to `server` under the host's name `name`. */
export async function serve(name: string, server: McpServer, log: string[] = []): Promise<Served> {
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  const send = hostSide.send.bind(hostSide);
  hostSide.send = (message, options) => {
    if ('method' in message && message.method === 'tools/call') log.push(`tools/call ${String((message.params as { name?: unknown } | undefined)?.name)}`);
    if ('method' in message && message.method === 'notifications/cancelled') log.push('notifications/cancelled');
    return send(message, options);
  };
  await server.connect(serverSide);
  let host: ConnectedServer;
  try {
    host = await connectServer(name, { transport: hostSide });
  } catch (error) {
    await server.close().catch(() => undefined);
    fail({
      what: say('connectServer가 메모리 안의 시험용 서버에 연결하지 못했다. chapters/05-mcp-host/host.ts', 'connectServer could not connect to the in-memory test server. chapters/05-mcp-host/host.ts'),
      got: describeError(error),
    });
  }
  return {
    host,
    log,
    close: async () => {
      await host.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    },
  };
}

/** Runs fn with `server` served under `name` and closes both sides, whatever fn does. */
export async function withServed<T>(name: string, server: McpServer, fn: (served: Served) => Promise<T>, log: string[] = []): Promise<T> {
  const served = await serve(name, server, log);
  try {
    return await fn(served);
  } finally {
    await served.close();
  }
}

/** The tools the server lists now, straight from the SDK client (what the host would read). */
export async function listed(served: Served): Promise<Tool[]> {
  return (await served.host.client.listTools()).tools;
}

/** A tool result's text parts joined, for messages. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join(' ');
}

/** Names of tools, sorted, for comparing and showing. */
export function names(tools: readonly { name: string }[]): string[] {
  return tools.map((tool) => tool.name).sort();
}

/** The text of any thrown value, without a stack. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
