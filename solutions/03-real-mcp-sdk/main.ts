import { pathToFileURL } from 'node:url';
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { AllowlistedClient, ClientPolicyError } from './client.ts';
import { buildServer, defaultOptions } from './server.ts';
import type { ServerOptions } from './server.ts';

/** 이 장이 가르치는 MCP 개정판. 클라이언트는 옛 핸드셰이크로 물러서지 않고 이 판으로만 연다. */
export const REVISION = '2026-07-28';

/** 새 서버에 메모리 안에서 연결한 SDK 클라이언트와, 지금까지 보낸 메서드. */
export interface Connection {
  client: Client;
  sentMethods: string[];
  close(): Promise<void>;
}

/** buildServer(options)에 메모리 안에서 2026-07-28로 연결한다. */
export async function connectInMemory(options: ServerOptions): Promise<Connection> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sentMethods: string[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, sendOptions) => {
    if ('method' in message) sentMethods.push(message.method);
    return send(message, sendOptions);
  };
  // serveStdio는 어느 전송 위에서든 stdio처럼 움직이고, server/discover와 initialize를 모두 받는다.
  const served = serveStdio(() => buildServer(options), { transport: serverSide });
  const client = new Client({ name: 'course-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: REVISION } } });
  await client.connect(clientSide);
  return { client, sentMethods, close: async () => { await client.close(); await served.close(); } };
}

/** 짧은 기록을 출력한다: 나열된 도구, 정상 호출, 잘못된 인자, 거절된 호출, 우회 호출. */
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

/** 호출 하나와 그 끝을 출력한다: 결과, isError 결과, 프로토콜 오류, 보내기 전 거절. */
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
