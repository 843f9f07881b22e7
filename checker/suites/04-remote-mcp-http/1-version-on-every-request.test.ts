import { randomInt } from 'node:crypto';
import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, HOST_REVISIONS, HTTP_TS, REVISION, connectClient, handlerOf, initialize, isReservedCode, legacy, modeLabel, modern, send, setup, showAnswer } from './support.ts';
import type { Answer, ClientMode, Raw } from './support.ts';

/** The revisions the fixed requests below name; the drawn ones are kept off this list, so a list of refused values cannot pass. */
const LISTED = ['1999-01-01', '2024-10-07', '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2027-01-01', REVISION];

/** A YYYY-MM-DD date drawn for this run between the given years that `fits`, never one of the listed revisions. */
function drawDate(fromYear: number, toYear: number, fits: (date: string) => boolean): string {
  for (;;) {
    const date = `${randomInt(fromYear, toYear + 1)}-${String(randomInt(1, 13)).padStart(2, '0')}-${String(randomInt(1, 29)).padStart(2, '0')}`;
    if (!LISTED.includes(date) && fits(date)) return date;
  }
}

/** Values drawn once per run, on no list a learner can see in advance. */
const DRAWN = {
  pastDate: drawDate(2022, 2026, (date) => date < REVISION && !date.startsWith('2024-1') && !date.startsWith('2025-')),
  futureDate: drawDate(2026, 2031, (date) => date > REVISION),
  // A date among the 2025-era revisions' own years that no revision has: a program that accepts any date in that span is no allowlist.
  betweenRevisions: drawDate(2024, 2025, (date) => date > '2024-11-05' && date < '2025-11-25'),
  notARevision: `${randomInt(0, 3)}.${randomInt(0, 100)}`,
  garbage: `rev-${randomInt(0, 2 ** 32).toString(36)}`,
};

/** Shown after a drawn value in the "sent" line. */
const drawnNote = (): string => say(' (이번 실행에서 뽑은 값)', ' (a value drawn for this run)');

/** The count_tasks call every test makes, and the text it must give for the suites' four tasks (three open). */
const CALL = { name: 'count_tasks', arguments: { status: 'open' } };

/** The text of a tools/call result, or undefined. */
function textOf(answer: Answer): string | undefined {
  const content = answer.message?.result?.['content'];
  return Array.isArray(content) ? content.map((item: { text?: unknown }) => String(item.text ?? '')).join('') : undefined;
}

test('serves 2025-era clients: initialize, then requests with the negotiated MCP-Protocol-Version', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  for (const version of HOST_REVISIONS) {
    const steps: { label: string; raw: Raw; ok: (answer: Answer) => boolean }[] = [
      { label: `initialize ${version}`, raw: initialize(version, good), ok: (a) => a.status === 200 && a.message?.result?.['protocolVersion'] === version },
      { label: 'notifications/initialized', raw: { headers: { 'mcp-protocol-version': version, authorization: `Bearer ${good}` }, body: { jsonrpc: '2.0', method: 'notifications/initialized' } }, ok: (a) => a.status === 202 || a.status === 200 },
      { label: 'tools/list', raw: legacy('tools/list', {}, good, version), ok: (a) => a.status === 200 && Array.isArray(a.message?.result?.['tools']) },
      { label: 'tools/call count_tasks {"status":"open"}', raw: legacy('tools/call', CALL, good, version), ok: (a) => a.status === 200 && textOf(a) === 'open: 3' },
    ];
    for (const { label, raw, ok } of steps) {
      const answer = await send(handler, options.resource, raw);
      ensure(ok(answer), {
        what: say(
          `지금의 호스트가 보내는 2025년 시대 요청에 답하지 않았다. 이 장의 끝점은 두 시대를 함께 받는다: 2025년 클라이언트는 initialize로 개정판을 합의하고 "이후의 모든 요청에 MCP-Protocol-Version: <protocol-version> HTTP 헤더를 넣어야 한다(MUST)"(2025-11-25, Streamable HTTP, Protocol Version Header). 2026-07-28은 서버가 그런 옛 클라이언트도 받게 허락한다. ${HTTP_TS} (TODO(04/1))`,
          `A 2025-era request, as today's hosts send it, was not served. This chapter's endpoint takes both eras: a 2025 client settles the revision with initialize and "MUST include the MCP-Protocol-Version: <protocol-version> HTTP header on all subsequent requests" (2025-11-25, Streamable HTTP, Protocol Version Header); 2026-07-28 lets a server serve such older clients too. ${HTTP_TS} (TODO(04/1))`,
        ),
        sent: described(`${label}${label.startsWith('initialize') ? '' : `, MCP-Protocol-Version: ${version}`}; ${say('유효한 토큰', 'a valid token')}`),
        got: described(showAnswer(answer)),
        expected: label.startsWith('initialize') ? `HTTP 200, result.protocolVersion "${version}"` : label === 'notifications/initialized' ? 'HTTP 202' : label === 'tools/list' ? say('HTTP 200, 도구 목록', 'HTTP 200, a tool list') : 'HTTP 200, "open: 3"',
      });
    }
  }
  await clientServes(handler, options.resource, good, 'default');
});

