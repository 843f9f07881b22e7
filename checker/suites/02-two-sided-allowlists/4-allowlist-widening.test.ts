import { test } from 'vitest';
import { Client, ClientPolicyError } from '../../../chapters/02-two-sided-allowlists/client.ts';
import { expectClientRefusal } from '../../../chapters/02-two-sided-allowlists/main.ts';
import { TOOLS, serverReceive } from '../../../chapters/02-two-sided-allowlists/server.ts';
import { described, ensure, say, show } from '../_lib/say.ts';
import { attempt } from '../_lib/run.ts';
import { josa } from '../_lib/josa.ts';

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
    got: outcome.ok ? described(say(`${josa(show(outcome.value), '을/를')} 돌려줌(예외 없음)`, `returned ${show(outcome.value)} (no exception)`)) : outcome.error,
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

/** Where a widened client's request ids start: the refusal check must hold whatever the counter says. */
const STARTS = [1, 2, 5];

/** A widened client with its id counter at `start`. */
function widenedAt(start: number, transport?: (raw: string) => string): Client {
  const client = widenedClient(transport);
  client.nextId = start;
  return client;
}

test('throws for a widened client whose call is answered', () => {
  const answers: { label: string; transport: (raw: string) => string }[] = [
    { label: say('실제 서버(-32001로 거부)', 'the real server (refuses with -32001)'), transport: serverReceive },
    { label: say('결과로 답하는 서버', 'a server that answers with a result'), transport: (raw) => JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(raw) as { id: number }).id, result: { content: [] } }) },
  ];
  for (const { label, transport } of answers) {
    for (const start of STARTS) {
      expectReported(
        widenedAt(start, transport),
        say(
          `허용 목록을 넓힌 클라이언트(nextId ${start})는 read_note를 서버로 보냈고 ${josa(label, '이/가')} 답했다. expectClientRefusal은 이를 거부로 보지 말고 예외를 던져야 한다.`,
          `The widened client (nextId ${start}) sent read_note to the server and ${label} answered; expectClientRefusal must not treat that as a refusal but throw.`,
        ),
      );
    }
  }
});

test('throws for a widened client whose transport throws', () => {
  const failures: { label: string; transport: (raw: string) => string }[] = [
    { label: say('연결 오류', 'a connection error'), transport: () => { throw new Error('연결이 끊겼다'); } },
    { label: say('Error가 아닌 값', 'a value that is not an Error'), transport: () => { throw '연결이 끊겼다'; } },
    { label: say('JSON이 아닌 응답', 'a reply that is not JSON'), transport: () => '연결이 끊겼다' },
  ];
  for (const { label, transport } of failures) {
    for (const start of STARTS) {
      expectReported(
        widenedAt(start, transport),
        say(
          `요청은 이미 전송된 뒤 ${josa(label, '으로/로')} 실패했다(nextId ${start}에서 시작). 아무 예외나 거부로 치면 안 된다.`,
          `The request was sent and then failed with ${label} (nextId started at ${start}); not every exception is a refusal.`,
        ),
      );
    }
  }
});

test('throws when a sent request fails with a policy error', () => {
  // Even the right error class proves nothing once a request id was spent on sending.
  for (const start of STARTS) {
    const client = widenedAt(start, () => {
      throw new ClientPolicyError();
    });
    expectReported(
      client,
      say(
        `요청이 전송되어 식별자를 썼다면 ClientPolicyError가 돌아와도 클라이언트 거부가 아니다(nextId ${start}에서 시작). 요청이 나갔다는 것은 식별자가 쓰였다는 데서 드러난다.`,
        `Once a request was sent and an id used, even a ClientPolicyError is not a client refusal (nextId started at ${start}); that a request left shows in the id it spent.`,
      ),
    );
  }
});

test('throws when the call fails before sending for another reason', () => {
  // No id is spent here, but the error is not the client's policy refusal: nothing shows that the allowlist held.
  class BrokenClient extends Client {
    override call(): never {
      throw new TypeError('call is not available');
    }
  }
  expectReported(
    new BrokenClient(),
    say(
      '이 클라이언트의 call은 식별자를 쓰지 않고 TypeError를 던졌다. 식별자가 그대로여도 ClientPolicyError가 아니면 허용 목록이 거부했다는 증거가 아니다.',
      "This client's call threw a TypeError without spending an id. An unchanged id is no proof that the allowlist refused unless the error is a ClientPolicyError.",
    ),
  );
});

test('returns the refusal for any client that does not allow read_note, without using an id', () => {
  const clients: { label: string; make: () => Client }[] = [
    { label: 'new Client()', make: () => new Client() },
    { label: 'new Client({ allowed: [] })', make: () => new Client({ allowed: [] }) },
    { label: "new Client({ allowed: ['count_tasks', 'delete_tasks'] })", make: () => new Client({ allowed: ['count_tasks', 'delete_tasks'] }) },
  ];
  for (const { label, make } of clients) {
    const client = make();
    const outcome = attempt(() => expectClientRefusal(client));
    const got = outcome.ok ? outcome.value : outcome.error;
    ensure(got === REFUSAL && client.nextId === 1, {
      what: say(
        'read_note를 허용하지 않은 클라이언트에서는 전송 전 거부 메시지를 돌려주고 식별자를 쓰지 않아야 한다.',
        'With a client that does not allow read_note it must return the refusal message and use no id.',
      ),
      sent: described(`expectClientRefusal(${label})`),
      got: { result: got, nextId: client.nextId },
      expected: `${JSON.stringify(REFUSAL)}, nextId 1`,
    });
  }
});

test('does not depend on the id counter being 3', () => {
  for (const start of [1, 2, 4, 10]) {
    const client = new Client();
    client.nextId = start;
    const outcome = attempt(() => expectClientRefusal(client));
    const got = outcome.ok ? outcome.value : outcome.error;
    ensure(got === REFUSAL && client.nextId === start, {
      what: say(
        '거부 판정은 main의 호출 순서(식별자 3)에 묶이면 안 된다. 식별자 카운터가 다른 값에서 시작해도 거부는 거부다.',
        "The refusal check must not be tied to main's call order (id 3); a refusal is a refusal whatever value the id counter starts at.",
      ),
      sent: `client.nextId = ${start}; expectClientRefusal(client)`,
      got: { result: got, nextId: client.nextId },
      expected: `${JSON.stringify(REFUSAL)}, nextId ${start}`,
    });
  }
});
