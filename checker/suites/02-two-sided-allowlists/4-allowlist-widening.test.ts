import { test } from 'vitest';
import { Client, ClientPolicyError } from '../../../chapters/02-two-sided-allowlists/client.ts';
import { expectClientRefusal } from '../../../chapters/02-two-sided-allowlists/main.ts';
import { TOOLS, serverReceive } from '../../../chapters/02-two-sided-allowlists/server.ts';
import { described, ensure, say, show } from '../_lib/say.ts';
import { attempt } from '../_lib/run.ts';

const REFUSAL = '클라이언트 정책: 호출 거부';

/** A client whose allowlist was widened to every tool the server lists (the mistake this exercise is about). */
function widenedClient(transport: (raw: string) => string = serverReceive): Client {
  return new Client({ allowed: TOOLS.map((tool) => tool.name), transport });
}

/** Fails unless expectClientRefusal reports the given client by throwing. */
function expectReported(client: Client, what: string): void {
  const outcome = attempt(() => expectClientRefusal(client));
  ensure(!outcome.ok, {
    what,
    sent: described('expectClientRefusal(client)'),
    got: outcome.ok ? described(say(`${show(outcome.value)}을(를) 돌려줌(예외 없음)`, `returned ${show(outcome.value)} (no exception)`)) : outcome.error,
    expected: say('예외를 던져 허용 목록 확장을 알림', 'an exception reporting the widened allowlist'),
  });
}

test('a widened client reaches the server, which refuses with -32001', () => {
  const client = widenedClient();
  const idBefore = client.nextId;
  const outcome = attempt(() => client.call('read_note', {}));
  const got = outcome.ok ? outcome.value.responseText : outcome.error;
  const expected = `{"error":{"code":-32001,"message":"서버 정책: 호출 거부"},"id":${idBefore},"jsonrpc":"2.0"}`;
  ensure(got === expected && client.nextId === idBefore + 1, {
    what: say(
      '허용 목록을 넓힌 클라이언트의 read_note 호출은 서버까지 가서 식별자를 하나 쓰고, 서버 정책으로 거부되어야 한다.',
      "A widened client's read_note call must reach the server, use up one id, and be refused by the server policy.",
    ),
    sent: 'client.call("read_note", {})',
    got: { response: got, nextId: client.nextId },
    expected: `${expected}, nextId ${idBefore + 1}`,
  });
});

test('throws for a widened client whose call is answered', () => {
  expectReported(
    widenedClient(),
    say(
      '허용 목록을 넓힌 클라이언트는 read_note를 서버로 보냈다. expectClientRefusal은 이를 거부로 보지 말고 예외를 던져야 한다.',
      'The widened client sent read_note to the server; expectClientRefusal must not treat that as a refusal but throw.',
    ),
  );
});

test('throws for a widened client whose transport throws', () => {
  const client = widenedClient(() => {
    throw new Error('연결이 끊겼다');
  });
  expectReported(
    client,
    say(
      '요청은 이미 전송된 뒤 연결 오류로 실패했다. 아무 예외나 거부로 치면 안 된다.',
      'The request was sent and then failed with a connection error; not every exception is a refusal.',
    ),
  );
});

test('throws when a sent request fails with a policy error', () => {
  // Even the right error class proves nothing once a request id was spent on sending.
  const client = widenedClient(() => {
    throw new ClientPolicyError();
  });
  expectReported(
    client,
    say(
      '요청이 전송되어 식별자를 썼다면 ClientPolicyError가 돌아와도 클라이언트 거부가 아니다. 호출 전후의 nextId를 비교하라.',
      'Once a request was sent and an id used, even a ClientPolicyError is not a client refusal; compare nextId before and after.',
    ),
  );
});

test('returns the refusal for a default client without using an id', () => {
  const client = new Client();
  const outcome = attempt(() => expectClientRefusal(client));
  const got = outcome.ok ? outcome.value : outcome.error;
  ensure(got === REFUSAL && client.nextId === 1, {
    what: say(
      '기본 클라이언트에서는 전송 전 거부 메시지를 돌려주고 식별자를 쓰지 않아야 한다.',
      'With the default client it must return the refusal message and use no id.',
    ),
    sent: 'expectClientRefusal(new Client())',
    got: { result: got, nextId: client.nextId },
    expected: `${JSON.stringify(REFUSAL)}, nextId 1`,
  });
});

test('does not depend on the id counter being 3', () => {
  for (const start of [1, 2, 4, 10]) {
    const client = new Client();
    client.nextId = start;
    const outcome = attempt(() => expectClientRefusal(client));
    const got = outcome.ok ? outcome.value : outcome.error;
    ensure(got === REFUSAL && client.nextId === start, {
      what: say(
        '거부 판정은 main의 호출 순서(식별자 3)에 묶이면 안 된다. 호출 전후의 nextId를 비교하라.',
        "The refusal check must not be tied to main's call order (id 3); compare nextId before and after.",
      ),
      sent: `client.nextId = ${start}; expectClientRefusal(client)`,
      got: { result: got, nextId: client.nextId },
      expected: `${JSON.stringify(REFUSAL)}, nextId ${start}`,
    });
  }
});
