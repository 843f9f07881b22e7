import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { outcome, showOutcome, suiteOptions, withConnection, withoutDialect } from './support.ts';
import type { Outcome } from './support.ts';
import type { Task } from '../../../chapters/03-real-mcp-sdk/server.ts';
import { josa } from '../_lib/josa.ts';

const WHERE = 'chapters/03-real-mcp-sdk/server.ts (TODO(03/1))';

/** Calls count_tasks with the given arguments on a fresh server. */
async function countTasks(args: unknown, options = suiteOptions()): Promise<Outcome> {
  return withConnection(({ client }) => outcome(client.callTool({ name: 'count_tasks', arguments: args as Record<string, unknown> })), { options });
}

/** Fails unless the call ended as an isError result whose text names `mentions` and carries no count. */
function expectToolError(sent: unknown, got: Outcome, mentions: readonly string[], why: string): void {
  const counted = got.kind === 'result' && /^\s*\S+: \d+\s*$/.test(got.text);
  ensure(got.kind === 'result' && got.isError && !counted && mentions.every((word) => got.text.includes(word)), {
    what: say(
      `${why} 이런 호출은 세지 않고, 모델이 읽고 고칠 수 있게 isError 결과로 돌려준다(2026-07-28 기준 도구 실행 오류). 스키마를 엄격하게 하면 SDK가 대신 해 준다. ${WHERE}`,
      `${why} Such a call is never counted; it comes back as an isError result the model can read and fix (a tool execution error as of 2026-07-28). A strict schema makes the SDK do this. ${WHERE}`,
    ),
    sent: { name: 'count_tasks', arguments: sent },
    got: described(showOutcome(got)),
    expected: say(`isError: true, 내용에 ${mentions.join(', ')} 포함`, `isError: true, text mentioning ${mentions.join(', ')}`),
  });
}

test('lists count_tasks with the status enum, status required and no extra properties', async () => {
  await withConnection(async ({ client }) => {
    const listed = await client.listTools();
    const tool = listed.tools.find((candidate) => candidate.name === 'count_tasks');
    const schema = tool?.inputSchema as Record<string, unknown> | undefined;
    const properties = schema?.['properties'] as Record<string, Record<string, unknown>> | undefined;
    const status = properties?.['status'];
    const enumValues = Array.isArray(status?.['enum']) ? [...(status['enum'] as unknown[])].sort() : null;
    const required = Array.isArray(schema?.['required']) ? (schema['required'] as unknown[]) : [];
    ensure(JSON.stringify(enumValues) === '["done","open"]' && required.includes('status') && schema?.['additionalProperties'] === false, {
      what: say(
        `tools/list에 실린 count_tasks의 inputSchema가 규칙을 다 말하지 않는다. 클라이언트와 모델은 이 스키마만 보고 인자를 만든다. 허용 값, 필수 status, 추가 속성 금지가 모두 스키마에 보여야 한다. ${WHERE}`,
        `The inputSchema of count_tasks in tools/list does not state the whole rule; clients and models build arguments from it alone, so the allowed values, the required status and the ban on extra properties must all show in it. ${WHERE}`,
      ),
      got: withoutDialect(schema) ?? say('count_tasks가 목록에 없다', 'count_tasks is not listed'),
      expected: '{"type":"object","properties":{"status":{"type":"string","enum":["open","done"]}},"required":["status"],"additionalProperties":false}',
    });
  });
});

test('counts open tasks from the task data it was given', async () => {
  const normal = await countTasks({ status: 'open' });
  ensure(normal.kind === 'result' && !normal.isError && normal.text === 'open: 2', {
    what: say('2장의 작업 자료로 open을 세면 "open: 2"여야 한다.', 'Counting open in the chapter 2 task data must give "open: 2".'),
    sent: { name: 'count_tasks', arguments: { status: 'open' } },
    got: described(showOutcome(normal)),
    expected: 'open: 2',
  });
  const tasks = [
    { title: 'a', status: 'done' as const },
    { title: 'b', status: 'done' as const },
    { title: 'c', status: 'done' as const },
  ];
  const cases: [tasks: Task[], status: 'open' | 'done', text: string][] = [
    [tasks, 'done', 'done: 3'],
    [tasks, 'open', 'open: 0'],
    [[], 'open', 'open: 0'],
    [[...tasks, { title: 'd', status: 'open' }], 'open', 'open: 1'],
  ];
  for (const [given, status, text] of cases) {
    const custom = await countTasks({ status }, suiteOptions({ tasks: given }));
    ensure(custom.kind === 'result' && !custom.isError && custom.text === text, {
      what: say('options.tasks로 받은 자료를 세야 한다.', 'It must count the data given in options.tasks.'),
      sent: { name: 'count_tasks', arguments: { status }, tasks: given },
      got: described(showOutcome(custom)),
      expected: text,
    });
  }
});

test('returns an isError result naming the allowed values for any other status, such as closed', async () => {
  for (const status of ['closed', 'OPEN', 'open ', '', 'Done', 'all']) {
    const sent = { status };
    expectToolError(sent, await countTasks(sent), ['open', 'done'], say(`${josa(JSON.stringify(status), '은/는')} open도 done도 아니다.`, `${JSON.stringify(status)} is neither open nor done.`));
  }
});

test('returns an isError result naming the key for an extra argument', async () => {
  for (const [sent, key] of [[{ status: 'open', priority: 'high' }, 'priority'], [{ status: 'done', force: true }, 'force'], [{ status: 'open', Status: 'open' }, 'Status']] as const) {
    expectToolError(sent, await countTasks(sent), [key], say(`${josa(key, '은/는')} 스키마에 없는 키다.`, `${key} is not a key of the schema.`));
  }
});

test('returns an isError result for a missing, null or array status', async () => {
  for (const sent of [{}, { status: null }, { status: ['open'] }, { status: 7 }, { status: true }, { state: 'open' }]) {
    expectToolError(sent, await countTasks(sent), ['status'], say('status가 없거나 문자열이 아니다.', 'status is missing or not a string.'));
  }
});
