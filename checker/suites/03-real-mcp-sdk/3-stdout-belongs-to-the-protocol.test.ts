import { afterAll, test } from 'vitest';
import { described, ensure, fail, say } from '../_lib/say.ts';
import { connectStdio, startRaw } from './child.ts';
import type { StdioConnection } from './child.ts';
import { outcome, showOutcome } from './outcome.ts';

const WHERE = 'chapters/03-real-mcp-sdk/stdio.ts (TODO(03/3))';

// Two server processes start at once, so their start-up overlaps instead of adding up:
// one behind the SDK's StdioClientTransport, one driven line by line to see stdout exactly as it is.
const connecting: Promise<StdioConnection> = connectStdio();
connecting.catch(() => undefined);
const raw = startRaw();

/** One JSON-RPC request line. */
function request(id: number, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
}

// The raw server's opening handshake, shared by the tests that use it.
const INITIALIZE = request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-check', version: '1.0.0' } });
const opened = (async () => {
  raw.write(INITIALIZE);
  const reply = await raw.reply(1);
  if (!('result' in reply)) {
    fail({
      what: say(
        `stdio 서버가 연결 요청(initialize, 2025-11-25)에 result가 아닌 답을 했다. 이 연결로 하는 나머지 검사는 연결이 열려야 뜻이 있다. 아직 많은 클라이언트와 SDK 클라이언트의 기본값이 이 옛 방식으로 연다. serveStdio에 준 설정이 이 방식을 막지 않는지 보라. ${WHERE}`,
        `The stdio server answered the opening request (initialize, 2025-11-25) with something other than a result; the other checks on this connection mean something only once it is open. Many clients, and the SDK client by default, still open this older way: check that the settings given to serveStdio do not refuse it. ${WHERE}`,
      ),
      sent: INITIALIZE,
      got: reply,
      expected: say('"id": 1인 result 응답', 'a result reply with "id": 1'),
    });
  }
  raw.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return reply;
})();
opened.catch(() => undefined);

afterAll(async () => {
  raw.close();
  await connecting.then((connection) => connection.close()).catch(() => undefined);
});

test('connects with StdioClientTransport and answers three calls with no client error', async () => {
  const { client, errors, stderr } = await connecting;
  const listed = await outcome(client.listTools());
  const counted = await outcome(client.callTool({ name: 'count_tasks', arguments: { status: 'open' } }));
  const summarized = await outcome(client.callTool({ name: 'summarize_document', arguments: { name: 'report.txt' } }));
  ensure(listed.kind === 'result' && counted.kind === 'result' && summarized.kind === 'result', {
    what: say('stdio로 연결한 서버가 세 요청(tools/list, count_tasks, summarize_document)에 결과로 답하지 않았다.', 'The stdio server did not answer three requests (tools/list, count_tasks, summarize_document) with results.'),
    got: described([listed, counted, summarized].map(showOutcome).join(' | ')),
    expected: say('세 요청 모두 결과', 'a result for each of the three'),
  });
  ensure(errors.length === 0, {
    what: say(
      `SDK 클라이언트가 서버의 stdout에서 MCP 메시지가 아닌 JSON을 받고 오류(onerror)를 냈다. JSON 한 줄이나 숫자를 stdout에 기록하면 이렇게 된다. 사람이 읽을 기록은 stderr의 몫이다. stdio.ts뿐 아니라 server.ts의 처리기 안도 살펴보라. ${WHERE}`,
      `The SDK client read JSON on the server's stdout that is not an MCP message and raised onerror; logging a JSON line or a number to stdout does this. Text for people belongs on stderr; look in stdio.ts and in the handlers of server.ts. ${WHERE}`,
    ),
    sent: say('연결, tools/list, count_tasks, summarize_document', 'connect, tools/list, count_tasks, summarize_document'),
    got: described(errors.slice(0, 3).join(' | ') + (stderr() ? ` | stderr: ${stderr()}` : '')),
    expected: say('클라이언트 onerror 0건', 'no client onerror at all'),
  });
});

