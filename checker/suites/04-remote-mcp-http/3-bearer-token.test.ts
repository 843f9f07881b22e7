import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, AUTH_TS, RESOURCES, challengeParam, connectClient, everyMethod, handlerOf, metadataUrlOf, modern, send, setup, showAnswer } from './support.ts';
import type { Answer, ClientMode, Setup } from './support.ts';

/** Why a request without a good token must get 401 with the pointer, shared by the token tests. */
const WHY = {
  ko: 'MCP 서버는 OAuth 2.1 자원 서버다. 토큰을 요청마다 확인하고, "유효하지 않거나 만료된 토큰은 HTTP 401 응답을 받아야 한다(MUST)"(2026-07-28, Authorization, Token Handling). 401의 WWW-Authenticate에는 resource_metadata로 보호 자원 메타데이터의 주소를 싣고(RFC 9728 §5.1), "MCP 서버는 WWW-Authenticate 헤더에 scope 매개변수를 넣어야 한다(SHOULD)"(2026-07-28, Authorization, Scope Selection Strategy): 클라이언트는 이 둘로 어느 인가 서버에서 어떤 범위의 토큰을 받을지 안다. 서버 허용 목록과 같은 원리다: 이 서버를 위해 발급된 것이 아니면 받지 않는다.',
  en: 'An MCP server is an OAuth 2.1 resource server. It checks the token on every request, and "Invalid or expired tokens MUST receive a HTTP 401 response" (2026-07-28, Authorization, Token Handling). The 401\'s WWW-Authenticate carries resource_metadata, the address of the protected-resource metadata (RFC 9728 §5.1), and "MCP servers SHOULD include a scope parameter in the WWW-Authenticate header" (2026-07-28, Authorization, Scope Selection Strategy): with both the client knows which authorization server to ask, and for which scopes. It is the server allowlist again: what was not issued for this server is not accepted.',
};

/** Requests that carry no authentication information this server takes: RFC 6750 §3.1 says their 401 carries no error code. */
function noCredentials(s: Setup): { label: string; authorization: string | undefined; query?: string }[] {
  // A good token under another scheme, or inside a Digest parameter, is still no Bearer credential: the scheme alone says what the header holds.
  const good = s.token(ALL_SCOPES);
  return [
    { label: say('Authorization 없음', 'no Authorization'), authorization: undefined },
    { label: 'Authorization: Basic dXNlcjpwYXNz', authorization: 'Basic dXNlcjpwYXNz' },
    { label: 'Authorization: Digest username="course", realm="mcp", …', authorization: 'Digest username="course", realm="mcp", nonce="dcd98b7102dd2f0e", uri="/mcp", response="6629fae49393a05397450978507c4ef1"' },
    { label: say('Authorization: Digest <유효한 토큰>', 'Authorization: Digest <a valid token>'), authorization: `Digest ${good}` },
    { label: say('Authorization: Digest username="Bearer <유효한 토큰>"', 'Authorization: Digest username="Bearer <a valid token>"'), authorization: `Digest username="Bearer ${good}", realm="mcp"` },
    { label: say('주소의 access_token으로 보낸 토큰(MCP는 쿼리 문자열의 토큰을 금한다)', 'a token sent as access_token in the URL (MCP forbids tokens in the query string)'), authorization: undefined, query: `access_token=${s.token(ALL_SCOPES)}` },
  ];
}

/** Requests whose bearer token this server must refuse: unknown, expired, or issued for another resource. */
function badTokens(s: Setup): { label: string; authorization: string }[] {
  const here = s.options.resource;
  const elsewhere = [
    new URL('https://other.example.com/mcp'),
    new URL(`${here.origin}/other/mcp`),
    new URL(`${here.protocol === 'http:' ? 'https:' : 'http:'}//${here.host}${here.pathname}`),
    new URL(`${here.protocol}//${here.hostname}:${Number(here.port || 80) + 1}${here.pathname}`),
  ];
  return [
    { label: say('모르는 토큰', 'an unknown token'), authorization: 'Bearer not-a-token-anyone-issued' },
    { label: say('만료된 토큰', 'an expired token'), authorization: `Bearer ${s.token(ALL_SCOPES, { expiresIn: -60 })}` },
    ...elsewhere.map((audience) => ({ label: say(`다른 자원(${audience.href})에 발급된 토큰`, `a token issued for another resource (${audience.href})`), authorization: `Bearer ${s.token(ALL_SCOPES, { audience })}` })),
  ];
}

