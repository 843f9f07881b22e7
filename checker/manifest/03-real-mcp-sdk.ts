import type { ChapterEntry } from './types.ts';

/** Chapter 3: the chapter 1-2 server rebuilt on the official MCP TypeScript SDK and graded by a real SDK client. */
export const chapter: ChapterEntry = {
  id: '03',
  dir: '03-real-mcp-sdk',
  title: {
    ko: '공식 SDK로 만드는 진짜 MCP 서버',
    en: 'A real MCP server on the official SDK',
  },
  exercises: [
    {
      id: '03/1',
      title: { ko: '검증은 스키마에서', en: 'Validation lives in the schema' },
      hint: {
        ko: 'SDK는 tools/call의 인자를 등록한 inputSchema로 검사해 맞지 않으면 isError 결과로 돌려주고, 같은 스키마를 tools/list에 싣는다. 그러니 받을 수 있는 status 값과 받을 수 있는 키라는 규칙이 처리기가 아니라 스키마에 있어야 한다. zod 문서에서 정해진 값 몇 개만 받는 타입과, 모르는 키를 거절하는 객체를 찾아보라. 함정: 처리기 안에서 값을 확인하면 호출은 막혀도 tools/list는 규칙을 말하지 않는다(처리기에서 던진 예외는 ProtocolError라도 SDK가 isError 결과로 바꾼다).',
        en: 'The SDK checks tools/call arguments against the registered inputSchema, answers a mismatch with an isError result, and puts the same schema in tools/list. So the rule (which status values and which keys are accepted) belongs in the schema, not in the handler. Look in the zod docs for a type that takes only a few fixed values, and for an object that refuses unknown keys. Trap: a check inside the handler refuses the call, but tools/list still does not state the rule (and whatever the handler throws, a ProtocolError included, the SDK turns into an isError result).',
      },
      rule: {
        ko: '입력 스키마가 count_tasks의 규칙 전부(open과 done만, status 키만)를 말한다. 그래서 tools/list가 그 규칙을 알리고, 그 밖의 모든 호출은 처리기가 무엇을 세기 전에 isError 결과가 된다.',
        en: 'The input schema states the whole rule of count_tasks (only open or done, only the status key), so tools/list announces it and every other call becomes an isError result before the handler counts anything.',
      },
      suite: '1-validation-in-the-schema.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        'lists count_tasks with the status enum, status required and no extra properties': 'tools/list의 count_tasks에 status 열거값, 필수 status, 추가 속성 금지가 보인다',
        'counts open tasks from the task data it was given': '받은 작업 자료에서 open 작업을 센다',
        'returns an isError result naming the allowed values for any other status, such as closed': 'closed처럼 다른 상태값에는 허용 값을 알려 주는 isError 결과를 돌려준다',
        'returns an isError result naming the key for an extra argument': '남는 인자에는 그 키를 알려 주는 isError 결과를 돌려준다',
        'returns an isError result for a missing, null or array status': 'status가 없거나 null이거나 배열이면 isError 결과를 돌려준다',
      },
    },
    {
      id: '03/2',
      title: { ko: '자원, 도구, 프롬프트와 정수 이름 거부', en: 'Resource, tool and prompt, with the integer-name reject' },
      hint: {
        ko: 'summarize_document에 문자열이 아닌 name을 보내 보고, 처리기가 받는 값이 무엇인지 보라. zod 문서에서 coerce가 무엇을 하는지 읽고, 문자열이 아닌 값은 스키마에서 거절되게 하라. 이미 되는 것은 그대로 지켜라: 자원 템플릿 docs://{name}은 파일을 읽기 전에 허용 목록을 확인해 ProtocolError(-32602)로 거절하고, 도구·자원·프롬프트가 모두 등록되어 있다(-32601이 보이면 그중 하나의 등록이 사라진 것이다).',
        en: 'Send summarize_document a name that is not a string and see what value the handler gets. Read what coerce does in the zod docs, and make the schema refuse anything that is not a string. Keep what already works: the docs://{name} resource template checks the allowlist before reading a file and refuses with a ProtocolError (-32602), and the tool, the resource and the prompt are all registered (a -32601 means one of them is no longer registered).',
      },
      rule: {
        ko: '문서 이름은 문자열로만 받는다. 다른 값을 이름으로 바꾸어 받지 않으며, 도구와 자원은 허용 목록에 없는 이름을 파일을 읽기 전에 거절한다.',
        en: 'A document name is accepted only as a string: no other value is coerced into a name, and the tool and the resource refuse any name the allowlist does not hold before reading a file.',
      },
      suite: '2-resource-tool-prompt.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        'lists summarize_document with its output schema and the read-only annotation': 'summarize_document를 출력 스키마와 읽기 전용 주석과 함께 목록에 올린다',
        'lists the allowed document as a resource and the review prompt with its required argument': '허용된 문서를 자원으로, 검토 프롬프트를 필수 인자와 함께 목록에 올린다',
        'summarizes report.txt as text and matching structuredContent': 'report.txt 요약을 글과 같은 내용의 structuredContent로 돌려준다',
        'refuses any name that is not a string, such as 123, ["report.txt"] or null, with an isError result': '123, ["report.txt"], null처럼 문자열이 아닌 이름은 모두 isError 결과로 거부한다',
        'refuses a document not on the allowlist with an isError result naming the document': '허용 목록에 없는 문서는 그 이름을 밝힌 isError 결과로 거부한다',
        'reads docs://report.txt and refuses docs://secret.txt and docs://../report.txt as protocol errors': 'docs://report.txt는 읽고 docs://secret.txt와 docs://../report.txt는 프로토콜 오류로 거부한다',
        'requires the prompt argument': '프롬프트 인자를 반드시 요구한다',
      },
    },
    {
      id: '03/3',
      title: { ko: '표준 출력은 프로토콜의 것', en: 'The stdout channel belongs to the protocol' },
      hint: {
        ko: 'stdio 전송에서 stdout의 한 줄 한 줄은 MCP 메시지여야 한다(사양 2026-07-28, stdio 전송). 서버 프로세스에서 stdout으로 글을 쓰는 곳을 모두 찾아보라: stdio.ts만이 아니라 server.ts의 처리기도. 이 SDK의 클라이언트는 JSON이 아닌 줄을 버리고 JSON이지만 메시지가 아닌 줄에는 오류(onerror)를 내며, 다른 클라이언트는 연결을 끊을 수도 있다. 사람이 읽을 기록이 어디로 가야 하는지는 같은 사양 절에 있고, 그쪽으로 쓰는 방법은 Node의 console 문서에 있다. SdkError CONNECTION_CLOSED(연결 닫힘)가 보이면 서버 프로세스가 끝난 것이니 직접 실행해 오류 출력을 보라: node --import tsx chapters/03-real-mcp-sdk/stdio.ts',
        en: 'Over stdio, every line on stdout must be an MCP message (spec 2026-07-28, stdio transport). Find every place where the server process writes text to stdout: in stdio.ts, and in the handlers of server.ts too. This SDK\'s client drops lines that are not JSON and raises onerror for JSON that is not a message, and other clients may drop the connection. Where text meant for people goes is in the same section of the spec, and how to write there is in the Node docs for console. An SdkError CONNECTION_CLOSED means the server process ended: run it yourself and read its error output: node --import tsx chapters/03-real-mcp-sdk/stdio.ts',
      },
      rule: {
        ko: '서버 프로세스가 stdout에 쓰는 줄은 무엇을 요청받든 모두 MCP 메시지이고, 사람이 읽을 글은 stderr로 간다.',
        en: 'Every line the server process writes to stdout is an MCP message, whatever it is asked; text meant for people goes to stderr.',
      },
      suite: '3-stdout-belongs-to-the-protocol.test.ts',
      todo: { file: 'stdio.ts' },
      spawns: ['stdio.ts'],
      tests: {
        'connects with StdioClientTransport and answers three calls with no client error': 'StdioClientTransport로 연결해 세 요청에 답하고 클라이언트 오류가 없다',
        'writes nothing but MCP messages to stdout': 'stdout에는 MCP 메시지만 쓴다',
        'keeps serving after a line that is not JSON and answers with the request id': 'JSON이 아닌 줄 뒤에도 계속 답하고 요청 id로 응답한다',
      },
    },
    {
      id: '03/4',
      title: { ko: '진짜 MCP 위의 양쪽 허용 목록', en: 'Allowlists on both sides, on real MCP' },
      hint: {
        ko: '등록한 도구는 tools/list로 모든 클라이언트에게 보이고 모델이 고를 수 있다. 처리기 안의 거절은 목록이 이미 나간 뒤의 일이다. 서버가 options.tools를 언제 봐야 승인하지 않은 도구가 목록에도 없고 호출하면 모르는 도구와 같은 답을 받는지 생각해 보라. read_note만이 아니라 세 도구 모두 이 규칙을 따르고, 팀이 나중에 승인하면 다시 켜져야 한다. 클라이언트 쪽 AllowlistedClient는 서버의 목록, 설명, 주석(readOnlyHint 포함), 결과, 자원 어느 것으로도 허용 목록을 넓히지 않는다.',
        en: 'A registered tool is shown to every client by tools/list, and a model may pick it; a refusal in its handler comes after the list has gone out. Think about when the server must look at options.tools so that an unapproved tool is not listed and a call to it gets the same answer as an unknown tool. Not only read_note: all three tools follow this rule, and a team that approves one later must be able to turn it back on. On the client side, AllowlistedClient never widens its allowlist from a server\'s list, descriptions, annotations (readOnlyHint included), results or resources.',
      },
      rule: {
        ko: '서버는 options.tools가 승인한 도구만, 모든 도구에 똑같이 드러낸다. 승인하지 않은 도구는 목록에 없고 부르면 모르는 도구와 같은 답을 받으며, 승인한 도구는 목록에 있고 실행된다. 클라이언트는 서버가 무엇을 나열하고 말하든 만들 때 받은 도구만 부른다.',
        en: 'The server exposes exactly the tools options.tools approves, every tool alike: an unapproved tool is not listed and a call to it gets the unknown-tool answer, an approved one is listed and runs; and the client calls only the tools it was built with, whatever the server lists or says.',
      },
      suite: '4-allowlists-on-real-mcp.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        'lists only the tools options.tools approves, whichever they are': 'options.tools가 무엇을 승인하든 승인한 도구만 목록에 올린다',
        'answers a call to any unapproved tool as it answers an unknown tool': '승인하지 않은 어느 도구를 부르든 모르는 도구와 같은 답을 준다',
        'lists and runs every tool the options approve, read_note included': 'options가 승인한 도구는 read_note까지 모두 목록에 올리고 실행한다',
        'refuses every tool outside its own list before sending, whatever the server lists or says': '서버가 무엇을 나열하고 말하든 자기 목록 밖의 도구는 모두 보내기 전에 거부한다',
        'ignores instructions inside a tool result and a resource': '도구 결과와 자원 안의 지시를 무시한다',
        'hands tool results and resource text back unchanged, instructions included': '지시가 든 도구 결과와 자원 글도 바꾸지 않고 돌려준다',
        'keeps its own tool list after serving a document that asks for more': '더 달라는 문서를 내준 뒤에도 자기 도구 목록을 지킨다',
      },
    },
  ],
};