test('serves 2026-07-28 clients: the SDK client pinned and in auto mode, one POST per request', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  for (const mode of ['pinned', 'auto'] as const) {
    const methods: string[] = [];
    const watching = async (request: Request): Promise<Response> => {
      methods.push(request.method);
      return handler(request);
    };
    const version = await clientServes(watching, options.resource, token(ALL_SCOPES), mode);
    ensure(version === REVISION && methods.every((method) => method === 'POST'), {
      what: say(
        `2026-07-28 클라이언트(${modeLabel(mode)})가 2026-07-28로 연결되지 않았거나 POST 말고 다른 요청을 보냈다. 2026-07-28을 말하는 클라이언트에게는 server/discover로 그 개정판을 알려야 한다. ${HTTP_TS} (TODO(04/1))`,
        `A 2026-07-28 client (${modeLabel(mode)}) did not end up on 2026-07-28, or sent something other than POST. A client that speaks 2026-07-28 must learn from server/discover that the endpoint speaks it. ${HTTP_TS} (TODO(04/1))`,
      ),
      sent: described('connect(); listTools(); callTool count_tasks'),
      got: { negotiated: version, httpMethods: methods },
      expected: say(`"${REVISION}", 모든 요청이 POST`, `"${REVISION}", every request a POST`),
    });
  }
});

/** Connects an SDK client in `mode`, lists tools and calls count_tasks; fails unless both work. Returns the negotiated revision. */
async function clientServes(handler: (request: Request) => Promise<Response>, resource: URL, token: string, mode: ClientMode): Promise<string | undefined> {
  const client = await connectClient(handler, resource, token, mode);
  try {
    const listed = await client.listTools();
    const called = await client.callTool(CALL);
    const text = called.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
    ensure(listed.tools.length > 0 && text === 'open: 3', {
      what: say(`유효한 토큰을 가진 SDK 클라이언트(${modeLabel(mode)})가 목록을 받고 count_tasks를 불러야 하는데 그러지 못했다. ${HTTP_TS} (TODO(04/1))`, `An SDK client (${modeLabel(mode)}) with a valid token should list tools and call count_tasks, and could not. ${HTTP_TS} (TODO(04/1))`),
      sent: described('client.listTools(); client.callTool({ name: "count_tasks", arguments: { status: "open" } })'),
      got: { tools: listed.tools.map((tool) => tool.name), count: text },
      expected: say('도구 목록과 "open: 3"', 'a tool list and "open: 3"'),
    });
    return client.getNegotiatedProtocolVersion();
  } finally {
    await client.close();
  }
}