/** The failing clause of a 401 challenge, or undefined when it has all the rule asks: Bearer, this server's resource_metadata, a scope of known scopes, and an error code exactly when one belongs. */
function challengeFault(answer: Answer, resource: URL, wantsError: boolean): string | undefined {
  if (answer.status !== 401) return say(`상태가 401이 아니다`, 'the status is not 401');
  if (!/^Bearer\b/i.test(answer.challenge ?? '')) return say('WWW-Authenticate가 Bearer 요구가 아니다', 'WWW-Authenticate is not a Bearer challenge');
  if (challengeParam(answer.challenge, 'resource_metadata') !== metadataUrlOf(resource)) return say('resource_metadata가 이 서버의 메타데이터 주소가 아니다', "resource_metadata is not this server's metadata address");
  const scope = challengeParam(answer.challenge, 'scope');
  const scopes = (scope ?? '').split(' ').filter((one) => one !== '');
  if (scopes.length === 0 || !scopes.every((one) => ALL_SCOPES.includes(one))) return say('scope가 없거나 이 서버의 범위가 아니다', "scope is missing or not this server's scopes");
  const error = challengeParam(answer.challenge, 'error');
  if (wantsError && error !== 'invalid_token') return say('토큰이 거절되었는데 error="invalid_token"이 없다', 'a token was refused without error="invalid_token"');
  if (!wantsError && error !== undefined) return say(`자격 증명이 없는 요청인데 오류 코드(error="${error}")가 있다`, `a request with no credentials got an error code (error="${error}")`);
  return undefined;
}

test('answers a request with no credentials with 401, resource_metadata and scope, and no error code', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    for (const { label, authorization, query } of noCredentials(s)) {
      for (const { label: method, raw } of everyMethod(undefined)) {
        raw.headers = { ...raw.headers, authorization };
        if (query !== undefined) raw.url = `${resource.href}?${query}`;
        const answer = await send(handler, resource, raw);
        const fault = challengeFault(answer, resource, false);
        ensure(fault === undefined, {
          what: say(
            `자격 증명 없이 온 요청의 답이 틀렸다: ${fault}. RFC 6750 §3.1: "요청에 인증 정보가 아예 없으면(예: 클라이언트가 인증이 필요한 줄 몰랐거나 지원하지 않는 인증 방법을 썼으면) 자원 서버는 오류 코드나 다른 오류 정보를 넣지 않아야 한다(SHOULD NOT)." ${WHY.ko} ${AUTH_TS} (TODO(04/3))`,
            `The answer to a request with no credentials is wrong: ${fault}. RFC 6750 §3.1: "If the request lacks any authentication information (e.g., the client was unaware that authentication is necessary or attempted using an unsupported authentication method), the resource server SHOULD NOT include an error code or other error information." ${WHY.en} ${AUTH_TS} (TODO(04/3))`,
          ),
          sent: described(`${resource.href}: ${label}; ${method}`),
          got: described(showAnswer(answer)),
          expected: `HTTP 401, WWW-Authenticate: Bearer resource_metadata="${metadataUrlOf(resource)}", scope="…" ${say('(error 없음)', '(no error)')}`,
        });
      }
    }
  }
});

