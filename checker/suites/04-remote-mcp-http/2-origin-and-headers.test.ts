import { fileURLToPath } from 'node:url';
import { test } from 'vitest';
import { placeOfCaller } from '../_lib/place.ts';
import { described, ensure, say } from '../_lib/say.ts';
import { josa } from '../_lib/josa.ts';
import { shownPlace } from '../_lib/stdout-origin.ts';
import { ALL_SCOPES, HTTP_TS, connectClient, everyMethod, handlerOf, isReservedCode, modern, send, setup, showAnswer } from './support.ts';
import type { Answer } from './support.ts';

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
  ko: '브라우저는 어느 웹 페이지에서든 로컬 서버로 요청을 보낼 수 있고, DNS 재바인딩을 쓰면 그 요청이 같은 호스트에서 온 것처럼 보인다. "서버는 들어오는 모든 연결에서 Origin 헤더를 검증해야 하며(MUST), Origin 헤더가 있는데 유효하지 않으면 HTTP 403 Forbidden으로 답해야 한다(MUST)"(2026-07-28, Streamable HTTP, Security & Endpoint). 어떤 메서드를 묻든, 토큰이 있든 없든 같다. 2장의 서버 허용 목록과 같다: 목록에 없는 것은 모두 거절이고, 비슷해 보이는 것도 목록에 없는 것이다.',
  en: 'A browser lets any web page send requests to a local server, and with DNS rebinding such a request looks like it came from the same host. "Servers MUST validate the Origin header on all incoming connections … If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden" (2026-07-28, Streamable HTTP, Security & Endpoint), whatever method is asked and whether or not a token comes with it. It is chapter 2\'s server allowlist: whatever is not listed is refused, and looking close is not being listed.',
};

test('refuses every foreign Origin with 403 on every method in both eras, before the token is looked at', async () => {
  for (const { allowed, foreign } of CASES) {
    const { options, token } = setup({ allowedOrigins: new Set(allowed) });
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    for (const [originIndex, origin] of foreign.entries()) {
      for (const bearer of [undefined, good]) {
        const authorization = bearer === undefined ? undefined : `Bearer ${bearer}`;
        const requests = [
          ...everyMethod(bearer),
          { label: 'GET', raw: { http: 'GET', headers: { accept: 'text/event-stream', 'content-type': undefined, authorization } } },
          { label: 'DELETE', raw: { http: 'DELETE', headers: { 'content-type': undefined, authorization, 'mcp-session-id': 'made-up-session-1' } } },
        ];
        // Each foreign origin asks a third of the methods, a different third for the next origin: every method meets several.
        for (const { label, raw } of requests.filter((_, methodIndex) => (methodIndex + originIndex) % 3 === 0)) {
          raw.headers = { ...raw.headers, origin };
          const answer = await send(handler, options.resource, raw);
          ensure(answer.status === 403 && answer.message?.result === undefined, {
            what: say(
              `허용 목록에 없는 출처에서 온 요청이 403으로 끝나지 않았다${bearer === undefined ? '(토큰 없음: 출처를 먼저 본다)' : ''}. ${WHY.ko} ${HTTP_TS} (TODO(04/2))`,
              `A request from an origin not on the allowlist did not end with 403${bearer === undefined ? ' (no token: the origin comes first)' : ''}. ${WHY.en} ${HTTP_TS} (TODO(04/2))`,
            ),
            sent: described(`allowedOrigins ${JSON.stringify(allowed)}; Origin: ${origin}; ${bearer === undefined ? say('토큰 없음', 'no token') : say('유효한 토큰', 'a valid token')}; ${label}`),
            got: described(showAnswer(answer)),
            expected: say('HTTP 403, 결과 없음', 'HTTP 403, no result'),
          });
        }
      }
    }
  }
});

