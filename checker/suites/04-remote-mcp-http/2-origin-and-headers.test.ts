import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, HTTP_TS, REVISION, RESOURCES, connectClient, envelope, handlerOf, modern, send, setup, showAnswer } from './support.ts';
import type { Raw } from './support.ts';

/** Allowlists of origins a team may write, each with origins that look close to it but are not on it. */
const CASES: { allowed: string[]; foreign: string[] }[] = [
  {
    allowed: ['http://127.0.0.1:8931', 'http://localhost:8931'],
    foreign: [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io:8931',
      'http://127.0.0.1:8931.evil.example',
      'http://localhost:9999',
      'https://127.0.0.1:8931',
      'http://127.0.0.2:8931',
      'null',
    ],
  },
  {
    allowed: ['https://app.example.com'],
    foreign: ['https://app.example.com.evil.example', 'http://app.example.com', 'https://evil-app.example.com', 'https://app.example.com:8443', 'http://127.0.0.1:8931', 'http://localhost:8931'],
  },
];

/** Why a foreign origin must be refused, shared by the origin tests. */
const WHY = {
  ko: '브라우저는 어느 웹 페이지에서든 로컬 서버로 요청을 보낼 수 있고, DNS 재바인딩을 쓰면 그 요청이 같은 호스트에서 온 것처럼 보인다. 그래서 서버는 Origin을 허용 목록과 정확히 비교해, Origin이 있는데 목록에 없으면 403으로 끝낸다(2026-07-28, Streamable HTTP, Security). 2장의 서버 허용 목록과 같다: 목록에 없는 것은 모두 거절이고, 비슷해 보이는 것도 목록에 없는 것이다.',
  en: "A browser lets any web page send requests to a local server, and with DNS rebinding such a request looks like it came from the same host. So the server compares Origin exactly with its allowlist, and a present Origin that is not listed ends with 403 (2026-07-28, Streamable HTTP, Security). It is chapter 2's server allowlist: whatever is not listed is refused, and looking close is not being listed.",
};

test('refuses every foreign Origin with 403 before anything runs, with or without a token', async () => {
  for (const { allowed, foreign } of CASES) {
    const { options, token } = setup({ allowedOrigins: new Set(allowed) });
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    for (const origin of foreign) {
      for (const bearer of [good, undefined]) {
        const raw = modern('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, bearer);
        raw.headers = { ...raw.headers, origin };
        const answer = await send(handler, options.resource, raw);
        ensure(answer.status === 403 && answer.message?.result === undefined, {
          what: say(
            `허용 목록에 없는 출처에서 온 요청이 403으로 끝나지 않았다${bearer === undefined ? '(토큰 없음: 출처를 먼저 본다)' : ''}. ${WHY.ko} ${HTTP_TS} (TODO(04/2))`,
            `A request from an origin not on the allowlist did not end with 403${bearer === undefined ? ' (no token: the origin comes first)' : ''}. ${WHY.en} ${HTTP_TS} (TODO(04/2))`,
          ),
          sent: described(`allowedOrigins ${JSON.stringify(allowed)}; Origin: ${origin}; ${bearer === undefined ? say('토큰 없음', 'no token') : say('유효한 토큰', 'a valid token')}; tools/call count_tasks`),
          got: showAnswer(answer),
          expected: say('HTTP 403, 결과 없음', 'HTTP 403, no result'),
        });
      }
    }
  }
});

test('serves listed origins and requests without an Origin', async () => {
  for (const { allowed } of CASES) {
    const { options, token } = setup({ allowedOrigins: new Set(allowed) });
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    for (const origin of allowed) {
      const raw = modern('tools/list', {}, good);
      raw.headers = { ...raw.headers, origin };
      const answer = await send(handler, options.resource, raw);
      ensure(answer.status === 200 && answer.message?.result !== undefined, {
        what: say(`허용 목록에 있는 출처의 요청이 거절되었다. 허용 목록에 있는 것은 받아야 한다. ${HTTP_TS} (TODO(04/2))`, `A request from a listed origin was refused; what the allowlist holds must be served. ${HTTP_TS} (TODO(04/2))`),
        sent: described(`allowedOrigins ${JSON.stringify(allowed)}; Origin: ${origin}; tools/list`),
        got: showAnswer(answer),
        expected: say('HTTP 200, tools/list 결과', 'HTTP 200, a tools/list result'),
      });
    }
    const client = await connectClient(handler, options.resource, good);
    try {
      await client.listTools();
    } finally {
      await client.close();
    }
  }
});

/** Requests whose headers disagree with their bodies, or leave a required header out. */
function lies(token: string): { label: string; raw: Raw }[] {
  const call = (name: string): Record<string, unknown> => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: name === 'count_tasks' ? { status: 'open' } : {}, _meta: envelope(REVISION) } });
  const headers = (extra: Record<string, string | undefined>): Record<string, string | undefined> => ({ 'mcp-protocol-version': REVISION, 'mcp-method': 'tools/call', authorization: `Bearer ${token}`, ...extra });
  return [
    { label: 'Mcp-Name: count_tasks, body read_note', raw: { headers: headers({ 'mcp-name': 'count_tasks' }), body: call('read_note') } },
    { label: 'Mcp-Name: read_note, body count_tasks', raw: { headers: headers({ 'mcp-name': 'read_note' }), body: call('count_tasks') } },
    { label: 'Mcp-Method: tools/list, body tools/call', raw: { headers: headers({ 'mcp-method': 'tools/list', 'mcp-name': 'count_tasks' }), body: call('count_tasks') } },
    { label: say('Mcp-Name 없음', 'no Mcp-Name'), raw: { headers: headers({}), body: call('count_tasks') } },
    { label: say('Mcp-Method 없음', 'no Mcp-Method'), raw: { headers: headers({ 'mcp-method': undefined, 'mcp-name': 'count_tasks' }), body: call('count_tasks') } },
    { label: 'MCP-Protocol-Version: 2025-11-25, _meta 2026-07-28', raw: { headers: headers({ 'mcp-protocol-version': '2025-11-25', 'mcp-name': 'count_tasks' }), body: call('count_tasks') } },
  ];
}

test('refuses any header that disagrees with the body with 400 and -32020', async () => {
  for (const resource of RESOURCES) {
    const { options, token } = setup({ resource });
    const handler = handlerOf(options);
    for (const { label, raw } of lies(token(ALL_SCOPES))) {
      const answer = await send(handler, options.resource, raw);
      ensure(answer.status === 400 && answer.message?.error?.code === -32020, {
        what: say(
          `헤더가 본문과 다른(또는 빠진) 요청이 HeaderMismatch(-32020)로 거절되지 않았다. 게이트웨이는 헤더를 보고 길을 정하고 서버는 본문을 보고 실행하므로, 둘이 다르면 둘 중 하나는 속은 것이다. 서버는 헤더를 본문에 맞춰 고쳐 주지 않고 400과 -32020으로 거절한다(2026-07-28, Streamable HTTP, Server Validation). ${HTTP_TS}`,
          `A request whose headers disagree with (or leave out) what its body says was not refused with HeaderMismatch (-32020). A gateway routes on the headers and the server acts on the body, so when they differ one of them was fooled; the server never fixes the headers up to match, it refuses with 400 and -32020 (2026-07-28, Streamable HTTP, Server Validation). ${HTTP_TS}`,
        ),
        sent: described(`${label}; ${say('유효한 토큰', 'a valid token')}`),
        got: showAnswer(answer),
        expected: say('HTTP 400, 오류 -32020', 'HTTP 400, error -32020'),
      });
    }
  }
});
