import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { REVISION, buildHandler, defaultOptions } from './http.ts';

/** 2026-07-28의 JSON-RPC 요청 봉투: 개정판과 요청한 쪽의 정보가 모든 요청의 _meta에 실린다. */
export function envelope(version: string): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientInfo': { name: 'course-client', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
}

/** 손으로 만든 HTTP 요청 하나: 클라이언트라면 보내지 않지만 네트워크의 누구든 보낼 수 있는 것. */
interface RawRequest {
  label: string;
  /** POST가 아니면 적는다. */
  method?: string;
  headers: Record<string, string>;
  body: unknown;
}

/** 명세를 따르는 클라이언트처럼 본문과 맞는 헤더를 단 tools/call POST. `headers`로 더하거나 덮어쓴다. */
function toolCall(label: string, tool: string, bodyTool: string, version: string, headers: Record<string, string>): RawRequest {
  return {
    label,
    headers: { 'mcp-protocol-version': version, 'mcp-method': 'tools/call', 'mcp-name': tool, authorization: 'Bearer demo-reader', ...headers },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: bodyTool, arguments: bodyTool === 'count_tasks' ? { status: 'open' } : {}, _meta: envelope(version) } },
  };
}

/** 짧은 기록을 찍는다: 두 시대의 SDK 클라이언트, 이어서 끝점이 거절해야 할 손으로 만든 요청들. */
export async function main(): Promise<void> {
  const options = defaultOptions();
  const handler = buildHandler(options);
  const fetchInProcess = async (url: string | URL, init?: RequestInit): Promise<Response> => handler(new Request(url, init));
  const clients = [
    { label: '지금의 호스트처럼(initialize)', client: new Client({ name: 'course-client', version: '1.0.0' }) },
    { label: '2026-07-28 클라이언트', client: new Client({ name: 'course-client', version: '1.0.0' }, { versionNegotiation: { mode: { pin: REVISION } } }) },
  ];
  for (const { label, client } of clients) {
    try {
      await client.connect(new StreamableHTTPClientTransport(options.resource, { fetch: fetchInProcess, authProvider: { token: async () => 'demo-reader' } }));
      const listed = await client.listTools();
      const counted = await client.callTool({ name: 'count_tasks', arguments: { status: 'open' } });
      const text = counted.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
      console.log(`${label}: MCP ${client.getNegotiatedProtocolVersion() ?? '?'}, 도구 ${listed.tools.map((tool) => tool.name).join(', ')}; count_tasks ${text}`);
    } catch (error) {
      const code = /"code":(-?\d+)/.exec(error instanceof Error ? error.message : String(error))?.[1];
      console.log(`${label}: 연결 실패${code === undefined ? '' : ` (오류 ${code})`}`);
    } finally {
      await client.close();
    }
  }
  const raws: RawRequest[] = [
    toolCall('다른 출처 https://evil.example', 'count_tasks', 'count_tasks', REVISION, { origin: 'https://evil.example' }),
    toolCall('2026-07-28 요청인데 MCP-Protocol-Version 없음', 'count_tasks', 'count_tasks', REVISION, { 'mcp-protocol-version': '' }),
    toolCall('토큰 없음', 'count_tasks', 'count_tasks', REVISION, { authorization: '' }),
    toolCall('다른 서버에 발급된 토큰', 'count_tasks', 'count_tasks', REVISION, { authorization: 'Bearer demo-elsewhere' }),
    {
      label: '2025년 요청, 모르는 개정판 1999-01-01',
      headers: { 'mcp-protocol-version': '1999-01-01', authorization: 'Bearer demo-reader' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'count_tasks', arguments: { status: 'open' } } },
    },
    { label: 'GET (세션 스트림 열기)', method: 'GET', headers: { authorization: 'Bearer demo-reader' }, body: undefined },
    toolCall('토큰 범위 밖 도구 read_note', 'read_note', 'read_note', REVISION, {}),
  ];
  for (const raw of raws) {
    const headers = Object.fromEntries(Object.entries({ accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...raw.headers }).filter(([, value]) => value !== ''));
    const method = raw.method ?? 'POST';
    const response = await handler(new Request(options.resource, { method, headers, body: method === 'POST' ? JSON.stringify(raw.body) : undefined }));
    console.log(`${raw.label}: ${await summarize(response)}`);
  }
}

/** HTTP 응답 하나를 한 줄로: 상태, JSON-RPC 오류 코드나 결과, 그리고 인증 요구가 있으면 그것. */
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
  return `HTTP ${response.status}${detail}${challenge === null ? '' : ` (${challenge.replace(/, error_description="[^"]*"|error_description="[^"]*", /, '')})`}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