test('writes nothing but MCP messages to stdout', async () => {
  await opened;
  raw.write(request(2, 'tools/list'));
  raw.write(request(3, 'tools/call', { name: 'count_tasks', arguments: { status: 'open' } }));
  raw.write(request(4, 'tools/call', { name: 'summarize_document', arguments: { name: 'report.txt' } }));
  // Every capability, and the refusals and errors too: a log line in any handler or branch must not reach stdout.
  const more: [method: string, params: Record<string, unknown>][] = [
    ['resources/list', {}],
    ['resources/read', { uri: 'docs://report.txt' }],
    ['resources/read', { uri: 'docs://secret.txt' }],
    ['prompts/list', {}],
    ['prompts/get', { name: 'review_document', arguments: { name: 'report.txt' } }],
    ['tools/call', { name: 'count_tasks', arguments: { status: 'closed' } }],
    ['tools/call', { name: 'summarize_document', arguments: { name: 'secret.txt' } }],
    ['tools/call', { name: 'read_note', arguments: {} }],
  ];
  more.forEach(([method, params], index) => raw.write(request(5 + index, method, params)));
  for (const id of [2, 3, 4, ...more.map((_, index) => 5 + index)]) await raw.reply(id);
  const noise = raw.noise();
  ensure(noise.length === 0, {
    what: say(
      `서버가 stdout에 MCP 메시지가 아닌 줄을 썼다. stdio에서 stdout은 프로토콜 메시지 전용이다(사양 2026-07-28: 서버는 stdout에 올바른 MCP 메시지가 아닌 것을 쓰면 안 된다). 이 SDK의 클라이언트는 JSON이 아닌 줄을 조용히 버리지만 다른 클라이언트는 연결을 끊을 수 있다. 시작 기록이든 처리기 안의 기록이든 사람이 읽을 글은 stderr의 몫이다. ${WHERE}`,
      `The server wrote lines to stdout that are not MCP messages. Over stdio, stdout carries protocol messages only (spec 2026-07-28: the server must not write anything to stdout that is not a valid MCP message). This SDK's client silently drops lines that are not JSON; other clients may drop the connection. Start-up and handler logs alike are text for people, which belongs on stderr. ${WHERE}`,
    ),
    sent: say(
      'initialize, tools/list, count_tasks, summarize_document, 자원 목록과 읽기(허용된 것과 거절할 것), 프롬프트 목록과 받기, 틀린 인자, 허용 목록 밖 문서, 승인하지 않은 도구',
      'initialize, tools/list, count_tasks, summarize_document, listing and reading resources (allowed and refused), listing and getting the prompt, a bad argument, a document off the allowlist, an unapproved tool',
    ),
    got: noise,
    expected: say('JSON-RPC 메시지만, 다른 줄 0개', 'JSON-RPC messages only, no other line'),
  });
});

test('keeps serving after a line that is not JSON and answers with the request id', async () => {
  await opened;
  raw.write('이 줄은 JSON이 아니다');
  raw.write(request(41, 'tools/list'));
  const first = await raw.reply(41);
  raw.write('{"jsonrpc": "2.0", "id": 42, "method": ');
  raw.write(request(43, 'tools/call', { name: 'count_tasks', arguments: { status: 'done' } }));
  const second = await raw.reply(43);
  ensure('result' in first && 'result' in second, {
    what: say(
      'JSON이 아닌 줄 뒤에도 서버는 살아서 다음 요청에 그 요청의 id로 답해야 한다. 들어오는 줄을 직접 JSON.parse하는 코드가 있다면 지워라. 줄을 나누고 해석하는 일은 SDK의 전송 계층이 한다.',
      'After a line that is not JSON the server must stay up and answer the next request with that request id. If some code of yours JSON.parses incoming lines itself, remove it: the SDK transport frames and parses them.',
    ),
    sent: say('JSON이 아닌 줄 → tools/list(id 41) → 깨진 JSON → count_tasks(id 43)', 'a non-JSON line → tools/list (id 41) → broken JSON → count_tasks (id 43)'),
    got: { 41: first, 43: second },
    expected: say('id 41과 id 43에 대한 결과', 'results for id 41 and id 43'),
  });
});