test('refuses a 2026-07-28 request without MCP-Protocol-Version with 400 and -32020', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  for (const [method, params] of [['tools/list', {}], ['tools/call', CALL], ['server/discover', {}]] as const) {
    const raw = modern(method, params, good);
    raw.headers = { ...raw.headers, 'mcp-protocol-version': undefined };
    const answer = await send(handler, options.resource, raw);
    ensure(answer.status === 400 && answer.message?.error?.code === -32020, {
      what: say(
        `_meta로 2026-07-28을 말하면서 MCP-Protocol-Version 헤더가 없는 요청이 400과 HeaderMismatch(-32020)로 거절되지 않았다. 2026-07-28의 Streamable HTTP는 Server Validation에서 "필수 표준 헤더(MCP-Protocol-Version, Mcp-Method, Mcp-Name)가 빠진 경우"를 400과 -32020으로 거절할 실패로 꼽는다. 개정판을 몰라서가 아니라 헤더가 빠져서 틀린 요청이다. ${HTTP_TS} (TODO(04/1))`,
          `A request naming 2026-07-28 in _meta without the MCP-Protocol-Version header was not refused with 400 and HeaderMismatch (-32020). Under Server Validation, 2026-07-28 Streamable HTTP lists "A required standard header (MCP-Protocol-Version, Mcp-Method, Mcp-Name) is missing" among the failures refused with 400 and -32020: the request is wrong for a missing header, not for an unknown revision. ${HTTP_TS} (TODO(04/1))`,
        ),
        sent: described(`${method}, _meta ${REVISION}, ${say('MCP-Protocol-Version 없음', 'no MCP-Protocol-Version')}; ${say('유효한 토큰', 'a valid token')}`),
        got: described(showAnswer(answer)),
        expected: say('HTTP 400, 오류 -32020', 'HTTP 400, error -32020'),
      });
  }
});

/** Requests naming a revision the endpoint does not serve: in the 2026-07-28 envelope, or in a 2025-era header alone. */
function unserved(token: string): { label: string; raw: Raw; era: 'modern' | 'legacy' }[] {
  const found: { label: string; raw: Raw; era: 'modern' | 'legacy' }[] = [];
  for (const [version, note] of [['2025-11-25', ''], ['2027-01-01', ''], [DRAWN.pastDate, drawnNote()], [DRAWN.futureDate, drawnNote()], [DRAWN.garbage, drawnNote()]] as const) {
    found.push({ label: `tools/list, _meta ${version}${note}`, raw: modern('tools/list', {}, token, version), era: 'modern' });
    found.push({ label: `tools/call count_tasks, _meta ${version}${note}`, raw: modern('tools/call', CALL, token, version), era: 'modern' });
  }
  for (const [version, note] of [['1999-01-01', ''], [DRAWN.betweenRevisions, drawnNote()], [DRAWN.futureDate, drawnNote()], [DRAWN.notARevision, drawnNote()], [DRAWN.garbage, drawnNote()]] as const) {
    found.push({ label: `tools/list, MCP-Protocol-Version ${version}${note}, ${say('봉투 없음', 'no envelope')}`, raw: legacy('tools/list', {}, token, version), era: 'legacy' });
    found.push({ label: `tools/call count_tasks, MCP-Protocol-Version ${version}${note}, ${say('봉투 없음', 'no envelope')}`, raw: legacy('tools/call', CALL, token, version), era: 'legacy' });
  }
  return found;
}

/** What an answer to an unserved revision must be: 400; in the envelope era -32022 with 2026-07-28 supported; in the header era a JSON-RPC error outside the legacy range. */
function refusesVersion(answer: Answer, era: 'modern' | 'legacy'): boolean {
  const error = answer.message?.error;
  if (answer.status !== 400 || error === undefined || answer.message?.result !== undefined) return false;
  if (era === 'legacy') return typeof error.code === 'number' && !isReservedCode(error.code);
  const data = error.data as { supported?: unknown } | undefined;
  return error.code === -32022 && Array.isArray(data?.supported) && data.supported.includes(REVISION);
}

