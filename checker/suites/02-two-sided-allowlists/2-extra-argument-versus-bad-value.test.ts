import { test } from 'vitest';
import { serverReceive } from '../../../chapters/02-two-sided-allowlists/server.ts';
import { ensure, fail, say } from '../_lib/say.ts';
import { attempt } from '../_lib/run.ts';

const KEY_MESSAGE = 'status만 지정해야 한다';
const VALUE_MESSAGE = '허용하지 않는 상태';

/** The request text for a count_tasks call carrying the given arguments. */
function requestWith(args: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'count_tasks', arguments: args } });
}

/** Sends the call through serverReceive and returns the decoded response, failing if the server threw. */
function send(args: unknown): Record<string, unknown> {
  const sent = requestWith(args);
  const reply = attempt(() => JSON.parse(serverReceive(sent)) as unknown);
  if (!reply.ok) {
    fail({
      what: say('서버가 응답 대신 예외를 던졌다. 잘못된 인자도 오류 응답으로 돌려줘야 한다.', 'The server threw instead of answering; bad arguments must come back as an error response.'),
      sent,
      got: reply.error,
    });
  }
  const value = reply.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail({ what: say('응답이 JSON 객체가 아니다.', 'The response is not a JSON object.'), sent, got: value });
  }
  return value as Record<string, unknown>;
}

/** Fails unless the response is a -32602 error with exactly the given message and no result; `why` may depend on the response. */
function expectInvalidParams(args: unknown, message: string, why: string | ((response: Record<string, unknown>) => string)): void {
  const response = send(args);
  const error = response['error'] as { code?: unknown; message?: unknown } | undefined;
  ensure(!('result' in response) && error?.code === -32602 && error.message === message, {
    what: typeof why === 'string' ? why : why(response),
    sent: requestWith(args),
    got: response,
    expected: `{"error":{"code":-32602,"message":"${message}"},"id":7,"jsonrpc":"2.0"}`,
  });
}

/** The message the response carries, if it is an error. */
function errorMessage(response: Record<string, unknown>): unknown {
  return (response['error'] as { message?: unknown } | undefined)?.message;
}

test('rejects an extra argument with the key message', () => {
  // Own keys as JSON.parse makes them, including names an object also inherits.
  const extras: unknown[] = [
    { status: 'open', extra: 1 },
    { status: 'done', force: true },
    { status: 'open', Status: 'open' },
    JSON.parse('{"status":"open","__proto__":{"admin":true}}'),
    JSON.parse('{"status":"done","constructor":"x"}'),
  ];
  for (const args of extras) {
    expectInvalidParams(
      args,
      KEY_MESSAGE,
      say('status 옆에 다른 키가 붙은 호출은 세지 말고 키 검사에서 거부해야 한다.', 'A call with another key beside status must be refused by the key check, not counted.'),
    );
  }
});

test('rejects a missing or misnamed key with the key message', () => {
  for (const args of [{}, { state: 'open' }, { Status: 'open' }, { 'status ': 'open' }, { statuses: 'done' }]) {
    expectInvalidParams(
      args,
      KEY_MESSAGE,
      (response) => errorMessage(response) === VALUE_MESSAGE
        ? say(
            '이 호출에는 status라는 키가 없는데 상태값 오류가 돌아왔다. 키 이름이 정확히 status 하나인지 확인하기 전에 값을 검사했다. 키가 틀린 호출은 값을 보기 전에 키 오류로 거부해야 한다.',
            'This call has no key named status, yet the value message came back: the value was judged before the only key was confirmed to be status. A call with the wrong keys must get the key message before any value is read.',
          )
        : say(
            'status가 없거나 이름이 다른 호출은 키 오류로 거부해야 한다. 그런데 서버는 키 오류가 아닌 답을 했다.',
            'A call whose status key is missing or misnamed must get the key message, but the server answered otherwise.',
          ),
    );
  }
});

test('rejects an unknown status with the value message', () => {
  for (const status of ['closed', 'OPEN', '', 'open ', null, 7, ['open']]) {
    expectInvalidParams(
      { status },
      VALUE_MESSAGE,
      say('키는 맞고 값만 틀린 호출은 상태값 검사에서 거부해야 한다.', 'A call whose key is right but whose value is wrong must be refused by the value check.'),
    );
  }
});

test('answers arguments wrong in both key and value with the message the rule names', () => {
  for (const args of [{ status: 'closed', extra: 1 }, { status: 7, force: true }, { status: null, other: null }, { state: 'closed' }]) {
    expectInvalidParams(
      args,
      KEY_MESSAGE,
      say('키도 값도 틀렸다면 키 검사가 먼저라서 키 오류 메시지가 나와야 한다.', 'When both keys and value are wrong, the key check comes first, so the key message is expected.'),
    );
  }
});

test('rejects arguments that are not a plain object with -32602', () => {
  for (const args of [null, [], 'open', ['status'], 7, true, [{ status: 'open' }]]) {
    expectInvalidParams(
      args,
      KEY_MESSAGE,
      say('arguments가 객체가 아니면 status 하나만 가진 객체가 아니므로 키 오류로 거부해야 한다.', 'Arguments that are not an object are not an object with only status, so the key message is expected.'),
    );
  }
});

test('still counts a valid call', () => {
  for (const [status, text] of [['open', 'open: 2'], ['done', 'done: 1']] as const) {
    const response = send({ status });
    const expected = `{"id":7,"jsonrpc":"2.0","result":{"content":[{"text":"${text}","type":"text"}]}}`;
    ensure(JSON.stringify(response) === JSON.stringify(JSON.parse(expected)), {
      what: say('올바른 호출은 여전히 개수를 돌려줘야 한다.', 'A valid call must still return the count.'),
      sent: requestWith({ status }),
      got: response,
      expected,
    });
  }
});

test('rejects a tool name that is not a string, such as ["count_tasks"]', () => {
  for (const name of [['count_tasks'], 7, null]) {
    const sent = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: { status: 'open' } } });
    const reply = attempt(() => JSON.parse(serverReceive(sent)) as Record<string, unknown>);
    const response = reply.ok ? reply.value : reply.error;
    const error = reply.ok ? (reply.value['error'] as { code?: unknown } | undefined) : undefined;
    ensure(reply.ok && !('result' in reply.value) && error?.code === -32602, {
      what: say(
        '도구 이름은 문자열이어야 한다. String(["count_tasks"])는 "count_tasks"가 되므로, 문자열로 바꾼 뒤에 비교하면 배열이 도구 이름으로 통과한다.',
        'A tool name must be a string. String(["count_tasks"]) is "count_tasks", so converting before comparing lets an array through as a tool name.',
      ),
      sent,
      got: response,
      expected: '{"error":{"code":-32602,"message":"알 수 없는 도구"},"id":7,"jsonrpc":"2.0"}',
    });
  }
});