test('serves listed origins and requests without an Origin', async () => {
  for (const { allowed } of CASES) {
    const { options, token } = setup({ allowedOrigins: new Set(allowed) });
    const handler = handlerOf(options);
    const good = token(ALL_SCOPES);
    for (const [index, origin] of allowed.entries()) {
      // Every method once per allowlist, from its first origin; the other listed origins ask for the tool list.
      const requests = index === 0 ? everyMethod(good) : everyMethod(good).filter(({ label }) => label.startsWith('tools/list'));
      for (const { label, raw } of requests) {
        raw.headers = { ...raw.headers, origin };
        const answer = await send(handler, options.resource, raw);
        ensure(answer.status === 200 || answer.status === 202, {
          what: say(`허용 목록에 있는 출처의 요청이 거절되었다. 허용 목록에 있는 것은 받아야 한다. ${HTTP_TS} (TODO(04/2))`, `A request from a listed origin was refused; what the allowlist holds must be served. ${HTTP_TS} (TODO(04/2))`),
          sent: described(`allowedOrigins ${JSON.stringify(allowed)}; Origin: ${origin}; ${label}`),
          got: described(showAnswer(answer)),
          expected: say('HTTP 200(알림은 202)', 'HTTP 200 (202 for the notification)'),
        });
      }
    }
    for (const mode of [allowed === CASES[0]!.allowed ? ('default' as const) : ('pinned' as const)]) {
      const client = await connectClient(handler, options.resource, good, mode);
      try {
        await client.listTools();
      } finally {
        await client.close();
      }
    }
  }
});

/** True when a 405 names POST in Allow and carries no JSON-RPC code from the legacy range -32000…-32019. */
function isMethodRefusal(answer: Answer, allow: string | null): boolean {
  const allowed = (allow ?? '').split(',').map((method) => method.trim().toUpperCase());
  return answer.status === 405 && allowed.includes('POST') && !isReservedCode(answer.message?.error?.code);
}

test('answers every HTTP method but POST with 405, Allow: POST and no reserved code, before the token is looked at', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
    for (const bearer of [undefined, good]) {
      for (const session of [undefined, 'made-up-session-1']) {
        const headers: Record<string, string | undefined> = {
          accept: method === 'GET' ? 'text/event-stream' : 'application/json, text/event-stream',
          'content-type': method === 'GET' || method === 'DELETE' ? undefined : 'application/json',
          authorization: bearer === undefined ? undefined : `Bearer ${bearer}`,
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-06-18',
        };
        const request = new Request(options.resource, { method, headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)), body: method === 'PUT' || method === 'PATCH' ? '{}' : undefined });
        const response = await handler(request);
        const allow = response.headers.get('allow');
        const answer = await send(async () => response, options.resource, { http: method });
        ensure(isMethodRefusal(answer, allow), {
          what: say(
            `POST가 아닌 요청이 405, POST를 적은 Allow, 옛 범위(-32000~-32019) 밖의 코드로 답받지 않았다. 세션도 GET 스트림도 없는 이 끝점은 POST만 받는다. 2025년 클라이언트의 GET에는 "text/event-stream으로 답하거나 HTTP 405 Method Not Allowed를 돌려줘야 하고(MUST)"(2025-11-25, Streamable HTTP, Listening for Messages from the Server), 2026-07-28에서는 subscriptions/listen이 GET을 대신한다. RFC 9110 §15.5.6은 "405 응답에 Allow 헤더를 만들어야 한다(MUST)"고 하고, 2026-07-28은 -32000~-32019를 옛 범위(legacy)로 두고 새 구현이 그 코드를 쓰지 않아야 한다(SHOULD NOT)고 한다(2026-07-28, Base Protocol, Overview, Error Codes). 어떤 토큰으로도 이 메서드가 생기지 않으니 405는 401 뒤에 숨지 않는다. ${HTTP_TS} (TODO(04/2))`,
            `A request other than POST was not answered with 405, an Allow naming POST and a code outside the legacy range (-32000…-32019). This endpoint keeps no session and no GET stream, so it takes POST alone. A 2025 client's GET must get "Content-Type: text/event-stream … or else HTTP 405 Method Not Allowed" (2025-11-25, Streamable HTTP, Listening for Messages from the Server; MUST), and on 2026-07-28 subscriptions/listen replaces GET. RFC 9110 §15.5.6: "The origin server MUST generate an Allow header field in a 405 (Method Not Allowed) response", and 2026-07-28 calls -32000…-32019 legacy, a range "new implementations SHOULD NOT use" (2026-07-28, Base Protocol, Overview, Error Codes). No token makes this method exist, so the 405 is not hidden behind a 401. ${HTTP_TS} (TODO(04/2))`,
          ),
          sent: described(`${method} ${options.resource.pathname}; ${bearer === undefined ? say('토큰 없음', 'no token') : say('유효한 토큰', 'a valid token')}${session === undefined ? '' : `; Mcp-Session-Id: ${session}`}`),
          got: described(`${showAnswer(answer)} | Allow: ${allow ?? say('(없음)', '(none)')}`),
          expected: say('HTTP 405, Allow: POST, -32000~-32019가 아닌 본문', 'HTTP 405, Allow: POST, a body without a -32000…-32019 code'),
        });
      }
    }
  }
});

