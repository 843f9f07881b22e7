import type { ChapterEntry } from './types.ts';

/** Chapter 3: the learner writes the chapter 1-2 server on the official MCP TypeScript SDK, graded by SDK clients of both protocol eras. */
export const chapter: ChapterEntry = {
  id: '03',
  dir: '03-real-mcp-sdk',
  title: {
    ko: '공식 SDK로 만드는 진짜 MCP 서버',
    en: 'A real MCP server on the official SDK',
  },
  outcome: {
    ko: '공식 SDK로 도구·자원 주소 틀·프롬프트를 등록하고, 알린 스키마와 실제 검사를 맞추고, stdout을 프로토콜에 남겨 둔 서버를 실제 호스트에 꽂을 수 있다.',
    en: 'You can register tools, resource templates and prompts with the official SDK, keep the advertised schema and the real checks in step, and plug a server whose stdout belongs to the protocol into a real host.',
  },
  exercises: [
    {
      id: '03/1',
      title: { ko: '도구는 알린 대로 검사한다', en: 'A tool checks what it announces' },
      hint: {
        ko: '모델이 보는 것은 tools/list에 실린 입력 스키마뿐이다. 그 스키마가 받는다고 한 인자와 서버가 실제로 받는 인자가 한 개라도 다르면 어느 한쪽이 거짓말을 한다. 스키마 라이브러리가 값을 검사하기 전에 바꾸는지, 모르는 키를 어떻게 다루는지, 정해진 몇 개의 값만 받게 할 수 있는지를 zod 문서의 해당 절에서 확인하라. 결과의 모양은 출력 스키마로 알리고, 같은 내용을 글과 구조화된 결과로 함께 돌려준다. 아래 read_note 등록이 모양을 보여 준다.',
        en: 'All a model sees is the input schema in tools/list. If the arguments that schema accepts differ from what the server really accepts by even one, one of them is lying. Check in the matching sections of the zod docs whether the schema library changes a value before checking it, what it does with unknown keys, and how to accept only a few fixed values. State the shape of the result in an output schema, and return the same content as text and as a structured result. The read_note registration below shows the shape.',
      },
      rule: {
        ko: '도구가 tools/list에 알리는 입력 스키마가 받는 인자와 서버가 실제로 받는 인자는 언제나 같고, 그 밖의 인자는 어느 필드가 틀렸는지 밝힌 isError 결과가 된다. 도구마다 제목과 설명을, 인자마다 설명을 달고, 결과는 outputSchema로 알린 structuredContent와 같은 내용의 글로 돌려주며, 허용 목록 밖의 문서는 파일을 열기 전에 그 이름을 밝혀 거절한다.',
        en: 'The arguments a tool’s listed input schema accepts are always exactly the arguments the server accepts, and any other arguments get an isError result naming the field that was wrong; each tool has a title and a description and each argument a description, a result comes as structuredContent its listed outputSchema announces with a text saying the same, and a document off the allowlist is refused, named, before any file is opened.',
      },
      clauses: [
        { en: 'The arguments a tool’s listed input schema accepts are always exactly the arguments the server accepts', tests: ['lists both tools with input schemas that state their whole rule and output schemas that announce their results', 'accepts exactly the arguments its listed input schema accepts'] },
        { en: 'any other arguments get an isError result naming the field that was wrong', tests: ['refuses any other status, an extra key or a missing status with an isError result naming the field'] },
        { en: 'each tool has a title and a description and each argument a description', tests: ['gives each tool a title and a description, and each argument a description'] },
        { en: 'a result comes as structuredContent its listed outputSchema announces with a text saying the same', tests: ['lists both tools with input schemas that state their whole rule and output schemas that announce their results', 'counts the tasks it was given as text and matching structuredContent', 'summarizes an allowed document as text and matching structuredContent'] },
        { en: 'a document off the allowlist is refused, named, before any file is opened', tests: ['refuses a document off the allowlist before reading any file, naming it'] },
      ],
      suite: '1-tools-say-what-they-check.test.ts',
      todo: { file: 'server.ts', symbol: 'registerCountTasks' },
      tests: {
        'lists both tools with input schemas that state their whole rule and output schemas that announce their results': 'tools/list에 두 도구가 규칙 전부를 말하는 입력 스키마와 결과를 알리는 출력 스키마를 싣고 나온다',
        'accepts exactly the arguments its listed input schema accepts': '목록의 입력 스키마가 받는 인자를, 딱 그만큼만 받는다',
        'counts the tasks it was given as text and matching structuredContent': '받은 작업 자료를 세어 글과 같은 내용의 structuredContent로 돌려준다',
        'refuses any other status, an extra key or a missing status with an isError result naming the field': '다른 상태값, 남는 키, 빠진 status는 그 필드를 밝힌 isError 결과로 거절한다',
        'summarizes an allowed document as text and matching structuredContent': '허용된 문서의 요약을 글과 같은 내용의 structuredContent로 돌려준다',
        'refuses a document off the allowlist before reading any file, naming it': '허용 목록 밖의 문서는 파일을 읽기 전에 그 이름을 밝혀 거절한다',
        'gives each tool a title and a description, and each argument a description': '도구마다 제목과 설명을, 인자마다 설명을 단다',
      },
    },
    {
      id: '03/2',
      title: { ko: '문서는 자원으로, 질문은 프롬프트로', en: 'Documents as resources, questions as a prompt' },
      hint: {
        ko: '자원 주소 틀 하나로 여러 문서를 내놓을 수 있다. 틀에는 나열하는 방법과 읽는 방법이 따로 있고, 둘 다 허용 목록을 거쳐야 한다. 자원과 프롬프트가 잘못된 요청에 무엇으로 답하는지는 명세(2026-07-28)의 Resources와 Prompts 절 Error Handling에 있다. 도구의 규칙이 그대로 통한다고 여기지 마라. 프롬프트 인자가 꼭 있어야 하는지는 스키마가 정하고, 목록에 그대로 실린다.',
        en: 'One resource address template can serve many documents. A template comes with a way to list and a way to read, and both must go through the allowlist. How resources and prompts answer bad requests is in Error Handling of the Resources and Prompts sections of the 2026-07-28 spec; do not assume the rule for tools carries over. Whether a prompt argument is required is decided by its schema, and the list shows it as it is.',
      },
      rule: {
        ko: '자원 목록과 읽기는 하나의 docs:// 주소 틀 아래 허용 목록의 문서만 보여 주고, 그 밖의 주소와 이름 없는 프롬프트 요청은 파일을 열기 전에 -32602가 되며, 검토 프롬프트는 설명 달린 필수 인자로 나열되고 이름 받은 문서의 검토 질문을 돌려준다.',
        en: 'Listing and reading resources show the allowlist’s documents and no other, under one docs:// template, and any other address, or a prompt request without its name, gets -32602 before a file is opened; the review prompt is listed with a required, described argument and gives the questions for the named document.',
      },
      clauses: [
        { en: 'Listing and reading resources show the allowlist’s documents and no other, under one docs:// template', tests: ['lists exactly the allowed documents as resources under one docs:// template', 'reads an allowed document and refuses any other address with -32602 before reading a file'] },
        { en: 'any other address, or a prompt request without its name, gets -32602 before a file is opened', tests: ['reads an allowed document and refuses any other address with -32602 before reading a file', 'gets the review questions for the named document, and answers -32602 without a name'] },
        { en: 'the review prompt is listed with a required, described argument and gives the questions for the named document', tests: ['lists the review prompt with a required, described argument', 'gets the review questions for the named document, and answers -32602 without a name'] },
      ],
      suite: '2-documents-as-resources-and-prompt.test.ts',
      todo: { file: 'server.ts', symbol: 'registerDocuments' },
      tests: {
        'lists exactly the allowed documents as resources under one docs:// template': '허용된 문서만 docs:// 주소 틀 하나 아래의 자원으로 나열한다',
        'reads an allowed document and refuses any other address with -32602 before reading a file': '허용된 문서는 읽고, 다른 주소는 파일을 읽기 전에 -32602로 거절한다',
        'lists the review prompt with a required, described argument': '검토 프롬프트를 설명이 달린 필수 인자와 함께 나열한다',
        'gets the review questions for the named document, and answers -32602 without a name': '이름을 받은 문서의 검토 질문을 돌려주고, 이름이 없으면 -32602로 답한다',
      },
    },
    {
      id: '03/3',
      title: { ko: '표준 출력은 프로토콜의 것', en: 'The stdout channel belongs to the protocol' },
      hint: {
        ko: '서버 프로세스의 출력은 명세의 stdio 전송 절(2026-07-28)이 정한 대로 써야 한다. 클라이언트는 stdout의 한 줄 한 줄을 메시지로 읽는다. 서버 프로세스에서 무엇이 stdout에 쓰는지 모두 찾아보라: stdio.ts만이 아니라 server.ts의 처리기도. 사람이 읽을 글을 둘 곳은 같은 절에 있다. SdkError CONNECTION_CLOSED가 보이면 서버 프로세스가 끝난 것이니 직접 실행해 보라: node_modules/.bin/tsx chapters/03-real-mcp-sdk/stdio.ts',
        en: 'The server process must write its output the way the stdio transport section of the spec (2026-07-28) says. A client reads every stdout line as a message. Find everything in the server process that writes to stdout: in stdio.ts, and in the handlers of server.ts too. Where text for people may go is in the same section. An SdkError CONNECTION_CLOSED means the server process ended: run it yourself: node_modules/.bin/tsx chapters/03-real-mcp-sdk/stdio.ts',
      },
      rule: {
        ko: '서버 프로세스가 stdout에 쓰는 줄은 어느 시대의 클라이언트가 무엇을 요청하든 모두 MCP 메시지이고, 서버는 StdioClientTransport로 연결되어 답하며, JSON이 아닌 줄 뒤에도 계속 요청 id로 답한다.',
        en: 'Every line the server process writes to stdout is an MCP message, whichever era’s client asks whatever it asks; the server connects over StdioClientTransport and answers, and keeps answering with the request id after a line that is not JSON.',
      },
      clauses: [
        { en: 'Every line the server process writes to stdout is an MCP message, whichever era’s client asks whatever it asks', tests: ['writes nothing but MCP messages to stdout'] },
        { en: 'the server connects over StdioClientTransport and answers', tests: ['connects with StdioClientTransport and answers three calls with no client error'] },
        { en: 'keeps answering with the request id after a line that is not JSON', tests: ['keeps serving after a line that is not JSON and answers with the request id'] },
      ],
      suite: '3-stdout-belongs-to-the-protocol.test.ts',
      todo: { file: 'stdio.ts', symbol: 'serveStdio' },
      spawns: ['stdio.ts'],
      tests: {
        'connects with StdioClientTransport and answers three calls with no client error': 'StdioClientTransport로 연결해 세 요청에 답하고 클라이언트 오류가 없다',
        'writes nothing but MCP messages to stdout': 'stdout에는 MCP 메시지만 쓴다',
        'keeps serving after a line that is not JSON and answers with the request id': 'JSON이 아닌 줄 뒤에도 계속 답하고 요청 id로 응답한다',
      },
    },
    {
      id: '03/4',
      title: { ko: '승인한 도구만 있다', en: 'Only approved tools exist' },
      hint: {
        ko: 'tools/list는 허용 목록이 없는 클라이언트와 그 모델에게도 나간다. 서버가 팀이 승인한 도구 목록(설정의 tools)을 언제 봐야 승인하지 않은 도구가 목록에도 없고, 부르면 모르는 도구와 같은 답을 받을지 생각해 보라. 세 도구 모두 같은 규칙이고, 팀이 나중에 승인하면 다시 켜져야 한다.',
        en: 'tools/list also goes to clients without an allowlist, and to their models. Think about when the server must look at the tools the team approved (the tools setting) so that an unapproved tool is not listed and a call to it gets the same answer as an unknown tool. All three tools follow the rule, and a team that approves one later must be able to turn it back on.',
      },
      rule: {
        ko: '서버는 설정의 tools가 승인한 도구만, 모든 도구에 똑같이 드러낸다. 승인하지 않은 도구는 목록에 없고 부르면 모르는 도구와 같은 답을 받으며, 승인한 도구는 목록에 있고 실행되고, 문서가 무엇을 요구하든 그 목록은 바뀌지 않는다.',
        en: 'The server exposes exactly the tools its tools setting approves, every tool alike: an unapproved tool is not listed and a call to it gets the unknown-tool answer, and an approved one is listed and runs, whatever a document asks for.',
      },
      clauses: [
        { en: 'The server exposes exactly the tools its tools setting approves, every tool alike', tests: ['lists only the tools its options approve, whichever they are'] },
        { en: 'an unapproved tool is not listed and a call to it gets the unknown-tool answer', tests: ['lists only the tools its options approve, whichever they are', 'answers a call to any unapproved tool as it answers an unknown tool'] },
        { en: 'an approved one is listed and runs', tests: ['lists and runs every tool the options approve, read_note included'] },
        { en: 'whatever a document asks for', tests: ['keeps its own tool list after serving a document that asks for more'] },
      ],
      suite: '4-only-approved-tools-exist.test.ts',
      todo: { file: 'server.ts', symbol: 'buildServer' },
      tests: {
        'lists only the tools its options approve, whichever they are': '서버 옵션이 무엇을 승인하든 승인한 도구만 목록에 올린다',
        'answers a call to any unapproved tool as it answers an unknown tool': '승인하지 않은 어느 도구를 부르든 모르는 도구와 같은 답을 준다',
        'lists and runs every tool the options approve, read_note included': 'options가 승인한 도구는 read_note까지 모두 목록에 올리고 실행한다',
        'keeps its own tool list after serving a document that asks for more': '더 달라는 문서를 내준 뒤에도 자기 도구 목록을 지킨다',
      },
    },
    {
      id: '03/5',
      title: { ko: '클라이언트는 자기 목록을 지킨다', en: 'The client keeps its own list' },
      hint: {
        ko: '2장의 클라이언트 쪽 규칙이 진짜 MCP에서도 그대로다. 서버의 목록, 설명, 주석(readOnlyHint 포함), 결과, 자원은 모두 자료다. 허용 여부는 객체를 만들 때 받은 목록만 정하고, 막을 때는 요청이 나가기 전이어야 한다. 지시를 따르지 않는다는 것은 그 글을 지운다는 뜻이 아니다.',
        en: 'Chapter 2’s client-side rule holds on real MCP as it is. A server’s list, descriptions, annotations (readOnlyHint included), results and resources are all data. Only the list given when the object was made decides what is allowed, and a refusal must come before the request leaves. Not obeying an instruction does not mean deleting its text.',
      },
      rule: {
        ko: '클라이언트는 서버가 무엇을 나열하고 말하든 만들 때 받은 도구만 부르고, 그 밖의 호출은 요청을 보내기 전에 거절하며, 도구 결과와 자원 글은 그 안의 지시까지 바꾸지 않고 그대로 넘겨준다.',
        en: 'The client calls only the tools it was built with, whatever the server lists or says, and refuses any other call before sending a request; it hands tool results and resource text back unchanged, instructions included, and follows none of them.',
      },
      clauses: [
        { en: 'The client calls only the tools it was built with, whatever the server lists or says', tests: ['refuses every tool outside its own list before sending, whatever the server lists or says', 'ignores instructions inside a tool result and a resource'] },
        { en: 'refuses any other call before sending a request', tests: ['refuses every tool outside its own list before sending, whatever the server lists or says'] },
        { en: 'it hands tool results and resource text back unchanged, instructions included', tests: ['hands tool results and resource text back unchanged, instructions included'] },
        { en: 'follows none of them', tests: ['ignores instructions inside a tool result and a resource'] },
      ],
      suite: '5-the-client-keeps-its-own-list.test.ts',
      todo: { file: 'client.ts', symbol: 'callTool' },
      tests: {
        'refuses every tool outside its own list before sending, whatever the server lists or says': '서버가 무엇을 나열하고 말하든 자기 목록 밖의 도구는 모두 보내기 전에 거부한다',
        'ignores instructions inside a tool result and a resource': '도구 결과와 자원 안의 지시를 무시한다',
        'hands tool results and resource text back unchanged, instructions included': '지시가 든 도구 결과와 자원 글도 바꾸지 않고 돌려준다',
      },
    },
  ],
};
