import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, HTTP_TS, RESOURCES, challengeParam, connectClient, handlerOf, metadataUrlOf, modern, send, setup, showAnswer } from './support.ts';
import type { Setup } from './support.ts';

/** Why a request without a good token must get 401 with the pointer, shared by the token tests. */
const WHY = {
  ko: '2026-07-28에서 MCP 서버는 OAuth 2.1 자원 서버다. 요청마다 Authorization: Bearer 토큰을 확인하고, 토큰이 없거나 유효하지 않거나 만료되었거나 이 서버(자원)를 위해 발급되지 않았으면 401로 답한다. 그 답의 WWW-Authenticate에는 resource_metadata로 보호 자원 메타데이터의 주소가 실려, 클라이언트가 어느 인가 서버에서 토큰을 받아야 하는지 찾아갈 수 있다(2026-07-28, Authorization). 서버 허용 목록과 같은 원리다: 이 서버를 위해 발급된 것이 아니면 받지 않는다.',
  en: "On 2026-07-28 an MCP server is an OAuth 2.1 resource server. It checks the Authorization: Bearer token on every request and answers 401 when the token is missing, invalid, expired or not issued for this server (this resource). The answer's WWW-Authenticate carries resource_metadata, the address of the protected-resource metadata, so the client can find which authorization server to get a token from (2026-07-28, Authorization). It is the server allowlist again: what was not issued for this server is not accepted.",
};

/** Requests that carry no token this server may accept. */
function badCredentials(s: Setup): { label: string; authorization: string | undefined; query?: string }[] {
  const other = new URL('https://other.example.com/mcp');
  const samePlaceOtherPath = new URL(`${s.options.resource.origin}/other/mcp`);
  return [
    { label: say('Authorization 없음', 'no Authorization'), authorization: undefined },
    { label: 'Authorization: Basic dXNlcjpwYXNz', authorization: 'Basic dXNlcjpwYXNz' },
    { label: say('모르는 토큰', 'an unknown token'), authorization: 'Bearer not-a-token-anyone-issued' },
    { label: say('만료된 토큰', 'an expired token'), authorization: `Bearer ${s.token(ALL_SCOPES, { expiresIn: -60 })}` },
    { label: say(`다른 서버(${other.href})에 발급된 토큰`, `a token issued for another server (${other.href})`), authorization: `Bearer ${s.token(ALL_SCOPES, { audience: other })}` },
    { label: say(`같은 호스트의 다른 자원(${samePlaceOtherPath.href})에 발급된 토큰`, `a token issued for another resource on the same host (${samePlaceOtherPath.href})`), authorization: `Bearer ${s.token(ALL_SCOPES, { audience: samePlaceOtherPath })}` },
    { label: say('주소의 access_token으로 보낸 토큰', 'a token sent as access_token in the URL'), authorization: undefined, query: `access_token=${s.token(ALL_SCOPES)}` },
  ];
}

test('answers every request without a valid token for this server with 401 and a resource_metadata pointer', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    for (const { label, authorization, query } of badCredentials(s)) {
      const raw = modern('tools/call', { name: 'count_tasks', arguments: { status: 'open' } }, undefined);
      raw.headers = { ...raw.headers, authorization };
      if (query !== undefined) raw.url = `${resource.href}?${query}`;
      const answer = await send(handler, resource, raw);
      const pointer = challengeParam(answer.challenge, 'resource_metadata');
      ensure(answer.status === 401 && /^Bearer\b/i.test(answer.challenge ?? '') && pointer === metadataUrlOf(resource), {
        what: say(`이 서버가 받을 수 있는 토큰 없이 온 요청이 401과 메타데이터 주소로 끝나지 않았다. ${WHY.ko} ${HTTP_TS} (TODO(04/3))`, `A request without a token this server may accept did not end with 401 and the metadata pointer. ${WHY.en} ${HTTP_TS} (TODO(04/3))`),
        sent: described(`${resource.href}: ${label}; tools/call count_tasks`),
        got: showAnswer(answer),
        expected: `HTTP 401, WWW-Authenticate: Bearer ... resource_metadata="${metadataUrlOf(resource)}"`,
      });
    }
  }
});