test('answers a path that is not the endpoint with 404, not with the -32601 method-not-found pair', async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  const base = options.resource;
  for (const path of ['/', '/other', `${base.pathname}/extra`, `${base.pathname}x`, base.pathname.toUpperCase()]) {
    for (const bearer of [good, undefined]) {
      const raw = modern('tools/list', {}, bearer);
      raw.url = new URL(path, base.origin).href;
      const answer = await send(handler, base, raw);
      ensure(answer.status === 404 && answer.message?.error?.code !== -32601 && answer.message?.result === undefined, {
        what: say(
          `MCP 끝점이 아닌 주소의 요청이 404로 끝나지 않았거나, 그 404에 -32601이 실려 있었다. 없는 주소는 HTTP의 404 Not Found다(RFC 9110 §15.5.5). 2026-07-28의 Streamable HTTP에서 404와 -32601의 짝은 "이 서버는 그 메서드를 구현하지 않았다"는 뜻이라, 주소가 틀린 클라이언트를 메서드가 틀렸다고 오해하게 만든다. ${HTTP_TS} (TODO(04/2))`,
          `A request to a path that is not the MCP endpoint did not end with 404, or the 404 carried -32601. A path that does not exist is HTTP's 404 Not Found (RFC 9110 §15.5.5); in 2026-07-28 Streamable HTTP, 404 with -32601 means "this server does not implement that method", which tells a client with a wrong address that its method was wrong. ${HTTP_TS} (TODO(04/2))`,
        ),
        sent: described(`POST ${raw.url}; ${bearer === undefined ? say('토큰 없음', 'no token') : say('유효한 토큰', 'a valid token')}; tools/list`),
        got: described(showAnswer(answer)),
        expected: say('HTTP 404, -32601 없음', 'HTTP 404, no -32601'),
      });
    }
  }
});

/** The graded copy's chapters folder, to show a place in the learner's code as the learner names it. */
const CHAPTERS_DIR = fileURLToPath(new URL('../../../chapters/', import.meta.url));

/** One look at the token or the body: what was read, and the learner's file:line that read it (absolute, in the graded copy) when the stack names one. */
interface Look {
  what: 'Authorization' | 'body';
  where: string | undefined;
}

/** What a watched request answers the bridge with (bridge-peer.ts): the request itself, and whom to tell of each look. */
const LOOKED = Symbol.for('checker.bridge.looked');

/** The body readers of a Request: calling any of them, or touching `body`, is looking at the body. */
const BODY_READERS = ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const;

/**
 * A request that writes down every look at its Authorization header (get or has) or its body, clones included, with
 * where in the learner's code it came from. Reading the other headers, the URL or the method is not written down.
 */
function watchedRequest(url: string, init: RequestInit, looks: Look[]): Request {
  const note = (what: unknown): void => {
    if (what === 'Authorization' || what === 'body') looks.push({ what, where: placeOfCaller() });
  };
  const watch = (request: Request): Request =>
    new Proxy(request, {
      get(target, property) {
        // The learner's code runs in a process of its own: the bridge copies the request there and watches the copy, telling note.
        if (property === LOOKED) return { request: target, look: note };
        if (property === 'headers') {
          return new Proxy(target.headers, {
            get(headers, name) {
              const value: unknown = Reflect.get(headers, name, headers);
              if (typeof value !== 'function') return value;
              if (name === 'get' || name === 'has') {
                return (header: string) => {
                  if (String(header).toLowerCase() === 'authorization') note('Authorization');
                  return (value as (header: string) => unknown).call(headers, header);
                };
              }
              return (value as (...args: unknown[]) => unknown).bind(headers);
            },
          });
        }
        if (property === 'body') note('body');
        if (property === 'clone') return () => watch(target.clone());
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        if ((BODY_READERS as readonly (string | symbol)[]).includes(property)) {
          return (...args: unknown[]) => {
            note('body');
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...args: unknown[]) => unknown).bind(target);
      },
    });
  return watch(new Request(url, init));
}

