import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REVISION, buildHandler, defaultOptions } from './http.ts';

/** The JSON-RPC request envelope of 2026-07-28: the revision and who is asking travel in every request's _meta. */
export function envelope(version: string): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': { name: 'course-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

/** One hand-written HTTP request: what a client would never send, but anyone on the network may. */
interface RawRequest {
  label: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A tools/call POST with matching headers, the way a conforming client sends it; `headers` adds or overrides. */
function toolCall(label: string, tool: string, bodyTool: string, version: string, headers: Record<string, string>): RawRequest {
  return {
    label,
    headers: { 'mcp-protocol-version': version, 'mcp-method': 'tools/call', 'mcp-name': tool, authorization: 'Bearer demo-reader', ...headers },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: bodyTool, arguments: bodyTool === 'count_tasks' ? { status: 'open' } : {}, _meta: envelope(version) } },
  };
}

/** Prints a short transcript: an SDK client over HTTP, then hand-written requests the endpoint must refuse. */
export async function main(): Promise<void> {
  const options = defaultOptions();
  const handler = buildHandler(options);
  const fetchInProcess = async (url: string | URL, init?: RequestInit): Promise<Response> => handler(new Request(url, init));
  const client = new Client({ name: 'course-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: REVISION } } });
  await client.connect(new StreamableHTTPClientTransport(options.resource, { fetch: fetchInProcess, authProvider: { token: async () => 'demo-reader' } }));
  try {
    console.log(`연결: MCP ${client.getNegotiatedProtocolVersion() ?? '?'}, ${options.resource.href} (요청마다 POST 한 번)`);
    const listed = await client.listTools();
    console.log(`demo-reader 토큰이 보는 도구: ${listed.tools.map((tool) => tool.name).join(', ')}`);
    const counted = await client.callTool({ name: 'count_tasks', arguments: { status: 'open' } });
    console.log(`정상 호출 count_tasks: ${counted.content.map((item) => (item.type === 'text' ? item.text : '')).join('')}`);
  } finally {
    await client.close();
  }
  const raws: RawRequest[] = [
    toolCall('다른 출처 https://evil.example', 'count_tasks', 'count_tasks', REVISION, { origin: 'https://evil.example' }),
    toolCall('헤더와 본문이 다름 (Mcp-Name: count_tasks, 본문: read_note)', 'count_tasks', 'read_note', REVISION, {}),
    toolCall('토큰 없음', 'count_tasks', 'count_tasks', REVISION, { authorization: '' }),
    toolCall('다른 서버에 발급된 토큰', 'count_tasks', 'count_tasks', REVISION, { authorization: 'Bearer demo-elsewhere' }),
    {
      label: '옛 개정판 2025-11-25 (봉투 없음)',
      headers: { 'mcp-protocol-version': '2025-11-25', authorization: 'Bearer demo-reader' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'count_tasks', arguments: { status: 'open' } } },
    },
    toolCall('토큰 범위 밖 도구 read_note', 'read_note', 'read_note', REVISION, {}),
  ];
  for (const raw of raws) {
    const headers = Object.fromEntries(Object.entries({ accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...raw.headers }).filter(([, value]) => value !== ''));
    const response = await handler(new Request(options.resource, { method: 'POST', headers, body: JSON.stringify(raw.body) }));
    console.log(`${raw.label}: ${await summarize(response)}`);
  }
}

/** One line for an HTTP answer: the status, a JSON-RPC error code or a result, and the challenge if there is one. */
async function summarize(response: Response): Promise<string> {
  const challenge = response.headers.get('www-authenticate');
  const text = await response.text();
  let detail = '';
  try {
    const body = JSON.parse(text.replace(/^event: message\ndata: /, '')) as { error?: { code?: number }; result?: unknown };
    if (body.error?.code !== undefined) detail = ` 오류 ${body.error.code}`;
    else if (body.result !== undefined) detail = ' 결과';
  } catch {
    detail = '';
  }
  return `HTTP ${response.status}${detail}${challenge === null ? '' : ` (${challenge.replace(/error_description="[^"]*", /, '')})`}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