test('answers a bad token (unknown, expired, issued for another resource) with 401 invalid_token, resource_metadata and scope, on every method in both eras', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    for (const [tokenIndex, { label, authorization }] of badTokens(s).entries()) {
      // Each bad token asks half of the methods, the other half for the next token: every method meets every kind of refusal.
      for (const { label: method, raw } of everyMethod(undefined).filter((_, methodIndex) => (methodIndex + tokenIndex) % 2 === 0)) {
        raw.headers = { ...raw.headers, authorization };
        const answer = await send(handler, resource, raw);
        const fault = challengeFault(answer, resource, true);
        ensure(fault === undefined, {
          what: say(
            `이 서버가 받을 수 없는 토큰을 가진 요청의 답이 틀렸다: ${fault}. 토큰은 유효하고, 만료되지 않았고, 이 서버(자원)를 위해 발급된 것이어야 한다: "MCP 서버는 요청을 처리하기 전에 접근 토큰을 검증해, 그 토큰이 바로 이 MCP 서버를 위해 발급되었음을 확인해야 한다(MUST)"(2026-07-28, Authorization Security Considerations, Access Token Privilege Restriction). 토큰이 있었는데 거절된 401에는 error="invalid_token"을 싣는다(RFC 6750 §3, §3.1). ${WHY.ko} ${AUTH_TS} (TODO(04/3))`,
            `The answer to a request with a token this server may not accept is wrong: ${fault}. The token must be valid, unexpired and issued for this server (this resource): "MCP servers MUST validate access tokens before processing the request, ensuring the access token is issued specifically for the MCP server" (2026-07-28, Authorization Security Considerations, Access Token Privilege Restriction). A 401 for a token that was presented and refused carries error="invalid_token" (RFC 6750 §3, §3.1). ${WHY.en} ${AUTH_TS} (TODO(04/3))`,
          ),
          sent: described(`${resource.href}: ${label}; ${method}`),
          got: described(showAnswer(answer)),
          expected: `HTTP 401, WWW-Authenticate: Bearer error="invalid_token", resource_metadata="${metadataUrlOf(resource)}", scope="…"`,
        });
      }
    }
  }
});

test('checks the token on every request, not only the first', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    const good = s.token(ALL_SCOPES);
    const first = await send(handler, resource, modern('tools/list', {}, good));
    for (const { label, authorization } of [...noCredentials(s).filter((credential) => credential.query === undefined), ...badTokens(s)]) {
      const raw = modern('tools/list', {}, undefined);
      raw.headers = { ...raw.headers, authorization };
      const answer = await send(handler, resource, raw);
      ensure(first.status === 200 && answer.status === 401, {
        what: say(
          `유효한 토큰으로 요청 하나가 받아들여진 뒤, 좋은 토큰 없이 온 요청이 401로 끝나지 않았다. 세션이 없으니 앞선 요청의 토큰은 다음 요청에 아무 권한도 주지 않는다(2026-07-28, Authorization, Token Requirements: 인가는 모든 HTTP 요청에 실려야 한다). ${AUTH_TS} (TODO(04/3))`,
          `After one request with a valid token was served, a request without a good token did not end with 401. There is no session, so an earlier request's token grants the next one nothing (2026-07-28, Authorization, Token Requirements: authorization must be included in every HTTP request). ${AUTH_TS} (TODO(04/3))`,
        ),
        sent: described(`${say('좋은 토큰으로 tools/list 뒤에', 'after tools/list with a good token,')} ${label}`),
        got: described(`${say('처음', 'first')}: ${showAnswer(first)}; ${say('그다음', 'then')}: ${showAnswer(answer)}`),
        expected: say('HTTP 200, 그다음 HTTP 401', 'HTTP 200, then HTTP 401'),
      });
    }
  }
  // The same token, served once, then withdrawn: the answer of the first request must not stand for the next.
  await servedThenWithdrawn('revoked');
  await servedThenWithdrawn('expired');
});

/** A token this server served once, then withdrawn by the authorization server: a request with it afterwards must be refused like any bad token. */
async function servedThenWithdrawn(how: 'revoked' | 'expired'): Promise<void> {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    const token = s.token(ALL_SCOPES);
    const first = await send(handler, resource, modern('tools/list', {}, token));
    s.withdraw(token, how);
    const later = await send(handler, resource, modern('tools/list', {}, token));
    const refused = later.status === 401 && challengeParam(later.challenge, 'error') === 'invalid_token';
    const after = how === 'revoked' ? say('인가 서버가 그 토큰을 거둬들인 뒤에도', 'after the authorization server withdrew it (it is now unknown)') : say('그 토큰이 만료된 뒤에도', 'after it expired');
    const between = how === 'revoked' ? say('인가 서버가 토큰을 거둬들임', 'the token withdrawn in between') : say('토큰이 만료됨', 'the token expired in between');
    ensure(first.status === 200 && refused, {
      what: say(
        `처음에 받아들인 토큰을 ${after} 다시 받아들였다. 토큰이 유효한지는 요청마다 그때 묻는다: "유효하지 않거나 만료된 토큰은 HTTP 401을 받아야 한다(MUST)"(2026-07-28, Authorization, Token Handling). 앞선 요청의 답을 기억해 쓰면 거둬들인 토큰이 계속 통한다. ${AUTH_TS} (TODO(04/3))`,
        `A token served at first was served again ${after}. Whether a token is valid is asked on each request, at that time: "Invalid or expired tokens MUST receive a HTTP 401 response" (2026-07-28, Authorization, Token Handling). Remembering an earlier answer lets a withdrawn token through. ${AUTH_TS} (TODO(04/3))`,
      ),
      sent: described(`${say('같은 토큰으로 tools/list 두 번, 그 사이에', 'tools/list twice with the same token,')} ${between}`),
      got: described(`${say('처음', 'first')}: ${showAnswer(first)}; ${say('그다음', 'then')}: ${showAnswer(later)}`),
      expected: say('HTTP 200, 그다음 HTTP 401 error="invalid_token"', 'HTTP 200, then HTTP 401 error="invalid_token"'),
    });
  }
}