test('checks the token on every request, not only the first', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    const good = s.token(ALL_SCOPES);
    const first = await send(handler, resource, modern('tools/list', {}, good));
    for (const { label, authorization } of badCredentials(s).filter((credential) => credential.query === undefined)) {
      const raw = modern('tools/list', {}, undefined);
      raw.headers = { ...raw.headers, authorization };
      const answer = await send(handler, resource, raw);
      ensure(first.status === 200 && answer.status === 401, {
        what: say(
          `유효한 토큰으로 요청 하나가 받아들여진 뒤, 좋은 토큰 없이 온 요청이 401로 끝나지 않았다. 세션이 없으니 앞선 요청의 토큰은 다음 요청에 아무 권한도 주지 않는다(2026-07-28, Authorization: 인가는 모든 HTTP 요청에 실려야 한다). ${HTTP_TS} (TODO(04/3))`,
          `After one request with a valid token was served, a request without a good token did not end with 401. There is no session, so an earlier request's token grants the next one nothing (2026-07-28, Authorization: authorization must be included in every HTTP request). ${HTTP_TS} (TODO(04/3))`,
        ),
        sent: described(`${say('좋은 토큰으로 tools/list 뒤에', 'after tools/list with a good token,')} ${label}`),
        got: { first: showAnswer(first), then: showAnswer(answer) },
        expected: say('HTTP 200, 그다음 HTTP 401', 'HTTP 200, then HTTP 401'),
      });
    }
  }
});

test('serves the protected-resource metadata without a token: this resource, its authorization servers and scopes', async () => {
  const issuers = [[new URL('https://auth.suite.example')], [new URL('https://login.suite.example/tenant'), new URL('https://backup.suite.example')]];
  for (const [index, resource] of RESOURCES.entries()) {
    const authorizationServers = issuers[index]!;
    const s = setup({ resource, authorizationServers });
    const handler = handlerOf(s.options);
    const answer = await send(handler, resource, { http: 'GET', url: metadataUrlOf(resource), headers: { accept: 'application/json', 'content-type': undefined } });
    let document: { resource?: unknown; authorization_servers?: unknown; scopes_supported?: unknown } = {};
    try {
      document = JSON.parse(answer.text) as typeof document;
    } catch {
      document = {};
    }
    const servers = Array.isArray(document.authorization_servers) ? document.authorization_servers : [];
    const scopes = Array.isArray(document.scopes_supported) ? document.scopes_supported : [];
    ensure(
      answer.status === 200 &&
        document.resource === resource.href &&
        authorizationServers.every((issuer) => servers.includes(issuer.href)) &&
        ALL_SCOPES.every((scope) => scopes.includes(scope)),
      {
        what: say(
          `보호 자원 메타데이터(RFC 9728)는 토큰 없이 읽을 수 있어야 한다. 401을 받은 클라이언트가 토큰을 얻으러 가기 전에 읽는 문서이기 때문이다. 그 문서는 이 자원의 주소, 토큰을 발급하는 인가 서버, 이 서버가 아는 범위를 밝힌다(2026-07-28, Authorization Server Discovery). ${HTTP_TS}`,
          `The protected-resource metadata (RFC 9728) must be readable without a token: a client that got 401 reads it before it has one. It names this resource, the authorization servers that issue its tokens and the scopes this server knows (2026-07-28, Authorization Server Discovery). ${HTTP_TS}`,
        ),
        sent: described(`GET ${metadataUrlOf(resource)} ${say('(토큰 없음)', '(no token)')}`),
        got: `HTTP ${answer.status} ${answer.text.slice(0, 300)}`,
        expected: `HTTP 200, resource "${resource.href}", authorization_servers ${JSON.stringify(authorizationServers.map((issuer) => issuer.href))}, scopes_supported ${JSON.stringify(ALL_SCOPES)}`,
      },
    );
  }
});

test('serves a valid token issued for this server, on every request', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    for (let round = 0; round < 2; round += 1) {
      const client = await connectClient(handler, resource, s.token(ALL_SCOPES, { expiresIn: 60 + round * 3600 }));
      try {
        const listed = await client.listTools();
        const called = await client.callTool({ name: 'count_tasks', arguments: { status: 'done' } });
        const text = called.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
        ensure(listed.tools.length > 0 && text === 'done: 1', {
          what: say(`이 서버를 위해 발급된 유효한 토큰을 가진 클라이언트가 요청마다 받아들여져야 하는데 그러지 않았다. ${HTTP_TS} (TODO(04/3))`, `A client with a valid token issued for this server should be served on every request, and was not. ${HTTP_TS} (TODO(04/3))`),
          sent: described(`${resource.href}: listTools(); callTool count_tasks {"status":"done"}`),
          got: { tools: listed.tools.map((tool) => tool.name), count: text },
          expected: say('도구 목록과 "done: 1"', 'a tool list and "done: 1"'),
        });
      } finally {
        await client.close();
      }
    }
  }
});