/** True for a 400 with -32022 and no result whose data.supported does not list 2026-07-28: the refusal is right but says nothing of what to send instead. */
function lacksSupported(answer: Answer): boolean {
  const error = answer.message?.error;
  if (answer.status !== 400 || error?.code !== -32022 || answer.message?.result !== undefined) return false;
  const data = error.data as { supported?: unknown } | undefined;
  return !(Array.isArray(data?.supported) && data.supported.includes(REVISION));
}

test('refuses a request naming a revision the endpoint does not serve with 400: -32022 for an envelope, and no reserved code for a 2025-era header', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  for (const { label, raw, era } of unserved(token(ALL_SCOPES))) {
    const answer = await send(handler, options.resource, raw);
    ensure(refusesVersion(answer, era), {
      what:
        era === 'modern' && lacksSupported(answer)
          ? say(
              `_meta가 이 끝점이 말하지 않는 개정판을 말한 요청을 400과 -32022로 거절하기는 했지만, 오류의 data.supported에 2026-07-28이 없다. 거절만으로는 클라이언트가 어느 개정판으로 다시 보낼지 알 수 없다: 이 끝점이 말하는 개정판을 data.supported에 실어야 한다(2026-07-28, Streamable HTTP, Protocol Version Header). ${HTTP_TS} (TODO(04/1))`,
              `The request whose _meta named a revision this endpoint does not speak was refused with 400 and -32022, but the error's data.supported does not list 2026-07-28: a refusal alone does not tell the client which revision to send again, so the revisions this endpoint speaks go in data.supported (2026-07-28, Streamable HTTP, Protocol Version Header). ${HTTP_TS} (TODO(04/1))`,
            )
          : era === 'modern'
          ? say(
              `_meta가 이 끝점이 말하지 않는 개정판을 말했는데 400과 UnsupportedProtocolVersionError(-32022), 그리고 data.supported의 2026-07-28로 거절되지 않았다(2026-07-28, Streamable HTTP, Protocol Version Header). ${HTTP_TS} (TODO(04/1))`,
              `The _meta named a revision this endpoint does not speak, and was not refused with 400 and UnsupportedProtocolVersionError (-32022) listing 2026-07-28 in data.supported (2026-07-28, Streamable HTTP, Protocol Version Header). ${HTTP_TS} (TODO(04/1))`,
            )
          : say(
              `2025년 시대 요청의 MCP-Protocol-Version이 이 서버가 합의할 수 없는 개정판인데 400과 JSON-RPC 오류로 거절되지 않았거나, 그 오류 코드가 -32000~-32019였다. "서버가 유효하지 않거나 지원하지 않는 MCP-Protocol-Version을 받으면 400 Bad Request로 답해야 한다(MUST)"(2025-11-25, Streamable HTTP, Protocol Version Header). 그리고 2026-07-28은 -32000~-32019를 옛 범위(legacy)로 두고 "새 구현은 이 범위의 코드를 아예 쓰지 않아야 한다(SHOULD NOT)"고 한다(2026-07-28, Base Protocol, Overview, Error Codes). ${HTTP_TS} (TODO(04/1))`,
              `A 2025-era request whose MCP-Protocol-Version names a revision this server cannot negotiate was not refused with 400 and a JSON-RPC error, or the code was in -32000…-32019. "If the server receives a request with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad Request" (2025-11-25, Streamable HTTP, Protocol Version Header), and 2026-07-28 calls -32000…-32019 legacy: "new implementations SHOULD NOT use codes from this sub-range at all" (2026-07-28, Base Protocol, Overview, Error Codes). ${HTTP_TS} (TODO(04/1))`,
            ),
      sent: described(`${label}; ${say('유효한 토큰', 'a valid token')}`),
      got: described(era === 'modern' && answer.message?.error !== undefined ? `${showAnswer(answer)} | data: ${JSON.stringify(answer.message.error.data) ?? 'undefined'}` : showAnswer(answer)),
      expected:
        era === 'modern'
          ? say('HTTP 400, 오류 -32022, data.supported에 2026-07-28', 'HTTP 400, error -32022, data.supported listing 2026-07-28')
          : say('HTTP 400, -32000~-32019 밖의 JSON-RPC 오류', 'HTTP 400, a JSON-RPC error outside -32000…-32019'),
    });
  }
});

