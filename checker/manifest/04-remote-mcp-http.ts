import type { ChapterEntry } from './types.ts';

/** Chapter 4: the chapter 3 server served over stateless Streamable HTTP, with origin checks, bearer tokens and scopes. */
export const chapter: ChapterEntry = {
  id: '04',
  dir: '04-remote-mcp-http',
  title: {
    ko: '원격 MCP: 무상태 HTTP, 출처, 토큰, 범위',
    en: 'Remote MCP: stateless HTTP, origins, tokens and scopes',
  },
  outcome: {
    ko: '서버를 원격 HTTP 끝점으로 열고, 버전·출처·헤더·토큰·범위가 틀린 요청마다 맞는 상태와 오류 코드로 답하며, 이 서버를 위해 발급된 토큰만 받을 수 있다.',
    en: 'You can open the server as a remote HTTP endpoint, answer each request with a wrong version, origin, header, token or scope with the right status and error code, and accept only tokens issued for this server.',
  },
  exercises: [
    {
      id: '04/1',
      title: { ko: '버전은 요청마다', en: 'The version, on every request' },
      hint: {
        ko: '2026-07-28의 HTTP에는 세션도 initialize 핸드셰이크도 없다. 그러니 "이 연결은 2026-07-28로 정해졌다"는 사실도 없고, 요청 하나하나가 자기 버전을 말한다. 옛 클라이언트의 요청(봉투 없음, 옛 버전 헤더, initialize)을 직접 보내 보고, 지금 끝점이 그것을 어떻게 처리하는지 보라. createMcpHandler의 옵션 문서에서 2025년 방식의 요청을 어떻게 다루는지 읽어 보라. 함정: 첫 요청만 확인하거나, 알려진 옛 버전 몇 개만 막는 것.',
        en: 'HTTP on 2026-07-28 has no session and no initialize handshake, so there is no "this connection settled on 2026-07-28": each request states its own version. Send what an older client sends (no envelope, an old version header, initialize) and see what the endpoint does with it now. Read in the createMcpHandler options documentation how 2025-era requests are handled. Traps: checking only the first request, or blocking a few known old versions.',
      },
      rule: {
        ko: '끝점은 각 요청을 그 요청이 말하는 것만으로 판단한다. 2026-07-28을 말하지 않는 요청(다른 개정판, 개정판 없음, initialize)은 앞서 몇 건이 받아들여졌든 400과 -32022로 거절되고, 세션은 만들어지지 않는다.',
        en: 'The endpoint judges each request by what that request says alone: any request that does not name 2026-07-28 (another revision, none, an initialize) is refused with 400 and -32022 however many were accepted before it, and no session is ever made.',
      },
      suite: '1-version-on-every-request.test.ts',
      todo: { file: 'http.ts' },
      tests: {
        'serves the SDK HTTP client on 2026-07-28, one POST per request': 'SDK의 HTTP 클라이언트에 2026-07-28로, 요청마다 POST 한 번으로 답한다',
        'refuses every request that names another revision or none with 400 and -32022': '다른 개정판을 말하거나 개정판을 말하지 않는 요청은 모두 400과 -32022로 거절한다',
        'keeps refusing stale requests after any number of accepted ones': '몇 건을 받아들인 뒤에도 옛 요청을 계속 거절한다',
        'keeps no session: no Mcp-Session-Id, 405 for GET and DELETE, and a made-up session id changes nothing': '세션이 없다: Mcp-Session-Id가 없고, GET과 DELETE는 405이며, 지어낸 세션 id는 아무것도 바꾸지 않는다',
      },
    },
    {
      id: '04/2',
      title: { ko: '허용한 출처만, 본문과 같은 헤더만', en: 'Only listed origins, only headers that match the body' },
      hint: {
        ko: 'Origin은 브라우저가 붙이는 헤더다. 비슷해 보이는 출처(다른 포트, 다른 스킴, 이름 뒤에 붙은 다른 도메인, 문자열 "null")를 몇 개 만들어 보내 보라. 2장의 서버 허용 목록처럼, 목록에 있는 것과 정확히 같은지만 묻는다. Origin이 없는 요청은 브라우저가 아닌 클라이언트가 보낸 것이라 거절하지 않는다. 출처 확인은 토큰 확인보다 앞이다. 헤더와 본문이 다른 요청은 SDK가 -32020으로 거절하니, 헤더를 본문에 맞춰 고치는 코드를 앞에 두지 않도록 하라.',
        en: 'Origin is a header browsers attach. Make up a few origins that look close (another port, another scheme, another domain after the name, the string "null") and send them. As with chapter 2\'s server allowlist, ask only whether the origin is exactly one on the list. A request without Origin comes from a client that is not a browser and is not refused. The origin check comes before the token check. The SDK refuses a header that disagrees with the body with -32020, so put nothing in front that fixes headers up to match the body.',
      },
      rule: {
        ko: 'Origin이 있는 요청은 그 값이 allowedOrigins와 정확히 같을 때만, 토큰이나 본문을 보기 전에 통과하고 나머지는 모두 403이다. Origin이 없는 요청은 출처로 거절되지 않으며, 헤더가 본문과 다르거나 빠진 요청은 모두 400과 -32020이다.',
        en: 'A request with an Origin passes only when that value is exactly one of allowedOrigins, decided before the token or the body is looked at; every other origin gets 403. A request without Origin is never refused for its origin, and any request whose headers disagree with or leave out what the body says gets 400 and -32020.',
      },
      suite: '2-origin-and-headers.test.ts',
      todo: { file: 'http.ts' },
      tests: {
        'refuses every foreign Origin with 403 before anything runs, with or without a token': '허용하지 않은 출처는 토큰이 있든 없든 무엇이 돌기 전에 403으로 거절한다',
        'serves listed origins and requests without an Origin': '허용 목록의 출처와 Origin이 없는 요청에는 답한다',
        'refuses any header that disagrees with the body with 400 and -32020': '본문과 다른 헤더는 모두 400과 -32020으로 거절한다',
      },
    },
    {
      id: '04/3',
      title: { ko: '이 서버를 위한 토큰만', en: 'Only tokens issued for this server' },
      hint: {
        ko: '2026-07-28에서 MCP 서버는 OAuth 2.1 자원 서버다. 토큰을 발급하는 인가 서버는 따로 있고, 이 서버는 요청마다 받은 토큰이 유효한지, 만료되지 않았는지, 이 서버(자원)를 위해 발급되었는지 확인한다. 실패한 요청에 무엇을 돌려줘야 클라이언트가 토큰을 얻으러 갈 수 있는지는 명세의 Authorization 장과 RFC 9728에 있다. SDK 서버 패키지의 bearer 인증 도우미 문서에서 그 세 가지 확인과 그 답을 만드는 방법을 찾아보라. 함정: 토큰이 있는지만 보는 것, 발급 대상(audience)을 보지 않는 것.',
        en: "On 2026-07-28 an MCP server is an OAuth 2.1 resource server. A separate authorization server issues tokens; this server checks on every request that the token is valid, not expired, and issued for this server (this resource). What a refused request must get back so that the client can go and get a token is in the spec's Authorization chapter and RFC 9728. Look in the SDK server package's bearer-auth helper documentation for those three checks and for building that answer. Traps: checking only that a token is present, or not checking whom it was issued for (its audience).",
      },
      rule: {
        ko: '이 서버를 위해 발급된 유효한 토큰이 없는 요청(토큰 없음, 모르는 토큰, 만료, 다른 자원의 토큰, 주소에 실은 토큰)은 몇 번째 요청이든 401과 이 서버의 resource_metadata 주소를 받고, 그 메타데이터는 토큰 없이 읽을 수 있다.',
        en: "Any request without a valid token issued for this server (no token, an unknown one, an expired one, one for another resource, one in the URL) gets 401 and this server's resource_metadata pointer, whichever request it is, and that metadata is readable without a token.",
      },
      suite: '3-bearer-token.test.ts',
      todo: { file: 'http.ts' },
      tests: {
        'answers every request without a valid token for this server with 401 and a resource_metadata pointer': '이 서버를 위한 유효한 토큰이 없는 요청에는 모두 401과 resource_metadata 주소로 답한다',
        'checks the token on every request, not only the first': '첫 요청만이 아니라 요청마다 토큰을 확인한다',
        'serves the protected-resource metadata without a token: this resource, its authorization servers and scopes': '보호 자원 메타데이터를 토큰 없이 내준다: 이 자원, 인가 서버, 범위',
        'serves a valid token issued for this server, on every request': '이 서버를 위해 발급된 유효한 토큰에는 요청마다 답한다',
      },
    },
    {
      id: '04/4',
      title: { ko: '범위가 정하는 도구 목록', en: 'Scopes decide the tool list' },
      hint: {
        ko: 'createMcpHandler는 요청마다 서버를 새로 만들고, 그때 그 요청의 토큰 정보를 넘겨준다. 그러니 tools/list는 호출자마다 그 자리에서 만들어진다. 도구 하나가 이 호출자에게 보이려면 무엇이 둘 다 참이어야 하는지 생각해 보라: 서버 팀이 승인했는가, 이 토큰이 그 도구의 범위를 가졌는가. 범위는 서버 허용 목록을 넓히지 못한다(2장). 목록에 없는 도구를 부르면 어떤 답이 가는지는 http.ts가 이미 정해 두었고, 그 판단도 같은 함수를 쓴다.',
        en: 'createMcpHandler builds a fresh server for each request and hands it that request\'s token information, so tools/list is made for each caller on the spot. Think about what must both hold for one tool to be visible to this caller: did the server team approve it, and does this token carry that tool\'s scope? Scopes never widen the server allowlist (chapter 2). What a call to an unlisted tool gets is already decided in http.ts, and that decision uses the same function.',
      },
      rule: {
        ko: '호출자마다 tools/list는 서버 허용 목록이 승인하고 토큰 범위가 덮는 도구만 보여 주고 그 도구는 실행된다. 서버가 승인했지만 범위 밖인 도구는 403 insufficient_scope로 필요한 범위를 알리며, 서버가 승인하지 않은 도구는 어떤 범위로도 모르는 도구다.',
        en: "For every caller, tools/list shows exactly the tools the server allowlist approves and the token's scopes cover, and those run; a tool the server approves outside the scopes gets 403 insufficient_scope naming the scope it needs, and a tool the server never approved is an unknown tool whatever the scopes.",
      },
      suite: '4-scopes-decide-tools.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        "lists, for each caller, exactly the approved tools its token's scopes cover": '호출자마다 서버가 승인하고 토큰 범위가 덮는 도구만 목록에 올린다',
        "runs every tool in a caller's list": '호출자의 목록에 있는 도구는 모두 실행된다',
        "answers a call to an approved tool outside the token's scopes with 403 insufficient_scope naming its scope": '승인했지만 토큰 범위 밖인 도구 호출에는 403 insufficient_scope와 필요한 범위로 답한다',
        'answers a call to an unapproved tool as an unknown tool, whatever scopes the token carries': '승인하지 않은 도구 호출은 토큰 범위가 무엇이든 모르는 도구와 같이 답한다',
        "marks each caller's tools/list private to that caller": '호출자마다의 tools/list를 그 호출자 전용(private)으로 표시한다',
      },
    },
  ],
};
