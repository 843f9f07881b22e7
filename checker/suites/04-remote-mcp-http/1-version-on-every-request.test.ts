import { randomInt } from 'node:crypto';
import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, HTTP_TS, REVISION, connectClient, handlerOf, legacy, modern, send, setup, showAnswer } from './support.ts';
import type { Answer, Raw } from './support.ts';

/** The revisions the fixed requests below name; the drawn ones are kept off this list, so a list of refused values cannot pass. */
const LISTED = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2027-01-01', REVISION];

/** A YYYY-MM-DD date drawn for this run between the given years that `fits`, never one of the listed revisions. */
function drawDate(fromYear: number, toYear: number, fits: (date: string) => boolean): string {
  for (;;) {
    const date = `${randomInt(fromYear, toYear + 1)}-${String(randomInt(1, 13)).padStart(2, '0')}-${String(randomInt(1, 29)).padStart(2, '0')}`;
    if (!LISTED.includes(date) && fits(date)) return date;
  }
}

/**
 * Revisions drawn once per run, on no list a learner can see in advance. A header alone names a revision older than
 * 2026-07-28 (or a version-like string that is no revision), as a 2025-era client sends it; a revision from 2026-07-28
 * on is sent the modern way, in the header and in _meta alike.
 */
const DRAWN = {
  pastDate: drawDate(2024, 2026, (date) => date < REVISION),
  notARevision: `${randomInt(0, 2)}.${randomInt(0, 100)}`,
  futureDate: drawDate(2026, 2031, (date) => date > REVISION),
  garbage: `rev-${randomInt(0, 2 ** 32).toString(36)}`,
};

