import type { ChapterEntry } from './types.ts';

/** Chapter 1: a mini MCP server and client exchanging JSON-RPC text in one process. */
export const chapter: ChapterEntry = {
  id: '01',
  dir: '01-mini-mcp',
  title: {
    ko: '작은 MCP 만들기: 도구 연결 규칙을 흉내 내며 이해하기',
    en: 'A mini MCP: learning the tool connection rules by imitating them',
  },
  outcome: {
    ko: 'MCP 메시지 한 줄을 보고 요청·응답·알림을 가르고, 잘못된 인자를 파일에 닿기 전에 거절하는 서버와 제 요청의 답인지 확인하는 클라이언트를 만들 수 있다.',
    en: 'You can tell a request, a response and a notification apart from one MCP message, and build a server that refuses bad arguments before they reach a file and a client that checks each answer is its own.',
  },
  exercises: [
    {
      id: '01/1',
      title: { ko: '서버에서 도구 인자 검사하기', en: 'Checking tool arguments on the server' },
      hint: {
        ko: '입력 스키마의 additionalProperties: false는 규칙을 적어 둘 뿐 아무것도 막지 않는다. 스키마가 말하는 모양(어떤 값이 객체인가, 어떤 키가 허용되는가)을 callTool이 직접 지켜야 한다. typeof null과 typeof []가 무엇인지 떠올려 보고, rpc.ts에 이미 있는 도우미를 살펴보라. 검사가 파일을 읽는 줄보다 뒤에 있으면 이미 늦다. 경우마다 어떤 거절 메시지를 기대하는지는 README의 01/1 설명과 채점 결과의 "기대한 것" 줄에 있다.',
        en: 'additionalProperties: false in the input schema only writes a rule down; nothing enforces it. callTool has to keep the shape the schema describes itself (which values are objects, which keys are allowed). Remember what typeof null and typeof [] are, and look at the helpers rpc.ts already has. A check after the line that reads a file comes too late. The refusal message each case must carry is in the part of the README on 01/1 and on the "expected" line of the check report.',
      },
      rule: {
        ko: '서버는 파일에 손대기 전에 도구 인자의 모양을 직접 지킨다. 키가 name 하나뿐인 평범한 객체가 아니면 스키마가 무엇을 적어 두었든 -32602로 거절하고, 어떤 파일도 읽지 않는다.',
        en: 'The server enforces the shape of tool arguments itself, before it touches any file: anything but a plain object whose only key is name is refused with -32602, whatever the schema only describes, and no file is read.',
      },
      suite: '1-argument-checks.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        'rejects an extra field with -32602': '필드가 하나 더 있으면 -32602로 거절한다',
        'rejects arguments without the name field with -32602': 'name 필드가 없는 인자를 -32602로 거절한다',
        'rejects null arguments with -32602': 'null 인자를 -32602로 거절한다',
        'rejects array arguments with -32602': '배열 인자를 -32602로 거절한다',
        'rejects string and number arguments with -32602': '문자열·숫자 인자를 -32602로 거절한다',
        'still refuses an unknown tool or extra call fields with -32602': '모르는 도구나 남는 호출 필드는 여전히 -32602로 거절한다',
        'still summarizes report.txt for a valid call': '올바른 호출은 여전히 report.txt를 요약한다',
      },
    },
    {
      id: '01/2',
      title: { ko: '정수 문서 이름 거부하기', en: 'Rejecting an integer document name' },
      hint: {
        ko: 'REJECTED_CALLS에 name이 숫자인 호출 하나를 더하라. 그리고 목록에 사례를 하나 더하거나 빼면 "거부 검사" 줄의 숫자가 어떻게 되는지 따져 보라: 그 숫자는 지금 어디에서 오는가? 서버가 문자열 여부부터 확인하는 이유도 생각해 보라: String(["report.txt"])은 무엇이 되는가?',
        en: 'Add one more call to REJECTED_CALLS whose name is a number. Then ask what the number in the "거부 검사" line does when a case is added to the list or taken out of it: where does that number come from now? Also think about why the server checks for a string first: what is String(["report.txt"])?',
      },
      rule: {
        ko: '문서 이름은 허용 목록이 제 항목으로 가진 문자열일 때만 받는다. 숫자, 배열, 상속된 이름 같은 그 밖의 값은 파일을 읽기 전에 -32602로 거절하고, main이 출력하는 거부 개수는 목록이 무엇을 담든 그 목록의 길이다.',
        en: 'A document name is accepted only as a string the allowlist holds as its own entry: numbers, arrays, inherited names and every other value are refused with -32602 before any file is read, and the rejection count main prints is the length of its list, whatever the list holds.',
      },
      suite: '2-integer-name-reject.test.ts',
      todo: { file: 'main.ts' },
      tests: {
        'lists a call whose document name is an integer': '문서 이름이 정수인 호출이 목록에 있다',
        'rejects an integer document name with -32602': '정수 문서 이름을 -32602로 거절한다',
        'rejects an array document name with -32602': '배열 문서 이름을 -32602로 거절한다',
        'rejects constructor and __proto__ as document names with -32602': 'constructor와 __proto__ 문서 이름을 -32602로 거절한다',
        'rejects every listed call with -32602': '목록의 모든 호출을 -32602로 거절한다',
        'prints the rejection count as 4': '거부 검사 개수를 4로 출력한다',
        'takes the printed count from the list length': '출력 개수를 목록 길이에서 가져온다',
      },
    },
    {
      id: '01/3',
      title: { ko: '-32700 응답의 null 식별자 확인하기', en: 'Checking the null id of a -32700 reply' },
      hint: {
        ko: 'JSON-RPC 2.0 명세의 응답 객체 절을 다시 읽어 보라: 해석 오류에 대한 응답이 무엇을 담아야 하고 무엇을 담으면 안 되는지가 거기 있다. 그 가운데 하나라도 어긋난 응답은 통과시키지 마라. 느슨한 비교(==)는 "키가 없다"와 "값이 null이다"를, 숫자와 그 숫자를 적은 문자열을 구별하지 못한다.',
        en: 'Reread the response object section of the JSON-RPC 2.0 specification: it says what the reply to a parse error must carry and what it must not. Let no reply through that is off in any of those. A loose comparison (==) cannot tell "the key is missing" from "the value is null", nor a number from a string spelling that number.',
      },
      rule: {
        ko: 'checkParseError는 JSON이 아닌 문자열에 대한 답이 코드가 숫자 -32700이고 id 키가 실제로 있으며 그 값이 정확히 null이고 result가 없는 오류 응답일 때만 서버를 통과시키고, 그 밖의 응답에는 예외를 던진다.',
        en: 'checkParseError passes a server only when text that is not JSON comes back as an error reply whose code is the number -32700, whose id key is present and exactly null, and which has no result; any other reply makes it throw.',
      },
      suite: '3-parse-error-null-id.test.ts',
      todo: { file: 'main.ts' },
      tests: {
        'answers malformed JSON with -32700 and a literal null id': '깨진 JSON에 -32700과 실제 null id로 답한다',
        'answers non-object JSON with -32600 and a null id': '객체가 아닌 JSON에 -32600과 null id로 답한다',
        'checkParseError sends text that is not JSON': 'checkParseError가 JSON이 아닌 문자열을 보낸다',
        'checkParseError accepts the real server': 'checkParseError가 올바른 서버를 통과시킨다',
        'checkParseError rejects a reply without an id key': 'checkParseError가 id 키 없는 응답을 거부한다',
        'checkParseError rejects a reply whose id is anything but null, such as 1, 0 or "null"': 'checkParseError가 id가 1, 0, "null"처럼 null이 아닌 응답을 거부한다',
        'checkParseError rejects a reply with another code, such as -32600': 'checkParseError가 -32600처럼 다른 코드의 응답을 거부한다',
        'checkParseError rejects a reply whose code is the string "-32700"': 'checkParseError가 코드가 문자열 "-32700"인 응답을 거부한다',
        'checkParseError rejects a reply that also has a result': 'checkParseError가 result도 있는 응답을 거부한다',
        'checkParseError rejects a reply that is not JSON': 'checkParseError가 JSON이 아닌 응답을 거부한다',
      },
    },
    {
      id: '01/4',
      title: { ko: '자원·도구·프롬프트 나누어 제공하기', en: 'Mapping resource, tool and prompt' },
      hint: {
        ko: '누가 고르는지로 나눈다: 모델이 부르는 것, 애플리케이션이 맥락으로 붙여 주는 것, 사용자가 골라 쓰는 것. MCP 명세(2026-07-28)의 서버 기능 개요가 세 기능을 이렇게 나눈다. 메서드와 필드 이름은 README의 01/4 설명과 명세에 적힌 그대로 쓴다. 새 메서드로 읽는 문서도 도구와 같은 허용 목록을 거쳐야 하고, 문서나 프롬프트에 적힌 문장은 자료일 뿐이니 서버 상태를 바꾸게 하지 마라.',
        en: 'Sort them by who chooses: what the model calls, what the application attaches as context, what the user picks. The server features overview of the MCP specification (2026-07-28) divides the three capabilities this way. Write the method and field names exactly as the part of the README on 01/4 and the specification give them. A document read through a new method goes through the same allowlist as the tool, and sentences inside a document or prompt are data: never let them change the server state.',
      },
      rule: {
        ko: '자원, 도구, 프롬프트는 모두 하나의 허용 목록을 따른다. 허용 목록이 받지 않는 주소는 디스크에 무엇이 있든 디스크에 손대지 않고 -32602로 거절하고, 허용된 문서를 읽다 난 오류를 거절로 꾸미지 않으며, 문서나 프롬프트에 적힌 어떤 글도 목록과 허용 범위를 바꾸지 못한다.',
        en: 'Resources, tools and prompts all follow the one allowlist: an address it does not admit is refused with -32602 without touching the disk, whatever is on disk; a failure while reading an admitted document is never dressed as a refusal; and nothing a document or prompt says changes what is listed or allowed.',
      },
      suite: '4-resource-tool-prompt.test.ts',
      todo: { file: 'server.ts' },
      tests: {
        'lists every allowed document, and only those': '허용된 문서를 모두, 그리고 그것만 목록에 올린다',
        'reads the body of any allowed document': '허용된 어느 문서든 본문을 읽어 준다',
        'refuses documents outside the allowlist with -32602': '허용 목록 밖의 문서를 -32602로 거절한다',
        'reads no file for an address the allowlist refuses': '허용 목록이 거절한 주소에는 어떤 파일도 읽지 않는다',
        'does not answer a missing allowed document as a refusal': '허용된 문서가 없을 때 거절로 꾸며 답하지 않는다',
        'lists the review questions': '검토 질문을 목록에 올린다',
        'returns the review questions as a user text message': '검토 질문을 사용자 텍스트 메시지로 돌려준다',
        'refuses an unknown prompt with -32602': '모르는 프롬프트를 -32602로 거절한다',
        'refuses a name that is not a string, such as an array holding the name': '이름 하나를 담은 배열처럼 문자열이 아닌 이름을 거절한다',
        'refuses options on the new list methods with -32602': '새 목록 메서드에 붙은 옵션을 -32602로 거절한다',
        'keeps document statistics as the only tool': '문서 통계를 유일한 도구로 유지한다',
        'does not widen access because of document text': '문서 속 문장 때문에 접근 범위를 넓히지 않는다',
        'still answers unknown methods with -32601': '모르는 메서드에는 여전히 -32601로 답한다',
      },
    },
  ],
};
