import type { ChapterEntry } from './types.ts';

/** Chapter 5: the learner builds the host, the side that decides: pinned approvals, consent with server text marked as data, the model loop, input-required rounds and an OAuth client. */
export const chapter: ChapterEntry = {
  id: '05',
  dir: '05-mcp-host',
  title: {
    ko: 'MCP 호스트: 결정하는 쪽',
    en: 'The MCP host: the side that decides',
  },
  outcome: {
    ko: '사람이 승인한 도구 정의를 고정해 바뀐 도구를 막고, 호출마다 서버의 글을 서버의 것으로 드러낸 채 동의를 묻고, 결과를 자료로만 돌려주며 걸음과 시간이 묶인 모델 루프를 가진 호스트를 SDK Client 위에 세울 수 있다. 서버가 입력을 물어 오면 사람이 답하게 하고, 선언하지 않은 요청과 끝없는 라운드는 호스트 스스로 끊는다. 토큰을 요구하는 서버에는 사람이 승인한 로그인으로만 들어가고, 토큰은 그 서버에만 보낸다.',
    en: 'You can build a host on the SDK Client that pins the tool definitions a person approved and blocks a tool that changed, asks consent for every call with the server’s text marked as the server’s, and runs a model loop that hands results back as data only, bounded in steps and time; when a server asks for input, the person answers, and the host itself cuts off undeclared requests and endless rounds; a server that asks for a token gets one only through a sign-in the person approved, and only for that resource.',
  },
  exercises: [
    {
      id: '05/1',
      title: { ko: '승인한 정의만 보인다', en: 'Only the approved definition is shown' },
      hint: {
        ko: '사람이 승인할 때 읽은 것은 도구의 이름만이 아니다. 서버는 승인을 받은 뒤에도, 다음에 연결할 때도 같은 이름으로 다른 것을 나열할 수 있다. 모델이 무엇을 보고 무엇을 부를지 정하는 데 서버가 단 주석(annotations)이 어떤 몫을 하는지도 명세(2026-07-28)의 Tools 절에서 확인하라.',
        en: 'What the person read when approving is more than the tool’s name. After the approval, and on the next connect, a server can list something else under the same name. Check in the Tools section of the 2026-07-28 spec what part the annotations a server sets may play in deciding what the model sees and calls.',
      },
      rule: {
        ko: '모델에게 보이고 부를 수 있는 도구는 사람이 그 서버에서 승인한 정의(이름, 제목, 주석, 설명, 입력·출력 스키마) 그대로인 도구뿐이다. 정의의 어느 부분이든(같은 속성 이름 아래의 type이나 enum까지) 연결 중에든 다음 연결에서든 바뀐 도구는 모델이 이미 보고 불렀더라도, 나중에 나타난 도구와 마찬가지로 다시 승인받기 전까지 보이지도 불리지도 않고, 주석은 아무것도 승인하지 않는다.',
        en: 'The model sees and can call only tools whose definition (name, title, annotations, description, input and output schemas) is exactly what the person approved on that server; a tool whose definition changed in any part (a type or an enum under the same property names too), while connected or on the next connect, whether or not the model has already seen and called it, and a tool that appeared later are neither shown nor called until approved again, and annotations never approve anything.',
      },
      clauses: [
        { en: 'The model sees and can call only tools whose definition (name, title, annotations, description, input and output schemas) is exactly what the person approved on that server', tests: ['shows the model only the tools the person approved, on the server they were approved on', 'hides and refuses a tool whose description or schemas changed while connected', 'hides a tool whose title or annotations changed, or that changed after the model saw and called it, until approved again'] },
        { en: 'a tool whose definition changed in any part (a type or an enum under the same property names too), while connected or on the next connect', tests: ['hides and refuses a tool whose description or schemas changed while connected', 'hides a tool changed between connects until the person approves it again', 'hides a tool whose title or annotations changed, or that changed after the model saw and called it, until approved again'] },
        { en: 'whether or not the model has already seen and called it', tests: ['hides a tool whose title or annotations changed, or that changed after the model saw and called it, until approved again'] },
        { en: 'a tool that appeared later are neither shown nor called until approved again', tests: ['never shows a tool that appeared after approval', 'hides a tool changed between connects until the person approves it again'] },
        { en: 'annotations never approve anything', tests: ['treats annotations as hints, never as approval'] },
      ],
      suite: '1-pinned-approvals.test.ts',
      todo: { file: 'approvals.ts' },
      tests: {
        'shows the model only the tools the person approved, on the server they were approved on': '사람이 승인한 도구만, 승인한 그 서버에서만 모델에게 보인다',
        'hides and refuses a tool whose description or schemas changed while connected': '연결 중에 설명이나 스키마가 바뀐 도구는 숨기고 부르지 않는다',
        'hides a tool changed between connects until the person approves it again': '다음 연결에서 바뀐 도구는 사람이 다시 승인할 때까지 숨긴다',
        'hides a tool whose title or annotations changed, or that changed after the model saw and called it, until approved again': '제목이나 주석이 바뀐 도구, 모델이 보고 부른 뒤에 바뀐 도구는 다시 승인할 때까지 숨긴다',
        'never shows a tool that appeared after approval': '승인 뒤에 나타난 도구는 보이지 않는다',
        'treats annotations as hints, never as approval': '주석은 힌트일 뿐 승인이 아니다',
      },
    },
    {
      id: '05/2',
      title: { ko: '호출마다 사람에게 묻는다', en: 'Every call asks the person' },
      hint: {
        ko: '동의 요청은 사람이 판단할 재료다. 그 안에서 무엇을 호스트가 알고 무엇을 서버가 썼는지 사람이 구별할 수 있어야 한다. 서버가 자기를 무엇이라 부르든, 사람이 등록한 이름은 호스트가 안다. 사람이 "아니오"라고 하면 모델은 그 사실을 알아야 다음 걸음을 정할 수 있다. 명세(2026-07-28)의 Tools 절 Security Considerations와 보안 모범 사례를 보라.',
        en: 'A consent request is what the person judges by. In it, the person must be able to tell what the host knows from what the server wrote. Whatever the server calls itself, the host knows the name the person registered. When the person says no, the model has to learn it to decide its next step. See Security Considerations in the Tools section of the 2026-07-28 spec, and the security best practices.',
      },
      rule: {
        ko: '모든 호출은 보내기 전에 사람의 동의 콜백을 거치고, 그 요청은 호스트가 붙인 서버 이름, 도구, 보낼 인자 그대로를 보여 주며 서버가 쓴 글(제목과 설명)은 fromServer에 서버가 쓴 그대로 따로 담는다. 거절은 보내지 않은 채 모델에게 갈 isError 결과가 되고, 설명, 결과, 자원의 어떤 글도 승인을 바꾸지 못한다.',
        en: 'Every call goes through the person’s consent callback before it is sent, showing the host’s name for the server, the tool and the exact arguments, with the server’s own text (title and description) kept apart in fromServer as the server wrote it; a denial sends nothing and becomes an isError result for the model, and nothing in a description, result or resource changes what is approved.',
      },
      clauses: [
        { en: 'Every call goes through the person’s consent callback before it is sent, showing the host’s name for the server, the tool and the exact arguments', tests: ["asks the person before every call, showing the host's server name, the tool and the arguments"] },
        { en: 'with the server’s own text (title and description) kept apart in fromServer as the server wrote it', tests: ["keeps the server's own words apart, marked as the server's"] },
        { en: 'a denial sends nothing and becomes an isError result for the model', tests: ['returns a refusal result to the model when the person says no, sending nothing'] },
        { en: 'nothing in a description, result or resource changes what is approved', tests: ['changes no approval whatever a description, a result or a resource says'] },
      ],
      suite: '2-consent.test.ts',
      todo: { file: 'consent.ts' },
      tests: {
        "asks the person before every call, showing the host's server name, the tool and the arguments": '호출마다 먼저 사람에게 묻고, 호스트가 붙인 서버 이름과 도구와 인자를 보여 준다',
        "keeps the server's own words apart, marked as the server's": '서버가 쓴 글은 서버의 것으로 따로 담는다',
        'returns a refusal result to the model when the person says no, sending nothing': '사람이 거절하면 아무것도 보내지 않고 모델에게 거절 결과를 돌려준다',
        'changes no approval whatever a description, a result or a resource says': '설명, 결과, 자원이 무엇이라 하든 승인은 바뀌지 않는다',
      },
    },
    {
      id: '05/3',
      title: { ko: '모델 루프', en: 'The model loop' },
      hint: {
        ko: '모델이 받는 도구 정의는 서버들이 나열한 것에서 온다. 스키마는 고치거나 따라가지 않고 그대로 넘기는 자료다. 도구의 결과와 프로토콜 오류는 다른 것이다: 하나는 모델이 읽을 자료이고, 하나는 호스트가 맡을 고장이다. 한 번의 실행은 모델이 답하지 않아도 끝나야 하고, 그 끝을 재는 시계는 호스트가 받은 것이다. 끝내 답하지 않는 서버는 결과도 프로토콜 오류도 아니다: 그 기다림은 누가 끊고, 모델은 무엇을 읽는가?',
        en: 'The tool definitions the model gets come from what the servers listed; a schema is data passed on as it is, never edited or followed. A tool result and a protocol error are different things: one is data for the model to read, the other a failure for the host. A run must end even when the model never answers, and the clock that measures it is the one the host was given. A server that never answers is neither a result nor a protocol error: who stops the wait, and what does the model read then?',
      },
      rule: {
        ko: '모델이 받는 도구 정의는 서버들이 나열하고 사람이 승인한 도구를 스키마까지 나열된 그대로 옮긴 것이고($ref를 가져오지 않는다), 도구 결과는 isError여도 그 호출의 tool 역할로만 모델에게 가며, 프로토콜 오류는 호스트 오류로 실행을 끝내고, 실행은 걸음 수와 주어진 시계로 잰 시간으로 묶인다. 서버와 모델에 보내는 모든 요청은 기다리는 시간이 묶여 있고 시간이 다 되면 취소된다: 답하지 않는 서버는 모델이 읽을 isError 결과가 되어 루프가 이어지고, 답하지 않는 모델은 실행을 끝낸다.',
        en: 'The tool definitions the model gets are the approved tools the servers listed, schemas exactly as listed with no $ref fetched; tool results, isError ones included, reach the model only in the tool role of their call; a protocol error ends the run as a host error; a run is bounded in steps and in time measured on the clock it was given; and every request to a server or to the model is bounded in time and aborted when the time runs out: a server that never answers becomes an isError result for the model and the loop goes on, and a model that never answers ends the run.',
      },
      clauses: [
        { en: 'The tool definitions the model gets are the approved tools the servers listed, schemas exactly as listed with no $ref fetched', tests: ['gives the model the approved tools as listed, schemas unchanged, fetching no $ref'] },
        { en: 'tool results, isError ones included, reach the model only in the tool role of their call', tests: ['sends every tool result back in the tool role, isError ones included, never as instructions'] },
        { en: 'a protocol error ends the run as a host error', tests: ['ends the run as a host error on a protocol error, handing the model nothing'] },
        { en: 'a run is bounded in steps and in time measured on the clock it was given', tests: ['stops after its step limit and its time limit, measured on the clock it was given'] },
        { en: 'every request to a server or to the model is bounded in time and aborted when the time runs out', tests: ['aborts a tool call the server never answers and hands the model a refusal, then goes on', 'ends the run when the model never answers, aborting the turn it waited for', 'ends the run when a server never answers its tool listing, cancelling the request'] },
        { en: 'a server that never answers becomes an isError result for the model and the loop goes on', tests: ['aborts a tool call the server never answers and hands the model a refusal, then goes on'] },
        { en: 'a model that never answers ends the run', tests: ['ends the run when the model never answers, aborting the turn it waited for'] },
      ],
      suite: '3-model-loop.test.ts',
      todo: { file: 'loop.ts' },
      tests: {
        'gives the model the approved tools as listed, schemas unchanged, fetching no $ref': '승인된 도구를 나열된 그대로, 스키마를 바꾸지 않고 $ref도 가져오지 않은 채 모델에게 준다',
        'sends every tool result back in the tool role, isError ones included, never as instructions': '도구 결과는 isError까지 모두 tool 역할로만 돌려주고 지시로 다루지 않는다',
        'ends the run as a host error on a protocol error, handing the model nothing': '프로토콜 오류는 모델에게 넘기지 않고 호스트 오류로 실행을 끝낸다',
        'stops after its step limit and its time limit, measured on the clock it was given': '걸음 수와, 받은 시계로 잰 시간이 다 되면 멈춘다',
        'aborts a tool call the server never answers and hands the model a refusal, then goes on': '서버가 끝내 답하지 않는 호출은 취소하고 모델에게 거절 결과를 준 뒤 이어 간다',
        'ends the run when the model never answers, aborting the turn it waited for': '모델이 끝내 답하지 않으면 기다리던 걸음을 취소하고 실행을 끝낸다',
        'ends the run when a server never answers its tool listing, cancelling the request': '서버가 도구 목록에 끝내 답하지 않으면 그 요청을 취소하고 실행을 끝낸다',
      },
    },
    {
      id: '05/4',
      title: { ko: '입력을 묻는 라운드는 사람이 답한다', en: 'The person answers input-required rounds' },
      hint: {
        ko: '2026-07-28에서 서버는 호출에 InputRequiredResult로 답해 입력을 묻고, SDK 클라이언트가 라운드를 돌린다. 여러분이 정하는 것은 세 가지다: 클라이언트가 무엇을 받겠다고 선언하는지(capabilities), elicitation/create 처리기가 누구에게 묻는지, 한 호출이 몇 라운드까지 가는지. SDK 클라이언트 패키지의 ClientOptions 문서에서 inputRequired를, 명세의 client/elicitation에서 클라이언트가 반드시 할 일(MUST)을 찾아 읽어 보라. 함정: 서버가 제안한 값(default)을 사람 대신 채워 보내는 것, 서버가 스스로 붙인 이름을 믿는 것, 쓰지도 않을 모드까지 선언하는 것.',
        en: "On 2026-07-28 a server asks for input by answering a call with an InputRequiredResult, and the SDK client runs the rounds. Three things are yours: what the client declares it takes (capabilities), whom the elicitation/create handler asks, and how many rounds one call may take. Read inputRequired in the SDK client package's ClientOptions documentation, and the client's MUSTs in the specification's client/elicitation. Traps: sending the server's suggested values (default) in the person's place, trusting the name the server gives itself, declaring a mode you will not handle.",
      },
      rule: {
        ko: '입력을 묻는 라운드에서 서버가 묻는 form은 모두 사람에게 가되 호스트가 설정한 서버 이름과 서버가 쓴 그대로의 글(여러 줄이면 모든 줄과 공백까지)·필드로 보이고, 사람이 답한 그대로 돌아가며(거절과 닫기는 그대로, 수락은 물은 필드 가운데 사람이 채운 것만, 호스트가 채운 것은 없이), 다시 보내는 호출은 그 라운드의 requestState를 바이트 그대로 싣고 없었으면 싣지 않으며, 호스트가 선언하지 않은 요청(URL 모드, sampling)은 사람에게 묻지 않고 아무것도 가져오지 않은 채 거절되고, 어떤 호출도 5라운드를 넘지 않는다.',
        en: "Every form a server asks for in an input-required round reaches the person, named by the host's own name for the server and with the server's message and fields as written (every line and space of the message kept), and goes back exactly as the person answered it (decline and cancel as such, accept with only the requested fields the person filled, nothing filled in by the host); each retry carries the round's requestState byte for byte and none when the round had none; a request the host never declared (URL mode, sampling) is refused without asking the person and without fetching anything; and no call takes more than 5 rounds.",
      },
      clauses: [
        { en: "Every form a server asks for in an input-required round reaches the person, named by the host's own name for the server and with the server's message and fields as written", tests: ["shows each form to the person with the configured server name and the server's message and fields as written"] },
        { en: 'every line and space of the message kept', tests: ['shows a message of several lines to the person as written, every line and space kept'] },
        { en: 'goes back exactly as the person answered it', tests: ['sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled'] },
        { en: 'nothing filled in by the host', tests: ['sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled'] },
        { en: "each retry carries the round's requestState byte for byte and none when the round had none", tests: ['echoes each requestState byte for byte on the retry, and sends none when the round carried none'] },
        { en: 'a request the host never declared (URL mode, sampling) is refused without asking the person', tests: ['refuses URL-mode and sampling requests it never declared, without asking the person'] },
        { en: 'without fetching anything', tests: ['refuses URL-mode and sampling requests it never declared, without asking the person'] },
        { en: 'no call takes more than 5 rounds', tests: ['stops a call that keeps asking after at most 5 rounds'] },
      ],
      suite: '4-input-required-rounds.test.ts',
      todo: { file: 'rounds.ts' },
      tests: {
        "shows each form to the person with the configured server name and the server's message and fields as written": '서버가 묻는 form마다 설정한 서버 이름과 서버가 쓴 그대로의 글·필드로 사람에게 보인다',
        'shows a message of several lines to the person as written, every line and space kept': '여러 줄의 글도 모든 줄과 공백까지 서버가 쓴 그대로 사람에게 보인다',
        'sends back only what the person answered: decline and cancel as they are, accept with only the requested fields the person filled': '사람이 답한 것만 돌려보낸다: 거절과 닫기는 그대로, 수락은 물은 필드 가운데 사람이 채운 것만',
        'echoes each requestState byte for byte on the retry, and sends none when the round carried none': '다시 보낼 때 requestState를 바이트 그대로 싣고, 라운드에 없었으면 싣지 않는다',
        'refuses URL-mode and sampling requests it never declared, without asking the person': '선언하지 않은 URL 모드와 sampling 요청은 사람에게 묻지 않고 거절한다',
        'stops a call that keeps asking after at most 5 rounds': '계속 묻는 호출은 많아야 5라운드에서 멈춘다',
      },
    },
    {
      id: '05/5',
      title: { ko: '사람이 승인하는 로그인', en: 'A sign-in the person approves' },
      hint: {
        ko: 'SDK의 StreamableHTTPClientTransport는 authProvider를 받으면 401 뒤의 OAuth 흐름(메타데이터 찾기, issuer 검사, PKCE, 토큰 요청)을 스스로 돌린다. 호스트가 정하는 것은 OAuthClientProvider 안에 있다: 인가 페이지를 열기 전에 누구에게 묻는지, 토큰을 무엇을 열쇠로 두는지, 보호 자원 메타데이터의 resource를 어떻게 받아들이는지. 그 마지막 것을 정하지 않으면 SDK의 기본 검사가 정하는데, 그 검사는 출처만 같은 resource도 받아들인다: RFC 9728 §3.3을 보라.',
        en: "Given an authProvider, the SDK's StreamableHTTPClientTransport runs the OAuth flow after a 401 by itself (metadata discovery, the issuer check, PKCE, the token request). What the host decides sits in its OAuthClientProvider: whom it asks before opening the authorization page, what it keys tokens by, and how it accepts the resource in the protected-resource metadata. Leave the last one undecided and the SDK's default check decides; it also accepts a resource that is only the origin: see RFC 9728 §3.3.",
      },
      rule: {
        ko: '401을 받은 호스트는 사람이 서버와 로그인할 인가 서버와 범위(scope)를 보고 승인한 뒤에만, 보호 자원 메타데이터의 resource가 그 서버의 주소와 똑같고 인가 서버 메타데이터의 issuer가 맞을 때에만 PKCE S256 authorization code로 로그인해 요청을 다시 보내고, 거절된 로그인은 토큰 없이 끝나며, 토큰은 자원 서버마다 따로 두어 다른 서버로 보내지 않고 이미 받은 범위로 다시 묻지 않으며, 403 insufficient_scope에는 step-up을 한 번만 한다.',
        en: 'After a 401 the host signs in only once the person approves, shown the server, the authorization server and the scopes, and only when the protected-resource metadata names exactly that server’s resource and the authorization server’s metadata names its own issuer, by authorization code with PKCE S256, then retries; a declined sign-in ends without a token; tokens are kept per resource, never sent to another server, and scopes already granted are never asked for again; and a 403 insufficient_scope gets one step-up.',
      },
      clauses: [
        { en: 'After a 401 the host signs in only once the person approves, shown the server, the authorization server and the scopes', tests: ['signs in after a 401 only with the person’s approval, by authorization code with PKCE S256 for this resource, and retries', 'steps up once on 403 insufficient_scope and stops a server that keeps refusing'] },
        { en: 'only when the protected-resource metadata names exactly that server’s resource', tests: ['refuses protected-resource metadata that names another resource, or only the origin'] },
        { en: 'the authorization server’s metadata names its own issuer', tests: ['refuses an authorization server whose metadata names another issuer'] },
        { en: 'by authorization code with PKCE S256, then retries', tests: ['signs in after a 401 only with the person’s approval, by authorization code with PKCE S256 for this resource, and retries'] },
        { en: 'a declined sign-in ends without a token', tests: ['ends without a token when the person declines to sign in'] },
        { en: 'tokens are kept per resource, never sent to another server, and scopes already granted are never asked for again', tests: ['keeps each token for its own resource: never sends it to another server, and never signs in again for what was granted'] },
        { en: 'a 403 insufficient_scope gets one step-up', tests: ['steps up once on 403 insufficient_scope and stops a server that keeps refusing'] },
      ],
      suite: '5-oauth-client.test.ts',
      todo: { file: 'oauth.ts' },
      tests: {
        'signs in after a 401 only with the person’s approval, by authorization code with PKCE S256 for this resource, and retries': '401 뒤에는 사람이 승인해야만 이 서버를 위한 PKCE S256 authorization code로 로그인하고 다시 보낸다',
        'ends without a token when the person declines to sign in': '사람이 로그인을 거절하면 토큰 없이 끝난다',
        'refuses an authorization server whose metadata names another issuer': '메타데이터가 다른 issuer를 내세우는 인가 서버는 거절한다',
        'refuses protected-resource metadata that names another resource, or only the origin': '다른 서버의 주소나 출처만 내세우는 보호 자원 메타데이터는 거절한다',
        'steps up once on 403 insufficient_scope and stops a server that keeps refusing': '403 insufficient_scope에는 step-up을 한 번 하고, 계속 거절하는 서버 앞에서는 멈춘다',
        'keeps each token for its own resource: never sends it to another server, and never signs in again for what was granted': '토큰은 제 자원 서버에만 둔다: 다른 서버로 보내지 않고, 이미 받은 것으로 다시 로그인하지 않는다',
      },
    },
  ],
};
