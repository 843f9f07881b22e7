import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { AllowlistedClient, ClientPolicyError } from './client.ts';
import { buildServer, defaultOptions } from './server.ts';
import type { ServerOptions } from './server.ts';

/** The MCP revision this chapter teaches; the client insists on it instead of falling back to the older handshake. */
export const REVISION = '2026-07-28';

/** An SDK client connected in memory to a fresh server, with the methods it has sent so far. */
export interface Connection {
  client: Client;
  sentMethods: string[];
  close(): Promise<void>;
}

/** Connects a client to buildServer(options) in memory, on the 2026-07-28 revision. */
export async function connectInMemory(options: ServerOptions): Promise<Connection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sentMethods: string[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, sendOptions) => {
    if ('method' in message) sentMethods.push(message.method);
    return send(message, sendOptions);
  };
  // serveStdio speaks the stdio framing over any transport and answers both server/discover and initialize.
  const served = serveStdio(() => buildServer(options), { transport: serverSide });
  const client = new Client({ name: 'course-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: REVISION } } });
  await client.connect(clientSide);
  return { client, sentMethods, close: async () => { await client.close(); await served.close(); } };
}

/** Prints a short transcript: the tools listed, normal calls, a bad argument, a refused call and a bypass. */
export async function main(): Promise<void> {
  const connection = await connectInMemory(defaultOptions());
  try {
    const client = new AllowlistedClient(connection.client);
    console.log(`연결: MCP ${connection.client.getNegotiatedProtocolVersion() ?? '?'}`);
    console.log(`발견한 도구: ${(await client.listTools()).map((tool) => tool.name).join(', ')}`);
    await show('정상 호출', 'count_tasks', { status: 'open' }, client.callTool('count_tasks', { status: 'open' }));
    await show('정상 호출', 'summarize_document', { name: 'report.txt' }, client.callTool('summarize_document', { name: 'report.txt' }));
    await show('잘못된 인자', 'count_tasks', { status: 'closed' }, client.callTool('count_tasks', { status: 'closed' }));
    await show('잘못된 인자', 'summarize_document', { name: ['report.txt'] }, client.callTool('summarize_document', { name: ['report.txt'] }));
    const before = connection.sentMethods.length;
    await show('클라이언트 거부', 'read_note', {}, client.callTool('read_note', {}));
    console.log(`  보낸 요청: ${connection.sentMethods.length - before}건`);
    await show('클라이언트 검사 우회', 'read_note', {}, connection.client.callTool({ name: 'read_note', arguments: {} }));
  } finally {
    await connection.close();
  }
}

/** Prints one call and how it ended: a result, a result flagged isError, a protocol error, or a refusal before sending. */
async function show(label: string, tool: string, args: unknown, call: Promise<CallToolResult>): Promise<void> {
  console.log(`${label}: ${tool} ${JSON.stringify(args)}`);
  try {
    const result = await call;
    const text = result.content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join(' ');
    console.log(`  ${result.isError === true ? '결과(isError)' : '결과'}: ${text}`);
  } catch (error) {
    if (error instanceof ClientPolicyError) console.log(`  전송 전 거부: ${error.message}`);
    else if (error instanceof ProtocolError) console.log(`  프로토콜 오류 ${error.code}: ${error.message}`);
    else throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