test('judges each request by what it says alone: no session, and earlier requests change nothing', async () => {
  for (const accepted of [1, 2, 5]) {
    const { options, token } = setup();
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    // Alternate the eras: whichever era came first, each request is answered in the era it names.
    const history: string[] = [];
    for (let i = 0; i < accepted; i += 1) {
      const first = i % 2 === 0 ? modern('tools/list', {}, good) : initialize('2025-06-18', good);
      history.push(i % 2 === 0 ? 'tools/list 2026-07-28' : 'initialize 2025-06-18');
      await send(handler, options.resource, first);
    }
    const checks: { label: string; raw: Raw; ok: (answer: Answer) => boolean; expected: string }[] = [
      { label: 'initialize 2025-11-25', raw: initialize('2025-11-25', good), ok: (a) => a.status === 200 && a.message?.result?.['protocolVersion'] === '2025-11-25', expected: 'HTTP 200, protocolVersion "2025-11-25"' },
      { label: 'tools/call count_tasks, MCP-Protocol-Version 2025-06-18', raw: legacy('tools/call', CALL, good, '2025-06-18'), ok: (a) => a.status === 200 && textOf(a) === 'open: 3', expected: 'HTTP 200, "open: 3"' },
      { label: `tools/call count_tasks, ${REVISION}`, raw: modern('tools/call', CALL, good), ok: (a) => a.status === 200 && textOf(a) === 'open: 3', expected: 'HTTP 200, "open: 3"' },
      { label: 'tools/list, _meta 2025-11-25', raw: modern('tools/list', {}, good, '2025-11-25'), ok: (a) => refusesVersion(a, 'modern'), expected: say('HTTP 400, 오류 -32022', 'HTTP 400, error -32022') },
      { label: 'tools/list, MCP-Protocol-Version 1999-01-01', raw: legacy('tools/list', {}, good, '1999-01-01'), ok: (a) => refusesVersion(a, 'legacy'), expected: say('HTTP 400, 옛 범위(-32000~-32019) 밖 오류', 'HTTP 400, an error outside the legacy range -32000…-32019') },
    ];
    for (const { label, raw, ok, expected } of checks) {
      // A made-up session id goes on the 2026-07-28 requests only: a 2025-era server may answer an id it never issued with 404.
      const envelope = raw.body !== undefined && JSON.stringify(raw.body).includes('io.modelcontextprotocol/protocolVersion');
      if (envelope) raw.headers = { ...raw.headers, 'mcp-session-id': 'made-up-session-1' };
      const answer = await send(handler, options.resource, raw);
      ensure(ok(answer) && answer.sessionId === null, {
        what: say(
          `앞선 요청 ${accepted}건 뒤에 온 요청이 그 요청이 말하는 대로 판단되지 않았거나, 답에 Mcp-Session-Id가 있었다. 이 끝점에는 세션이 없다: 앞선 요청은 다음 요청의 시대도 개정판도 정하지 않고, 2026-07-28 요청의 지어낸 세션 id는 아무것도 바꾸지 않는다. ${HTTP_TS} (TODO(04/1))`,
          `After ${accepted} earlier requests, a request was not judged by what it says itself, or the answer carried Mcp-Session-Id. This endpoint keeps no session: no earlier request decides the next one's era or revision, and a made-up session id changes nothing. ${HTTP_TS} (TODO(04/1))`,
        ),
        sent: described(`${history.join('; ')}; ${say('그다음', 'then')} ${label}${envelope ? ' + Mcp-Session-Id: made-up-session-1' : ''}`),
        got: described(`${showAnswer(answer)}${answer.sessionId === null ? '' : ` | Mcp-Session-Id: ${answer.sessionId}`}`),
        expected: `${expected}, ${say('Mcp-Session-Id 없음', 'no Mcp-Session-Id')}`,
      });
    }
  }
});
