import { test } from 'vitest';
import { main } from '../../../chapters/02-two-sided-allowlists/main.ts';
import { serverReceive } from '../../../chapters/02-two-sided-allowlists/server.ts';
import { ensure, say } from '../_lib/say.ts';
import { captureLog } from '../_lib/run.ts';

const NORMAL_REQUEST =
  '요청: {"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"status":"done"},"name":"count_tasks"}}';
const NORMAL_RESPONSE = '응답: {"id":2,"jsonrpc":"2.0","result":{"content":[{"text":"done: 1","type":"text"}]}}';

// The output of the solved program: the seed's output with only the normal call's two lines changed.
const EXPECTED = [
  '발견한 도구: count_tasks, read_note',
  '정상 호출',
  NORMAL_REQUEST,
  NORMAL_RESPONSE,
  '클라이언트 정책: 호출 거부',
  '잘못된 인자',
  '요청: {"id":3,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"status":"closed"},"name":"count_tasks"}}',
  '응답: {"error":{"code":-32602,"message":"허용하지 않는 상태"},"id":3,"jsonrpc":"2.0"}',
  '클라이언트 검사 우회',
  '요청: {"id":4,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{},"name":"read_note"}}',
  '응답: {"error":{"code":-32001,"message":"서버 정책: 호출 거부"},"id":4,"jsonrpc":"2.0"}',
  '검증: 4개 통과',
];

function runMain(): { lines: string[]; error?: string } {
  return captureLog(() => main());
}

test('sends the normal call with status done and request id 2', () => {
  const run = runMain();
  ensure(run.lines[1] === '정상 호출' && run.lines[2] === NORMAL_REQUEST, {
    what: say(
      '정상 호출의 요청 줄이 다르다. status는 done이어야 하고, 호출 순서가 같으니 식별자는 여전히 2여야 한다.',
      "The normal call's request line differs: status must be done, and since the call order is unchanged its id is still 2.",
    ),
    got: run.lines[2] ?? run.error,
    expected: NORMAL_REQUEST,
  });
});

test('prints done: 1 as the normal response', () => {
  const run = runMain();
  ensure(run.lines[3] === NORMAL_RESPONSE, {
    what: say(
      '정상 호출의 응답 줄이 다르다. 고정 자료에서 done인 작업은 하나다.',
      "The normal call's response line differs: exactly one task in the fixed data is done.",
    ),
    got: run.lines[3] ?? run.error,
    expected: NORMAL_RESPONSE,
  });
});

test('keeps the rest of the output and finishes its checks', () => {
  const run = runMain();
  ensure(run.error === undefined, {
    what: say('main이 끝까지 실행되지 못하고 예외를 던졌다.', 'main threw instead of running to the end.'),
    got: run.error,
    expected: say('예외 없이 "검증: 4개 통과"까지 출력', 'no exception, printing up to "검증: 4개 통과"'),
  });
  // The normal call's two lines are judged by the tests above; every other line must be exactly as before.
  const rest = (lines: readonly string[]): string[] => lines.filter((_, index) => index !== 2 && index !== 3);
  ensure(run.lines.length === EXPECTED.length && rest(run.lines).join('\n') === rest(EXPECTED).join('\n'), {
    what: say(
      '정상 호출 두 줄 말고는 출력이 원래와 같아야 한다(식별자 3과 4도 그대로).',
      'Apart from the two normal-call lines the output must stay as it was (ids 3 and 4 included).',
    ),
    got: run.lines,
    expected: EXPECTED.join(' | '),
  });
});

test('throws when the server lies about the done count', () => {
  // The real server, except that its done count is wrong in the response text.
  const liar = (raw: string): string => serverReceive(raw).replace('"done: 1"', '"done: 2"');
  const run = captureLog(() => main({ transport: liar }));
  ensure(run.error !== undefined, {
    what: say(
      'done 개수를 틀리게 알려 주는 서버에 연결했는데도 main이 검증 통과를 출력했다. 기대 결과를 실제 응답과 비교해야 한다.',
      'main passed its checks against a server that reports a wrong done count; it must compare the real response with the expected one.',
    ),
    sent: say('응답의 "done: 1"을 "done: 2"로 바꾸는 전송 함수', 'a transport that turns "done: 1" into "done: 2"'),
    got: run.lines,
    expected: say('main이 예외를 던짐', 'main throws'),
  });
});
