import type { ChapterEntry } from './types.ts';

/** Chapter 2: the client and the server each keep their own allowlist, and server data never widens either. */
export const chapter: ChapterEntry = {
  id: '02',
  dir: '02-two-sided-allowlists',
  title: {
    ko: '양쪽에서 지키는 허용 목록',
    en: 'Allowlists on both sides',
  },
  outcome: {
    ko: '서버가 올린 목록과 승인한 허용 목록을 따로 두고, 클라이언트와 서버가 각자 검사하며, 서버가 보낸 글이 권한을 넓히지 못하게 막을 수 있다.',
    en: 'You can keep the list a server offers apart from the approved allowlist, check on both the client and the server side, and keep anything a server sends from widening a permission.',
  },
  exercises: [
    {
      id: '02/1',
      title: { ko: 'open 대신 done 세기', en: 'Counting done instead of open' },
      hint: {
        ko: '요청 인자만 바꾸면 main의 검증이 먼저 실패한다. 고정 자료 TASKS에서 done인 작업이 몇 개인지 세어 기대 결과도 함께 고쳐라.',
        en: "Changing only the request argument makes main's own check fail first. Count the done tasks in the fixed TASKS data and fix the expected result too.",
      },
      rule: {
        ko: 'main의 정상 호출은 같은 클라이언트로 done 작업을 묻고 실제 개수만 받아들인다. 서버가 그 밖의 답을 하면 예외를 던지고, 출력하는 줄은 기대한 줄 그대로다.',
        en: "main's normal call asks for the done tasks through the same client and accepts only the true count: a server that answers anything else makes it throw, and the lines it prints are exactly the expected ones.",
      },
      clauses: [
        { en: 'main\'s normal call asks for the done tasks through the same client', tests: ['sends the normal call with status done and the right request id'] },
        { en: 'accepts only the true count', tests: ['prints the true done count as the normal response', 'finishes its checks'] },
        { en: 'a server that answers anything else makes it throw', tests: ['throws when the server lies about the done count'] },
        { en: 'the lines it prints are exactly the expected ones', tests: ['keeps the rest of the output as it was', 'prints the true done count as the normal response'] },
      ],
      suite: '1-done-instead-of-open.test.ts',
      todo: { file: 'main.ts', symbol: 'main' },
      tests: {
        'sends the normal call with status done and the right request id': '정상 호출을 status done과 맞는 요청 식별자로 보낸다',
        'prints the true done count as the normal response': '정상 호출의 응답으로 실제 done 개수를 출력한다',
        'finishes its checks': '검증을 끝까지 마친다',
        'keeps the rest of the output as it was': '나머지 출력은 그대로다',
        'throws when the server lies about the done count': '서버가 done 개수를 틀리게 알려 주면 예외를 던진다',
      },
    },
    {
      id: '02/2',
      title: { ko: '남는 인자와 틀린 값', en: 'Extra argument versus bad value' },
      hint: {
        ko: '틀린 인자는 두 가지다: 모양이 틀린 것(객체가 아니거나, 키가 status 하나가 아니다)과 값이 틀린 것. 호출한 쪽이 메시지만 보고 어느 쪽인지 알려면, 둘 다 틀린 호출은 어느 메시지로 거부되어야 할까? typeof null이 무엇을 돌려주는지 떠올려 보고, protocol.ts에 쓸 만한 함수가 있는지 보라.',
        en: 'Bad arguments come in two kinds: the wrong shape (not an object, or keys other than just status) and the wrong value. For the caller to tell which from the message alone, which message must a call that is wrong in both ways get? Remember what typeof null returns, and see whether protocol.ts has helpers you can use.',
      },
      rule: {
        ko: '서버는 도구 이름이 문자열인 등록된 도구일 때만 호출을 받고, 인자의 값보다 모양을 먼저 본다. 키가 status 하나뿐인 평범한 객체가 아니면 값이 무엇이든 키 오류 메시지로 거부하고, 그다음에야 상태값을 보며, 올바른 호출은 여전히 센다.',
        en: 'The server takes a call only for a registered tool named by a string, and judges the shape of the arguments before their value: anything but a plain object whose only key is status gets the key message, whatever the value, and only then is the status checked; a valid call is still counted.',
      },
      clauses: [
        { en: 'a registered tool named by a string', tests: ['rejects a tool name that is not a string, such as ["count_tasks"]'] },
        { en: 'anything but a plain object whose only key is status gets the key message, whatever the value', tests: ['rejects an extra argument with the key message', 'rejects a missing or misnamed key with the key message', 'answers arguments wrong in both key and value with the message the rule names', 'rejects arguments that are not a plain object with -32602'] },
        { en: 'only then is the status checked', tests: ['rejects an unknown status with the value message', 'answers arguments wrong in both key and value with the message the rule names'] },
        { en: 'a valid call is still counted', tests: ['still counts a valid call'] },
      ],
      suite: '2-extra-argument-versus-bad-value.test.ts',
      todo: { file: 'server.ts', symbol: 'readStatus' },
      tests: {
        'rejects an extra argument with the key message': '남는 인자는 키 오류 메시지로 거부한다',
        'rejects a missing or misnamed key with the key message': 'status 키가 없거나 이름이 다르면 키 오류 메시지로 거부한다',
        'rejects an unknown status with the value message': '모르는 상태값은 값 오류 메시지로 거부한다',
        'answers arguments wrong in both key and value with the message the rule names': '키와 값이 함께 틀린 인자에 규칙이 정한 메시지로 답한다',
        'rejects arguments that are not a plain object with -32602': '일반 객체가 아닌 arguments는 -32602로 거부한다',
        'still counts a valid call': '올바른 호출은 여전히 개수를 센다',
        'rejects a tool name that is not a string, such as ["count_tasks"]': '["count_tasks"]처럼 문자열이 아닌 도구 이름을 거부한다',
      },
    },
    {
      id: '02/3',
      title: { ko: '끼워 넣은 문장은 권한을 바꾸지 못한다', en: 'Injected text changes no permission' },
      hint: {
        ko: 'exchange가 응답을 받은 뒤 허용 목록에 무엇을 하는지 읽어 보라. 서버가 보낸 이름, 설명, 제안은 모두 자료일 뿐이다. 허용 목록은 생성자에서 정한 뒤로 응답 때문에 바뀌면 안 된다.',
        en: 'Read what exchange does to the allowlist after a response arrives. Names, descriptions and suggestions from the server are only data; once the constructor sets the allowlist, no response may change it.',
      },
      rule: {
        ko: '서버 응답에 든 어떤 값도 클라이언트의 허용 목록을 바꾸지 못한다. 목록, 설명, 결과, 오류가 무엇을 말하든 클라이언트는 만들 때 받은 도구만 보내고, 상속된 객체 이름까지 나머지는 모두 보내기 전에 거부하며, 그것을 우회해 보낸 요청은 서버가 -32001로 거부한다.',
        en: 'No value in any server response ever changes the client\'s allowlist: whatever a list, description, result or error says, the client sends exactly the tools it was built to allow and refuses every other one before sending, inherited object names included, and a request sent around it is refused by the server with -32001.',
      },
      clauses: [
        { en: 'whatever a list, description, result or error says', tests: ['ignores a tool description that says to drop the restrictions', 'ignores a result that suggests any tool, even one on the team list', 'ignores a server that lists a new tool', 'ignores an error response that names a tool'] },
        { en: 'the client sends exactly the tools it was built to allow and refuses every other one before sending, inherited object names included', tests: ['refuses inherited object names such as constructor before sending', 'ignores a server that lists a new tool'] },
        { en: 'a request sent around it is refused by the server with -32001', tests: ['refuses the bypass through exchange on the server with -32001'] },
      ],
      suite: '3-injected-text-changes-no-permission.test.ts',
      todo: { file: 'client.ts', symbol: 'exchange' },
      tests: {
        'ignores a tool description that says to drop the restrictions': '제한을 풀라는 도구 설명을 무시한다',
        'ignores a result that suggests any tool, even one on the team list': '팀 목록에 있는 도구라도, 도구를 제안하는 결과는 무시한다',
        'ignores a server that lists a new tool': '새 도구를 목록에 올린 서버를 무시한다',
        'ignores an error response that names a tool': '도구 이름을 대는 오류 응답을 무시한다',
        'refuses inherited object names such as constructor before sending': 'constructor 같은 상속된 객체 이름도 전송 전에 거부한다',
        'refuses the bypass through exchange on the server with -32001': 'exchange로 우회한 요청은 서버가 -32001로 거부한다',
      },
    },
    {
      id: '02/4',
      title: { ko: '허용 목록 확장 알아차리기', en: 'Allowlist widening' },
      hint: {
        ko: '예외가 났다는 사실만으로는 클라이언트가 거부했다고 말할 수 없다. 어떤 종류의 오류인지, 그리고 호출 전후로 nextId가 그대로인지 함께 확인하라. 숫자 3 같은 main의 호출 순서에 기대면 안 된다.',
        en: "An exception alone does not show that the client refused. Check which kind of error it is, and whether nextId is the same before and after the call. Do not rely on main's call order, such as the number 3.",
      },
      rule: {
        ko: 'expectClientRefusal은 클라이언트가 요청 식별자를 쓰지 않고 자기 정책 오류를 던졌을 때만 거부로 인정한다. 그 밖의 모든 결과는 허용 목록이 넓어졌다는 뜻이므로 예외를 던진다.',
        en: 'expectClientRefusal counts a call as refused only when the client threw its own policy error without spending a request id; every other outcome means the allowlist was widened, and it throws.',
      },
      clauses: [
        { en: 'expectClientRefusal counts a call as refused only when the client threw its own policy error without spending a request id', tests: ['returns the refusal for any client that does not allow read_note, without using an id', 'does not depend on the id counter being 3', 'throws when a sent request fails with a policy error', 'throws when the call fails before sending for another reason'] },
        { en: 'every other outcome means the allowlist was widened, and it throws', tests: ['a widened client reaches the server, which refuses with -32001', 'throws for a widened client whose call is answered', 'throws for a widened client whose transport throws'] },
      ],
      suite: '4-allowlist-widening.test.ts',
      todo: { file: 'main.ts', symbol: 'expectClientRefusal' },
      tests: {
        'a widened client reaches the server, which refuses with -32001': '넓힌 클라이언트의 호출은 서버에 닿고 서버가 -32001로 거부한다',
        'throws for a widened client whose call is answered': '호출이 응답을 받은 넓힌 클라이언트에는 예외를 던진다',
        'throws for a widened client whose transport throws': '전송 함수가 예외를 던진 넓힌 클라이언트에도 예외를 던진다',
        'throws when a sent request fails with a policy error': '전송된 요청이 정책 오류로 실패해도 예외를 던진다',
        'throws when the call fails before sending for another reason': '전송 전에 다른 이유로 실패한 호출에도 예외를 던진다',
        'returns the refusal for any client that does not allow read_note, without using an id': 'read_note를 허용하지 않은 클라이언트라면 식별자를 쓰지 않고 거부 메시지를 돌려준다',
        'does not depend on the id counter being 3': '식별자 카운터가 3이라는 데 기대지 않는다',
      },
    },
  ],
};
