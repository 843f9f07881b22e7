import type { ChapterEntry } from './types.ts';

/** Chapter 4: the chapter 3 server on one stateless Streamable HTTP endpoint for both eras, with origin checks, bearer tokens and scopes. */
export const chapter: ChapterEntry = {
  id: '04',
  dir: '04-remote-mcp-http',
  title: {
    ko: '원격 MCP: 두 시대를 받는 무상태 HTTP, 출처, 토큰, 범위',
    en: 'Remote MCP: stateless HTTP for both eras, origins, tokens and scopes',
  },
  outcome: {
    ko: '서버를 원격 HTTP 끝점으로 열고, 버전·출처·헤더·토큰·범위가 틀린 요청마다 맞는 상태와 오류 코드로 답하며, 이 서버를 위해 발급된 토큰만 받을 수 있다.',
    en: 'You can open the server as a remote HTTP endpoint, answer each request with a wrong version, origin, header, token or scope with the right status and error code, and accept only tokens issued for this server.',
  },
  exercises: [
    {
      id: '04/1',
      title: { ko: '두 시대를 한 끝점에서', en: 'Both eras on one endpoint' },
      hint: {
        ko: '지금의 호스트는 initialize로 시작해 MCP-Protocol-Version 헤더를 다는 2025년 방식으로 말하고, 2026-07-28 클라이언트는 요청마다 _meta 봉투를 단다. route가 받는 요청이 어느 쪽인지는 그 요청 안에만 있다. SDK 서버 패키지의 createMcpHandler 문서에서 두 시대의 요청을 가르는 방법을 찾아 읽고, 2025년 요청이 헤더로 말하는 개정판을 이 서버가 합의할 수 있는지는 누가 판단하는지 보라. 함정: 첫 요청이 정한 시대를 기억하는 것, 거절할 개정판 몇 개만 적어 두는 것, 거절에 -32000~-32019를 쓰는 것.',
        en: "Today's hosts speak the 2025 way, starting with initialize and adding the MCP-Protocol-Version header; a 2026-07-28 client puts the _meta envelope on every request. Which one a request in route is lies in that request alone. Find in the SDK server package's createMcpHandler documentation how the two eras' requests are told apart, and see who decides whether this server can negotiate the revision a 2025 request names in its header. Traps: remembering the era the first request settled, listing a few revisions to refuse, refusing with a code in -32000…-32019.",
      },
      rule: {
        ko: '끝점은 각 요청을 그 요청이 말하는 것만으로, 세션 없이 판단한다: 2025년 시대 요청(initialize, 그리고 합의한 MCP-Protocol-Version을 단 요청)과 2026-07-28 요청에 답하고, _meta가 다른 개정판을 말하면 400과 data.supported에 2026-07-28을 담은 -32022, 2026-07-28 요청에 MCP-Protocol-Version이 빠지면 400과 -32020, 2025년 요청의 헤더가 합의할 수 없는 개정판이면 400과 -32000~-32019 밖의 오류로 거절한다.',
        en: 'The endpoint judges each request by what that request says alone, with no session: it serves 2025-era requests (initialize, then requests carrying the negotiated MCP-Protocol-Version) and 2026-07-28 requests, and refuses with 400 and a -32022 whose data.supported lists 2026-07-28 when _meta names another revision, with 400 and -32020 when a 2026-07-28 request lacks MCP-Protocol-Version, and with 400 and an error outside -32000…-32019 when a 2025-era header names a revision it cannot negotiate.',
      },
      clauses: [
        { en: 'The endpoint judges each request by what that request says alone, with no session', tests: ['judges each request by what it says alone: no session, and earlier requests change nothing', 'serves 2026-07-28 clients: the SDK client pinned and in auto mode, one POST per request'] },
        { en: 'it serves 2025-era requests (initialize, then requests carrying the negotiated MCP-Protocol-Version)', tests: ['serves 2025-era clients: initialize, then requests with the negotiated MCP-Protocol-Version', 'judges each request by what it says alone: no session, and earlier requests change nothing'] },
        { en: 'and 2026-07-28 requests', tests: ['serves 2026-07-28 clients: the SDK client pinned and in auto mode, one POST per request', 'judges each request by what it says alone: no session, and earlier requests change nothing'] },
        { en: 'refuses with 400 and a -32022 whose data.supported lists 2026-07-28 when _meta names another revision', tests: ['refuses a request naming a revision the endpoint does not serve with 400: -32022 for an envelope, and no reserved code for a 2025-era header', 'judges each request by what it says alone: no session, and earlier requests change nothing'] },
        { en: 'with 400 and -32020 when a 2026-07-28 request lacks MCP-Protocol-Version', tests: ['refuses a 2026-07-28 request without MCP-Protocol-Version with 400 and -32020'] },
        { en: 'with 400 and an error outside -32000…-32019 when a 2025-era header names a revision it cannot negotiate', tests: ['refuses a request naming a revision the endpoint does not serve with 400: -32022 for an envelope, and no reserved code for a 2025-era header', 'judges each request by what it says alone: no session, and earlier requests change nothing'] },
      ],
      suite: '1-version-on-every-request.test.ts',
      todo: { file: 'http.ts', symbol: 'route' },
      tests: {
        'serves 2025-era clients: initialize, then requests with the negotiated MCP-Protocol-Version': '2025년 시대 클라이언트에 답한다: initialize, 그리고 합의한 MCP-Protocol-Version을 단 요청',
        'serves 2026-07-28 clients: the SDK client pinned and in auto mode, one POST per request': '2026-07-28 클라이언트에 답한다: 고정 모드와 auto 모드의 SDK 클라이언트, 요청마다 POST 한 번',
        'refuses a 2026-07-28 request without MCP-Protocol-Version with 400 and -32020': 'MCP-Protocol-Version이 빠진 2026-07-28 요청은 400과 -32020으로 거절한다',
        'refuses a request naming a revision the endpoint does not serve with 400: -32022 for an envelope, and no reserved code for a 2025-era header':
          '이 끝점이 말하지 않는 개정판을 말하는 요청은 400으로 거절한다: 봉투에는 -32022, 2025년 헤더에는 옛 범위(-32000~-32019) 밖의 코드',
        'judges each request by what it says alone: no session, and earlier requests change nothing': '요청마다 그 요청이 말하는 것만으로 판단한다: 세션이 없고, 앞선 요청은 아무것도 바꾸지 않는다',
      },
    },
    {
      id: '04/2',
      title: { ko: '끝점의 문간: 경로, 출처, 메서드', en: "The endpoint's front door: path, origin, method" },
      hint: {
        ko: '토큰을 보기도 전에 정해지는 답이 셋 있다. 끝점이 아닌 주소, 허용하지 않은 브라우저 출처, 이 끝점에 없는 HTTP 메서드다. 출처는 2장의 서버 허용 목록처럼 목록에 있는 것과 정확히 같은지만 묻는다. 비슷해 보이는 출처(다른 포트, 다른 스킴, 이름 뒤에 붙은 다른 도메인, 문자열 "null")를 만들어 server/discover, initialize, tools/list에도 보내 보라. Origin이 없는 요청은 브라우저가 아닌 클라이언트가 보낸 것이다. 405와 404에 무엇을 실어야 하는지는 RFC 9110과 명세의 오류 코드 절에 있다. 함정: 도구 호출에만 출처를 확인하는 것, 호스트 이름만 비교하는 것, 405를 401 뒤에 두는 것.',
        en: 'Three answers are settled before any token is looked at: a path that is not the endpoint, a browser origin not allowed, and an HTTP method this endpoint does not have. As with chapter 2\'s server allowlist, ask only whether the origin is exactly one on the list. Make up origins that look close (another port, another scheme, another domain after the name, the string "null") and send them to server/discover, initialize and tools/list too. A request without Origin comes from a client that is not a browser. What a 405 and a 404 must carry is in RFC 9110 and the error-code section of the specification. Traps: checking the origin only on tool calls, comparing host names alone, putting the 405 behind a 401.',
      },
      rule: {
        ko: '토큰이나 본문을 보기 전에, 끝점이 아닌 경로는 -32601 없는 404, Origin이 있는데 allowedOrigins와 정확히 같지 않으면 어느 메서드, 어느 시대든 403, POST가 아닌 HTTP 메서드는 Allow: POST와 -32000~-32019 밖의 본문을 단 405로 끝나며, Origin이 없거나 목록에 있는 요청은 출처로 거절되지 않는다.',
        en: 'Before the token or the body is looked at: a path that is not the endpoint ends with a 404 without -32601; a present Origin that is not exactly one of allowedOrigins ends with 403, whatever the method and the era; an HTTP method other than POST ends with 405, Allow: POST and a body without a -32000…-32019 code; and a request without Origin, or from a listed one, is never refused for its origin.',
      },
      clauses: [
        { en: 'Before the token or the body is looked at', tests: ['decides the path, the origin and the method before it reads the token or the body', 'refuses every foreign Origin with 403 on every method in both eras, before the token is looked at', 'answers every HTTP method but POST with 405, Allow: POST and no reserved code, before the token is looked at'] },
        { en: 'a path that is not the endpoint ends with a 404 without -32601', tests: ['answers a path that is not the endpoint with 404, not with the -32601 method-not-found pair'] },
        { en: 'a present Origin that is not exactly one of allowedOrigins ends with 403, whatever the method and the era', tests: ['refuses every foreign Origin with 403 on every method in both eras, before the token is looked at'] },
        { en: 'an HTTP method other than POST ends with 405, Allow: POST and a body without a -32000…-32019 code', tests: ['answers every HTTP method but POST with 405, Allow: POST and no reserved code, before the token is looked at'] },
        { en: 'a request without Origin, or from a listed one, is never refused for its origin', tests: ['serves listed origins and requests without an Origin'] },
      ],
      suite: '2-origin-and-headers.test.ts',
      todo: { file: 'http.ts', symbol: 'frontDoor' },
      tests: {
        'refuses every foreign Origin with 403 on every method in both eras, before the token is looked at': '허용하지 않은 출처는 두 시대의 모든 메서드에서, 토큰을 보기 전에 403으로 거절한다',
        'serves listed origins and requests without an Origin': '허용 목록의 출처와 Origin이 없는 요청에는 답한다',
        'answers every HTTP method but POST with 405, Allow: POST and no reserved code, before the token is looked at': 'POST가 아닌 HTTP 메서드에는 토큰을 보기 전에 405, Allow: POST, 옛 범위(-32000~-32019) 밖의 코드로 답한다',
        'answers a path that is not the endpoint with 404, not with the -32601 method-not-found pair': '끝점이 아닌 경로에는 -32601 짝이 아닌 404로 답한다',
        'decides the path, the origin and the method before it reads the token or the body': '토큰이나 본문을 읽기 전에 경로, 출처, 메서드를 판단한다',
      },
    },
    {
      id: '04/3',
      title: { ko: '베어러 토큰 확인하기', en: 'Checking the bearer token' },
      hint: {
        ko: 'MCP 서버는 OAuth 2.1 자원 서버다. 토큰을 발급하는 인가 서버는 따로 있고, 이 서버는 요청마다 토큰이 유효한지, 만료되지 않았는지, 이 서버(자원)를 위해 발급되었는지 확인한다. 401의 WWW-Authenticate에 무엇을 싣는지는 RFC 6750 §3, RFC 9728 §5.1, 명세의 Authorization 장에 있다. 자격 증명이 아예 없는 요청과, 토큰을 냈는데 거절된 요청의 답이 어떻게 다른지 RFC 6750 §3.1에서 찾아보라. SDK 서버 패키지에는 토큰 확인을 맡길 수 있는 함수가 있지만, 답은 answers.ts의 도우미로 직접 만든다. 함정: 토큰이 있는지만 보는 것, 발급 대상(audience)을 보지 않는 것, 모든 401에 같은 오류 코드를 다는 것.',
        en: "An MCP server is an OAuth 2.1 resource server. A separate authorization server issues tokens; this server checks on every request that the token is valid, not expired, and issued for this server (this resource). What a 401's WWW-Authenticate carries is in RFC 6750 §3, RFC 9728 §5.1 and the specification's Authorization chapter. Find in RFC 6750 §3.1 how the answer to a request with no credentials at all differs from the answer to a token that was presented and refused. The SDK server package has a function the checks can be left to; the answer is yours to build, with the helper in answers.ts. Traps: checking only that a token is present, not checking whom it was issued for (its audience), one error code on every 401.",
      },
      rule: {
        ko: '이 서버를 위해 발급된 유효한 토큰이 없는 요청은 어느 메서드, 어느 시대, 몇 번째 요청이든 401과 Bearer resource_metadata, scope를 받는데, 자격 증명이 없으면(헤더 없음, 다른 방식, 주소의 토큰) 오류 코드가 없고 토큰이 거절되면(모름, 만료, 다른 자원) error="invalid_token"이며, 보호 자원 메타데이터는 토큰 없이 이 자원, 글자 그대로의 발급자, 범위를 밝히며, 이 서버를 위해 발급된 유효한 토큰은 요청마다 받아들여진다.',
        en: 'A request without a valid token issued for this server gets 401 with Bearer resource_metadata and scope, whatever the method, the era or how many requests came before: with no error code when it carries no credentials (no header, another scheme, a token in the URL), and error="invalid_token" when its token is refused (unknown, expired, another resource); and the protected-resource metadata, readable without a token, names this resource, the issuers exactly as written, and the scopes; a valid token issued for this server is served on every request.',
      },
      clauses: [
        { en: 'A request without a valid token issued for this server gets 401 with Bearer resource_metadata and scope', tests: ['answers a request with no credentials with 401, resource_metadata and scope, and no error code', 'answers a bad token (unknown, expired, issued for another resource) with 401 invalid_token, resource_metadata and scope, on every method in both eras', 'checks the token on every request, not only the first'] },
        { en: 'whatever the method, the era or how many requests came before', tests: ['answers a request with no credentials with 401, resource_metadata and scope, and no error code', 'answers a bad token (unknown, expired, issued for another resource) with 401 invalid_token, resource_metadata and scope, on every method in both eras', 'checks the token on every request, not only the first'] },
        { en: 'with no error code when it carries no credentials (no header, another scheme, a token in the URL)', tests: ['answers a request with no credentials with 401, resource_metadata and scope, and no error code'] },
        { en: 'error="invalid_token" when its token is refused (unknown, expired, another resource)', tests: ['answers a bad token (unknown, expired, issued for another resource) with 401 invalid_token, resource_metadata and scope, on every method in both eras'] },
        { en: 'the protected-resource metadata, readable without a token, names this resource, the issuers exactly as written, and the scopes', tests: ['serves the protected-resource metadata without a token: this resource, its authorization servers exactly as written, and scopes'] },
        { en: 'a valid token issued for this server is served on every request', tests: ['serves a valid token issued for this server, on every request, in both eras'] },
      ],
      suite: '3-bearer-token.test.ts',
      todo: { file: 'auth.ts', symbol: 'authorize' },
      tests: {
        'answers a request with no credentials with 401, resource_metadata and scope, and no error code': '자격 증명 없는 요청에는 401, resource_metadata, scope로 답하고 오류 코드는 달지 않는다',
        'answers a bad token (unknown, expired, issued for another resource) with 401 invalid_token, resource_metadata and scope, on every method in both eras':
          '받을 수 없는 토큰(모름, 만료, 다른 자원)에는 두 시대의 모든 메서드에서 401 invalid_token, resource_metadata, scope로 답한다',
        'checks the token on every request, not only the first': '첫 요청만이 아니라 요청마다 토큰을 확인한다',
        'serves the protected-resource metadata without a token: this resource, its authorization servers exactly as written, and scopes': '보호 자원 메타데이터를 토큰 없이 내준다: 이 자원, 글자 그대로의 인가 서버, 범위',
        'serves a valid token issued for this server, on every request, in both eras': '이 서버를 위해 발급된 유효한 토큰에는 두 시대 모두, 요청마다 답한다',
      },
    },
    {
      id: '04/4',
      title: { ko: '범위가 정하는 도구', en: 'Scopes decide the tools' },
      hint: {
        ko: 'decideTool의 판정 하나가 tools/list(toolsFor)와 tools/call 앞의 403(http.ts의 scopeChallenge)을 함께 정한다. 도구 하나가 이 호출자에게 쓸 수 있으려면 무엇이 둘 다 참이어야 하는지, 그리고 둘 중 하나만 거짓일 때 답이 왜 달라야 하는지 생각해 보라. 범위는 서버 허용 목록을 넓히지 못한다(2장). 범위 이름은 토큰에 실린 낱말 그대로 비교한다. 함정: 범위를 문자열 안에서 찾는 것(mytasks:read), 승인하지 않은 도구에 범위를 요구하는 것.',
        en: "One decideTool verdict decides both tools/list (toolsFor) and the 403 before tools/call (http.ts's scopeChallenge). Think about what must both hold for a tool to be usable by this caller, and why the answer must differ when only one of them fails. Scopes never widen the server allowlist (chapter 2). A scope name is compared as the word the token carries. Traps: looking for a scope inside a string (mytasks:read), asking for a scope for a tool the server never approved.",
      },
      rule: {
        ko: '두 시대 모두, 호출자마다 tools/list는 서버 허용 목록이 승인하고 토큰에 그 범위가 낱말 그대로 있는 도구만 보여 주고 그 도구는 실행되며, 서버가 승인했지만 범위 밖인 도구는 403 insufficient_scope로 필요한 범위와 이 서버의 resource_metadata를 알리며, 승인하지 않은 도구는 어떤 범위로도 모르는 도구이고, 도구를 말하지 않는 메서드는 범위가 무엇이든 답을 받으며, 목록은 그 호출자 전용(private)이다.',
        en: "In both eras, for every caller, tools/list shows exactly the tools the server allowlist approves whose scope the token carries word for word, and those run; a tool the server approves outside the scopes gets 403 insufficient_scope naming the scope it needs and this server's resource_metadata, a tool the server never approved is an unknown tool whatever the scopes, the methods that name no tool are served whatever the scopes, and the list is private to that caller.",
      },
      clauses: [
        { en: 'In both eras, for every caller', tests: ["lists, for each caller, exactly the approved tools its token's scopes cover", "runs every tool in a caller's list", "answers a call to an approved tool outside the token's scopes with 403 insufficient_scope naming its scope", 'answers a call to an unapproved tool as an unknown tool, whatever scopes the token carries'] },
        { en: 'tools/list shows exactly the tools the server allowlist approves whose scope the token carries word for word', tests: ["lists, for each caller, exactly the approved tools its token's scopes cover"] },
        { en: 'and those run', tests: ["runs every tool in a caller's list"] },
        { en: "a tool the server approves outside the scopes gets 403 insufficient_scope naming the scope it needs and this server's resource_metadata", tests: ["answers a call to an approved tool outside the token's scopes with 403 insufficient_scope naming its scope"] },
        { en: 'a tool the server never approved is an unknown tool whatever the scopes', tests: ['answers a call to an unapproved tool as an unknown tool, whatever scopes the token carries'] },
        { en: 'the methods that name no tool are served whatever the scopes', tests: ['serves every method that names no tool, whatever scopes the token carries'] },
        { en: 'the list is private to that caller', tests: ["marks each caller's tools/list private to that caller"] },
      ],
      suite: '4-scopes-decide-tools.test.ts',
      todo: { file: 'scopes.ts', symbol: 'decideTool' },
      tests: {
        "lists, for each caller, exactly the approved tools its token's scopes cover": '호출자마다 서버가 승인하고 토큰 범위가 덮는 도구만 목록에 올린다',
        "runs every tool in a caller's list": '호출자의 목록에 있는 도구는 모두 실행된다',
        "answers a call to an approved tool outside the token's scopes with 403 insufficient_scope naming its scope": '승인했지만 토큰 범위 밖인 도구 호출에는 403 insufficient_scope와 필요한 범위로 답한다',
        'answers a call to an unapproved tool as an unknown tool, whatever scopes the token carries': '승인하지 않은 도구 호출은 토큰 범위가 무엇이든 모르는 도구와 같이 답한다',
        "marks each caller's tools/list private to that caller": '호출자마다의 tools/list를 그 호출자 전용(private)으로 표시한다',
        'serves every method that names no tool, whatever scopes the token carries': '도구를 말하지 않는 메서드에는 토큰 범위가 무엇이든 답한다',
      },
    },
  ],
};