/** Requests from clients that do not speak 2026-07-28: each names another revision, or none, the way such a client sends it. */
function staleRequests(token: string): { label: string; raw: Raw }[] {
  const found: { label: string; raw: Raw }[] = [];
  const drawn = say(' (이번 실행에서 뽑은 값)', ' (a value drawn for this run)');
  const headerOnly: [string | undefined, string][] = [[undefined, ''], ...LISTED.slice(0, 4).map((version): [string, string] => [version, '']), [DRAWN.pastDate, drawn], [DRAWN.notARevision, drawn]];
  for (const [version, note] of headerOnly) {
    const shown = `${version ?? say('(버전 없음)', '(no version)')}${note}`;
    found.push({ label: `tools/list, MCP-Protocol-Version ${shown}`, raw: legacy('tools/list', {}, token, version) });
    found.push({ label: `tools/call count_tasks, MCP-Protocol-Version ${shown}`, raw: legacy('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, token, version) });
  }
  for (const [version, note] of [['2025-06-18', ''], ['2025-11-25', ''], [DRAWN.pastDate, drawn], [DRAWN.garbage, drawn]] as const) {
    const params = { protocolVersion: version, capabilities: {}, clientInfo: { name: 'old-client', version: '1.0.0' } };
    found.push({ label: `initialize ${version}${note}`, raw: legacy('initialize', params, token, undefined) });
  }
  for (const [version, note] of [['2025-11-25', ''], ['2027-01-01', ''], [DRAWN.pastDate, drawn], [DRAWN.futureDate, drawn], [DRAWN.garbage, drawn]] as const) {
    found.push({ label: `tools/list, _meta ${version}${note}`, raw: modern('tools/list', {}, token, version) });
    found.push({ label: `tools/call count_tasks, _meta ${version}${note}`, raw: modern('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, token, version) });
  }
  return found;
}

/** True when an answer is the unsupported-version refusal: 400, -32022, 2026-07-28 among the supported revisions. */
function isUnsupported(answer: Answer): boolean {
  const data = answer.message?.error?.data as { supported?: unknown } | undefined;
  return answer.status === 400 && answer.message?.error?.code === -32022 && Array.isArray(data?.supported) && data.supported.includes(REVISION);
}

/** The explanation shared by the version tests. */
const WHY = {
  ko: '2026-07-28의 HTTP에는 세션도 initialize도 없어서, 버전은 요청마다 그 요청 안에서(MCP-Protocol-Version 헤더와 _meta) 말해진다. 이 끝점은 2026-07-28만 말하므로, 다른 개정판이나 아무 개정판도 말하지 않은 요청은 400과 UnsupportedProtocolVersionError(-32022)로 지원 버전을 알려 주고 끝나야 한다(2026-07-28, Streamable HTTP).',
  en: 'HTTP on 2026-07-28 has no session and no initialize, so the version is stated in each request itself (the MCP-Protocol-Version header and _meta). This endpoint speaks 2026-07-28 only, so a request naming another revision, or none, must end with 400 and an UnsupportedProtocolVersionError (-32022) listing the supported versions (2026-07-28, Streamable HTTP).',
};

test('serves the SDK HTTP client on 2026-07-28, one POST per request', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const methods: string[] = [];
  const watching = async (request: Request): Promise<Response> => {
    methods.push(request.method);
    return handler(request);
  };
  const client = await connectClient(watching, options.resource, token(ALL_SCOPES));
  try {
    const listed = await client.listTools();
    const called = await client.callTool({ name: 'count_tasks', arguments: { status: 'open' } });
    const text = called.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
    ensure(listed.tools.length > 0 && text === 'open: 3' && methods.every((method) => method === 'POST'), {
      what: say(`유효한 토큰을 가진 SDK 클라이언트가 목록을 받고 count_tasks를 불러야 하는데 그러지 못했다. ${HTTP_TS}`, `An SDK client with a valid token should list tools and call count_tasks, and could not. ${HTTP_TS}`),
      sent: described('client.listTools(); client.callTool({ name: "count_tasks", arguments: { status: "open" } })'),
      got: { tools: listed.tools.map((tool) => tool.name), count: text, httpMethods: methods },
      expected: say('도구 목록, "open: 3", 모든 요청이 POST', 'a tool list, "open: 3", every request a POST'),
    });
  } finally {
    await client.close();
  }
});

test('refuses every request that names another revision or none with 400 and -32022', async () => {
  const count = staleRequests('').length;
  for (let index = 0; index < count; index += 1) {
    // A fresh endpoint for each request: this test is about what one request says, not about what came before it.
    const { options, token } = setup();
    const handler = handlerOf(options);
    const { label, raw } = staleRequests(token(ALL_SCOPES))[index]!;
    const answer = await send(handler, options.resource, raw);
    ensure(isUnsupported(answer), {
      what: say(`2026-07-28을 말하지 않는 요청이 거절되지 않았다. ${WHY.ko} ${HTTP_TS} (TODO(04/1))`, `A request that does not name 2026-07-28 was not refused. ${WHY.en} ${HTTP_TS} (TODO(04/1))`),
      sent: described(`${label}, ${say('유효한 토큰', 'a valid token')}`),
      got: showAnswer(answer),
      expected: say('HTTP 400, 오류 -32022, data.supported에 2026-07-28', 'HTTP 400, error -32022, data.supported listing 2026-07-28'),
    });
  }
});

test('keeps refusing stale requests after any number of accepted ones', async () => {
  for (const accepted of [1, 2, 5]) {
    const { options, token } = setup();
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    for (let i = 0; i < accepted; i += 1) await send(handler, options.resource, modern('tools/list', {}, good));
    for (const { label, raw } of staleRequests(good)) {
      const answer = await send(handler, options.resource, raw);
      ensure(isUnsupported(answer), {
        what: say(
          `2026-07-28 요청을 ${accepted}건 받아들인 뒤에 온 요청이 다른 개정판(또는 개정판 없음)을 말했는데 거절되지 않았다. 앞선 요청은 다음 요청에 대해 아무것도 정하지 않는다. ${WHY.ko} ${HTTP_TS} (TODO(04/1))`,
          `After ${accepted} accepted 2026-07-28 requests, a request naming another revision (or none) was not refused. No earlier request decides anything about the next one. ${WHY.en} ${HTTP_TS} (TODO(04/1))`,
        ),
        sent: described(`${say(`좋은 요청 ${accepted}건 뒤에`, `after ${accepted} good requests,`)} ${label}`),
        got: showAnswer(answer),
        expected: say('HTTP 400, 오류 -32022', 'HTTP 400, error -32022'),
      });
    }
  }
});

test('keeps no session: no Mcp-Session-Id, 405 for GET and DELETE, and a made-up session id changes nothing', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  const first = await send(handler, options.resource, modern('tools/list', {}, good));
  const withSession = modern('tools/list', {}, good);
  withSession.headers = { ...withSession.headers, 'mcp-session-id': 'made-up-session-1' };
  const second = await send(handler, options.resource, withSession);
  const got = await send(handler, options.resource, { http: 'GET', headers: { accept: 'text/event-stream', authorization: `Bearer ${good}` } });
  const deleted = await send(handler, options.resource, { http: 'DELETE', headers: { authorization: `Bearer ${good}` } });
  ensure(first.status === 200 && second.status === 200 && first.sessionId === null && second.sessionId === null && got.status === 405 && deleted.status === 405, {
    what: say(
      `2026-07-28의 Streamable HTTP에는 세션과 GET 스트림이 없다. 서버는 Mcp-Session-Id를 만들지도 되돌려 주지도 않고, GET과 DELETE에는 405로 답한다(2026-07-28, Streamable HTTP). ${HTTP_TS}`,
      `Streamable HTTP on 2026-07-28 has no session and no GET stream: the server neither mints nor echoes Mcp-Session-Id, and answers GET and DELETE with 405 (2026-07-28, Streamable HTTP). ${HTTP_TS}`,
    ),
    sent: described('POST tools/list; POST tools/list + Mcp-Session-Id: made-up-session-1; GET; DELETE'),
    got: { post: showAnswer(first), postSession: first.sessionId, withMadeUpId: showAnswer(second), echoed: second.sessionId, get: got.status, delete: deleted.status },
    expected: say('200, 세션 없음, 200, 세션 없음, 405, 405', '200, no session, 200, no session, 405, 405'),
  });
});