test('serves the protected-resource metadata without a token: this resource, its authorization servers exactly as written, and scopes', async () => {
  const issuers = [['https://auth.suite.example'], ['https://login.suite.example/tenant', 'https://backup.suite.example']];
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
        servers.length === authorizationServers.length &&
        authorizationServers.every((issuer) => servers.includes(issuer)) &&
        ALL_SCOPES.every((scope) => scopes.includes(scope)),
      {
        what: say(
          `보호 자원 메타데이터(RFC 9728)는 토큰 없이 읽을 수 있어야 한다. 401을 받은 클라이언트가 토큰을 얻으러 가기 전에 읽는 문서이기 때문이다. 그 문서는 이 자원의 주소, 토큰을 발급하는 인가 서버의 발급자 식별자, 이 서버가 아는 범위를 밝힌다(2026-07-28, Authorization Server Discovery). 발급자 식별자는 글자 그대로 적는다: 클라이언트는 인가 서버 메타데이터의 issuer가 이 값과 "같아야 한다(MUST be identical)"(RFC 8414 §3.3)고 확인하니, URL.href가 붙이는 끝의 '/' 하나로도 발견이 깨진다. ${AUTH_TS}`,
          `The protected-resource metadata (RFC 9728) must be readable without a token: a client that got 401 reads it before it has one. It names this resource, the issuer identifiers of the authorization servers that issue its tokens and the scopes this server knows (2026-07-28, Authorization Server Discovery). Issuer identifiers are written exactly: a client checks that the authorization server metadata's issuer "MUST be identical" to this value (RFC 8414 §3.3), so the one trailing '/' URL.href adds breaks discovery. ${AUTH_TS}`,
        ),
        sent: described(`GET ${metadataUrlOf(resource)} ${say('(토큰 없음)', '(no token)')}`),
        got: `HTTP ${answer.status} ${answer.text.slice(0, 300)}`,
        expected: `HTTP 200, resource "${resource.href}", authorization_servers ${JSON.stringify(authorizationServers)}, scopes_supported ${JSON.stringify(ALL_SCOPES)}`,
      },
    );
  }
});

test('serves a valid token issued for this server, on every request, in both eras', async () => {
  for (const resource of RESOURCES) {
    const s = setup({ resource });
    const handler = handlerOf(s.options);
    for (const [round, mode] of (['default', 'pinned'] as ClientMode[]).entries()) {
      const client = await connectClient(handler, resource, s.token(ALL_SCOPES, { expiresIn: 60 + round * 3600 }), mode);
      try {
        const listed = await client.listTools();
        const called = await client.callTool({ name: 'count_tasks', arguments: { status: 'done' } });
        const text = called.content.map((item) => (item.type === 'text' ? item.text : '')).join('');
        ensure(listed.tools.length > 0 && text === 'done: 1', {
          what: say(`이 서버를 위해 발급된 유효한 토큰을 가진 클라이언트가 요청마다 받아들여져야 하는데 그러지 않았다. ${AUTH_TS} (TODO(04/3))`, `A client with a valid token issued for this server should be served on every request, and was not. ${AUTH_TS} (TODO(04/3))`),
          sent: described(`${resource.href} (${mode}): listTools(); callTool count_tasks {"status":"done"}`),
          got: { tools: listed.tools.map((tool) => tool.name), count: text },
          expected: say('도구 목록과 "done: 1"', 'a tool list and "done: 1"'),
        });
      } finally {
        await client.close();
      }
    }
  }
});