/** The looks as the learner names them: what was read and at which line of their chapters, once each. */
function showLooks(looks: readonly Look[]): string {
  const seen = [...new Set(looks.map(({ what, where }) => `${say(what === 'body' ? '본문을 읽은 곳' : 'Authorization을 읽은 곳', what === 'body' ? 'the body read at' : 'Authorization read at')}: ${(where === undefined ? null : shownPlace(where, CHAPTERS_DIR)) ?? say('(알 수 없음)', '(unknown)')}`))];
  return seen.join('; ');
}

test('decides the path, the origin and the method before it reads the token or the body', async () => {
  const { options, token } = setup({ allowedOrigins: new Set(['http://127.0.0.1:8931']) });
  const handler = handlerOf(options);
  const good = token(ALL_SCOPES);
  const base = options.resource;
  const body = JSON.stringify(modern('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, good).body);
  const modernHeaders = { ...modern('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, good).headers };
  const headers = (extra: Record<string, string | undefined>): Record<string, string> =>
    Object.fromEntries(Object.entries({ accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...modernHeaders, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const cases: { label: string; url: string; init: RequestInit; status: number }[] = [
    { label: `POST ${base.pathname}, Origin: https://evil.example, tools/call`, url: base.href, init: { method: 'POST', headers: headers({ origin: 'https://evil.example' }), body }, status: 403 },
    { label: `POST ${base.pathname}, Origin: http://127.0.0.1:8931.evil.example, tools/call`, url: base.href, init: { method: 'POST', headers: headers({ origin: 'http://127.0.0.1:8931.evil.example' }), body }, status: 403 },
    { label: 'POST /other, tools/call', url: new URL('/other', base.origin).href, init: { method: 'POST', headers: headers({}), body }, status: 404 },
    { label: `PUT ${base.pathname}`, url: base.href, init: { method: 'PUT', headers: headers({}), body }, status: 405 },
    { label: `DELETE ${base.pathname}`, url: base.href, init: { method: 'DELETE', headers: headers({ 'content-type': undefined }) }, status: 405 },
  ];
  for (const { label, url, init, status } of cases) {
    const looks: Look[] = [];
    const response = await handler(watchedRequest(url, init, looks));
    await response.body?.cancel();
    const first = looks.find((look) => look.where !== undefined);
    ensure(looks.length === 0 && response.status === status, {
      what: say(
        `문간에서 끝나야 할 요청(${status})에서 ${looks.length === 0 ? `상태가 ${josa(status, '이/가')} 아니었다` : '끝점이 답을 정하기 전에 토큰이나 본문을 읽었다'}. 경로, 출처, HTTP 메서드는 요청 줄과 헤더만으로 정해진다: 허용하지 않은 출처의 요청이 실어 온 토큰과 본문은 이 서버가 볼 것이 아니고(2026-07-28, Streamable HTTP, Security & Endpoint: "Origin 헤더가 있는데 유효하지 않으면 HTTP 403 Forbidden으로 답해야 한다(MUST)"), 없는 경로나 없는 메서드에는 어떤 토큰도 본문도 답을 바꾸지 못한다. 읽는 줄을 문간 판단 뒤로 옮겨라. ${HTTP_TS} (TODO(04/2))`,
        `A request that must end at the front door (${status}) ${looks.length === 0 ? `did not end with ${status}` : 'had its token or body read before the endpoint settled the answer'}. The path, the origin and the HTTP method are settled from the request line and headers alone: the token and body a foreign origin's request carries are not this server's to look at (2026-07-28, Streamable HTTP, Security & Endpoint: "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden"), and no token or body changes the answer to a path or method that does not exist here. The read belongs after the front door. ${HTTP_TS} (TODO(04/2))`,
      ),
      sent: described(`${label}; ${say('유효한 토큰', 'a valid token')}`),
      got: described(looks.length === 0 ? `HTTP ${response.status}` : `HTTP ${response.status} | ${showLooks(looks)}`),
      expected: say(`HTTP ${status}, 토큰도 본문도 읽지 않음`, `HTTP ${status}, with neither the token nor the body read`),
      ...(first?.where === undefined ? {} : { where: first.where }),
    });
  }
});
