import { test } from 'vitest';
import { REJECTED_CALLS, main } from '../../../chapters/01-mini-mcp/main.ts';
import { captureLog } from '../_lib/run.ts';
import { ensure, fail, say, show } from '../_lib/say.ts';
import { REPORT, expectError, isObject, send, withServer } from './support.ts';

function rejectsName(name: unknown): void {
  withServer({ 'report.txt': REPORT }, (server) => {
    const exchange = send(server, 'tools/call', { name: 'summarize_document', arguments: { name } });
    expectError(exchange, -32602, { message: '허용된 문서 이름이 아니다.', id: 7 });
  });
}

function runMain(): string[] {
  const run = captureLog(() => main());
  if (run.error !== undefined) {
    fail({ what: say('main이 끝까지 실행되지 못했다.', 'main did not run to the end.'), got: run.error, expected: say('예외 없이 여섯 줄 출력', 'six lines and no exception'), ...(run.where ? { where: run.where } : {}) });
  }
  return run.lines.filter((line) => line !== '');
}

function expectCountLine(lines: string[], count: number, why?: string): void {
  const wanted = `거부 검사: ${count}개 통과`;
  ensure(lines.includes(wanted), {
    what: `${say(`main 출력에 "${wanted}" 줄이 있어야 한다.`, `main must print the line "${wanted}".`)}${why ? `\n${why}` : ''}`,
    got: lines.find((line) => line.startsWith('거부 검사')) ?? lines,
    expected: show(wanted),
  });
}

test('lists a call whose document name is an integer', () => {
  const found = REJECTED_CALLS.some((call) => {
    const args: unknown = call.arguments;
    return call.name === 'summarize_document' && isObject(args) && Number.isInteger(args['name']);
  });
  ensure(found, {
    what: say('REJECTED_CALLS에 문서 이름이 정수인 호출이 없다.', 'REJECTED_CALLS has no call whose document name is an integer.'),
    got: REJECTED_CALLS,
    expected: say('문서 이름(arguments의 name)이 정수인 summarize_document 호출 하나', 'one summarize_document call whose document name (the name in arguments) is an integer'),
  });
});

test('rejects an integer document name with -32602', () => {
  for (const name of [123, 0, -1, 2 ** 53]) rejectsName(name);
});

test('rejects an array document name with -32602', () => {
  for (const name of [['report.txt'], [['report.txt']], [], ['report.txt', 'secret.txt']]) rejectsName(name);
});

test('rejects constructor and __proto__ as document names with -32602', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) rejectsName(name);
});

test('rejects every listed call with -32602', () => {
  withServer({ 'report.txt': REPORT, 'secret.txt': '비밀\n' }, (server) => {
    for (const call of REJECTED_CALLS) expectError(send(server, 'tools/call', call), -32602, { id: 7 });
  });
});

test('prints the rejection count as 4', () => {
  expectCountLine(runMain(), 4);
});

test('takes the printed count from the list length', () => {
  const saved = [...REJECTED_CALLS];
  const extra = [
    { name: 'summarize_document', arguments: { name: 'secret.txt' } },
    { name: 'summarize_document', arguments: { name: ['report.txt'] } },
    { name: 'summarize_document', arguments: { name: 'constructor' } },
  ];
  // Longer by one and by three, and shorter by one: the printed count must follow the list whichever way it changes.
  const changes: [added: number, list: typeof saved][] = [[1, [...saved, extra[0]!]], [3, [...saved, ...extra]], [-1, saved.slice(0, -1)]];
  try {
    for (const [added, list] of changes) {
      REJECTED_CALLS.splice(0, REJECTED_CALLS.length, ...list);
      const why = added > 0
        ? say(
            `채점기가 REJECTED_CALLS 끝에 호출 ${added}개를 덧붙여 목록을 ${saved.length}개에서 ${list.length}개로 늘려 보았다. 출력되는 개수가 목록 길이를 따라가는지 보려는 것인데, 출력된 개수는 목록과 따로 정해져 있었다.`,
            `The checker appended ${added === 1 ? 'one call' : `${added} calls`} to REJECTED_CALLS, taking the list from ${saved.length} to ${list.length} calls, to see whether the printed count follows the list's length; the printed count was fixed apart from the list.`,
          )
        : say(
            `채점기가 REJECTED_CALLS의 마지막 호출을 빼 목록을 ${saved.length}개에서 ${list.length}개로 줄여 보았다. 출력되는 개수가 목록 길이를 따라가는지 보려는 것인데, 출력된 개수는 목록과 따로 정해져 있었다.`,
            `The checker removed the last call of REJECTED_CALLS, taking the list from ${saved.length} to ${list.length} calls, to see whether the printed count follows the list's length; the printed count was fixed apart from the list.`,
          );
      expectCountLine(runMain(), list.length, why);
    }
  } finally {
    REJECTED_CALLS.splice(0, REJECTED_CALLS.length, ...saved);
  }
});
