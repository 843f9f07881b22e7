import { test } from 'vitest';
import { main } from '../../../chapters/02-two-sided-allowlists/main.ts';
import { serverReceive } from '../../../chapters/02-two-sided-allowlists/server.ts';
import { described, ensure, fail, say, show } from '../_lib/say.ts';
import { captureLog } from '../_lib/run.ts';
import { placeOfOutermostCaller, printedAt } from '../_lib/place.ts';
import { josa } from '../_lib/josa.ts';

const NORMAL_LABEL = '정상 호출';
const NORMAL_CALL = '{"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"status":"done"},"name":"count_tasks"}}';
const NORMAL_REQUEST = `요청: ${NORMAL_CALL}`;
const NORMAL_RESPONSE = '응답: {"id":2,"jsonrpc":"2.0","result":{"content":[{"text":"done: 1","type":"text"}]}}';

// The output of the solved program: the seed's output with only the normal call's two lines changed.
const EXPECTED = [
  '발견한 도구: count_tasks, read_note',
  NORMAL_LABEL,
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

/** One run of main: what it printed, the request texts it sent (each with the learner's line in main that sent it), and what it threw and where. */
interface Run {
  lines: string[];
  sent: string[];
  sentFrom: (string | undefined)[];
  error?: string;
  where?: string;
}

/** Runs main against the learner's server (changed by `answer` when given), recording every request it sends. */
function runMain(answer: (reply: string) => string = (reply) => reply): Run {
  const sent: string[] = [];
  const sentFrom: (string | undefined)[] = [];
  const transport = (raw: string): string => {
    sent.push(raw);
    sentFrom.push(placeOfOutermostCaller());
    return answer(serverReceive(raw));
  };
  return { ...captureLog(() => main({ transport })), sent, sentFrom };
}

/** Where the normal call's lines are: the first request and response lines printed after its label, found wherever they are. */
function normalLines(lines: readonly string[]): { request?: number; response?: number } {
  const label = lines.indexOf(NORMAL_LABEL);
  if (label < 0) return {};
  const after = (prefix: string): number | undefined => {
    const found = lines.findIndex((line, index) => index > label && line.startsWith(prefix));
    return found < 0 ? undefined : found;
  };
  return { request: after('요청: '), response: after('응답: ') };
}

/** The lines of `got` that `want` does not have, and the lines of `want` that `got` lacks, by a longest common subsequence. */
function diffLines(got: readonly string[], want: readonly string[]): { extra: string[]; missing: string[] } {
  const table = got.map(() => want.map(() => 0));
  const at = (i: number, j: number): number => (i < got.length && j < want.length ? table[i]![j]! : 0);
  for (let i = got.length - 1; i >= 0; i -= 1) {
    for (let j = want.length - 1; j >= 0; j -= 1) table[i]![j] = got[i] === want[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  }
  const extra: string[] = [];
  const missing: string[] = [];
  let i = 0;
  let j = 0;
  while (i < got.length || j < want.length) {
    if (i < got.length && j < want.length && got[i] === want[j]) {
      i += 1;
      j += 1;
    } else if (j >= want.length || (i < got.length && at(i + 1, j) >= at(i, j + 1))) {
      extra.push(got[i]!);
      i += 1;
    } else {
      missing.push(want[j]!);
      j += 1;
    }
  }
  return { extra, missing };
}

test('sends the normal call with status done and the right request id', () => {
  const run = runMain();
  // The request main sent, read at the transport: what main prints is judged by the output tests.
  const index = run.sent.findIndex((raw) => raw.includes('"method":"tools/call"') && raw.includes('"name":"count_tasks"'));
  const normal = index < 0 ? undefined : run.sent[index];
  // A wrong request points at main's line that sent it; none sent, at the line that threw, if any.
  const where = index < 0 ? run.where : run.sentFrom[index];
  ensure(normal === NORMAL_CALL, {
    what: say(
      'main이 보낸 정상 호출 요청이 다르다. status는 done이어야 하고, 호출 순서가 같으니 식별자는 여전히 2여야 한다.',
      'The normal call main sent differs: status must be done, and since the call order is unchanged its id is still 2.',
    ),
    got: normal ?? described(run.error ?? say('count_tasks 호출을 보내지 않았다', 'no count_tasks call was sent')),
    expected: NORMAL_CALL,
    ...(where ? { where } : {}),
  });
});

test('prints the true done count as the normal response', () => {
  const run = runMain();
  const { response } = normalLines(run.lines);
  const printed = response === undefined ? undefined : run.lines[response];
  ensure(printed === NORMAL_RESPONSE, {
    what: say(
      '정상 호출의 응답 줄이 기대한 줄과 다르다. 식별자가 다르거나, 출력된 done 개수가 고정 자료(chapters/02-two-sided-allowlists/server.ts의 TASKS)에서 done인 작업의 수와 다르거나, 그 줄이 출력되지 않았다. done 개수는 TASKS를 직접 세어 보라.',
      "The normal call's response line is not the expected one: its id differs, or the done count printed is not the number of done tasks in the fixed data (TASKS in chapters/02-two-sided-allowlists/server.ts), or the line was not printed. Count the done tasks in TASKS yourself.",
    ),
    got: printed ?? described(run.error ?? say(`"${NORMAL_LABEL}" 뒤에 응답 줄이 없다`, `no response line after "${NORMAL_LABEL}"`)),
    // The count is left out of the expected line too: finding it in TASKS is the exercise.
    expected: NORMAL_RESPONSE.replace('"done: 1"', say('"done: <TASKS에서 done인 작업 수>"', '"done: <number of done tasks in TASKS>"')),
  });
});

test('finishes its checks', () => {
  const run = runMain();
  ensure(run.error === undefined && run.lines.includes('검증: 4개 통과'), {
    what: say('main이 끝까지 실행되지 못하고 예외를 던졌다.', 'main threw instead of running to the end.'),
    got: run.error ?? run.lines,
    expected: say('예외 없이 "검증: 4개 통과"까지 출력', 'no exception, printing up to "검증: 4개 통과"'),
    // The statement of main the exception came through.
    ...(run.where ? { where: run.where } : {}),
  });
});

test('keeps the rest of the output as it was', () => {
  const run = runMain();
  // The normal call's two lines are judged by the tests above, wherever they were printed; every other line must be as before.
  const { request, response } = normalLines(run.lines);
  const rest = run.lines.filter((_, index) => index !== request && index !== response);
  const { extra, missing } = diffLines(rest, EXPECTED.filter((_, index) => index !== 2 && index !== 3));
  if (extra.length > 0 && missing.length === 0) {
    fail({
      what: say(
        `main이 이 연습이 기대하지 않는 줄을 출력했다: ${extra.map((line) => show(line)).join(', ')}. 이 연습의 출력은 정상 호출 두 줄만 바뀌고 나머지는 원래 그대로다. 확인하려고 더한 출력이 있다면 지우라.`,
        `main printed a line the exercise does not expect: ${extra.map((line) => show(line)).join(', ')}. This exercise changes only the normal call's two lines and keeps the rest of the output; remove any printing you added to look around.`,
      ),
      got: run.lines,
      expected: EXPECTED.join(' | '),
      // The first unexpected line points at the learner's line that printed it.
      ...placed(printedAt(extra[0])),
    });
  }
  ensure(missing.length === 0, {
    what: [
      say(
        `정상 호출 두 줄 말고는 출력이 원래와 같아야 한다(식별자 3과 4도 그대로). 원래 있던 줄 ${josa(missing.map((line) => show(line)).join(', '), '이/가')} 빠졌거나 바뀌었다.`,
        `Apart from the two normal-call lines the output must stay as it was (ids 3 and 4 included); the line(s) ${missing.map((line) => show(line)).join(', ')} went missing or changed.`,
      ),
      ...(run.error === undefined ? [] : [say(`main은 도중에 예외를 던졌다: ${run.error}`, `main threw on the way: ${run.error}`)]),
    ].join(' '),
    got: run.lines,
    expected: EXPECTED.join(' | '),
    ...placed(run.where),
  });
});

/** An optional place for a failure (Failure.where). */
function placed(where: string | undefined): { where?: string } {
  return where === undefined ? {} : { where };
}

test('throws when the server lies about the done count', () => {
  // The real server, except that the normal call's answer is some other count in the response text.
  for (const lie of ['done: 0', 'done: 2', 'done: 10', 'done: 11', 'open: 1', 'done: -1']) {
    const run = runMain((reply) => reply.replace('"done: 1"', JSON.stringify(lie)));
    ensure(run.error !== undefined, {
      what: say(
        `서버가 done 개수 대신 "${lie}"라고 답했는데도 main이 검증 통과를 출력했다. 기대 결과를 실제 응답 전체와 비교해야 한다.`,
        `The server answered "${lie}" instead of the done count, yet main passed its checks; it must compare the whole real response with the expected one.`,
      ),
      sent: described(say(`정상 호출에 대한 응답 내용을 ${josa(show(lie), '으로/로')} 바꾸는 전송 함수`, `a transport that turns the text of the normal call's response into ${show(lie)}`)),
      got: run.lines,
      expected: say('main이 예외를 던짐', 'main throws'),
    });
  }
});
