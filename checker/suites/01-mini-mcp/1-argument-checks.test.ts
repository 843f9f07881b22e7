import { dirname } from 'node:path';
import { test } from 'vitest';
import { ensure, say } from '../_lib/say.ts';
import { REPORT, expectError, expectResult, inDocsValue, isObject, send, watchDisk, withServer } from './support.ts';

/**
 * The rule: arguments of the wrong shape are refused before any file is touched. Each case runs twice: in a root
 * with no report.txt (a server that reads first crashes with ENOENT), and in a root that has one while the disk is
 * watched (a server that reads first is seen reading).
 */
function rejectsArguments(args: unknown, message: string): void {
  withServer({}, (server) => {
    const exchange = send(server, 'tools/call', { name: 'summarize_document', arguments: args });
    expectError(exchange, -32602, { message, id: 7 });
  });
  withServer({ 'report.txt': REPORT }, (server, root) => {
    const { value: exchange, touched, readAt } = watchDisk(dirname(root), () => send(server, 'tools/call', { name: 'summarize_document', arguments: args }));
    expectError(exchange, -32602, { message, id: 7 });
    ensure(touched.length === 0, {
      what: say(
        '인자 모양이 틀린 호출을 거절하기 전에 서버가 파일을 읽거나 살펴보았다. 모양 검사는 파일에 손대기 전에 한다.',
        'The server read or looked at a file before refusing arguments of the wrong shape; the shape checks come before any file is touched.',
      ),
      sent: exchange.sent,
      got: { touched: touched.map((path) => path.slice(dirname(root).length + 1)), reply: inDocsValue(exchange.reply) },
      expected: say('파일을 건드리지 않은 -32602 거절', 'a -32602 refusal that touched no file'),
      // The read that came before the refusal is the learner's line to look at.
      ...(readAt === undefined ? {} : { where: readAt }),
    });
  });
}

test('rejects an extra field with -32602', () => {
  // Own keys as JSON.parse makes them, including names an object also inherits.
  for (const args of [
    { name: 'report.txt', extra: '무시되는 값' },
    { name: 'report.txt', force: true },
    { name: 'report.txt', names: ['secret.txt'] },
    JSON.parse('{"name":"report.txt","__proto__":{"admin":true}}') as unknown,
    JSON.parse('{"name":"report.txt","constructor":1}') as unknown,
  ]) {
    rejectsArguments(args, '문서 이름만 전달해야 한다.');
  }
});

test('rejects arguments without the name field with -32602', () => {
  for (const args of [{}, { file: 'report.txt' }, { Name: 'report.txt' }, { 'name ': 'report.txt' }, { names: 'report.txt' }]) {
    rejectsArguments(args, '문서 이름만 전달해야 한다.');
  }
});

test('rejects null arguments with -32602', () => {
  rejectsArguments(null, '도구 인자는 객체여야 한다.');
});

test('rejects array arguments with -32602', () => {
  for (const args of [[], ['report.txt'], [{ name: 'report.txt' }]]) rejectsArguments(args, '도구 인자는 객체여야 한다.');
});

test('rejects string and number arguments with -32602', () => {
  for (const args of ['report.txt', '', 7, 0]) rejectsArguments(args, '도구 인자는 객체여야 한다.');
});

test('still refuses an unknown tool or extra call fields with -32602', () => {
  // report.txt exists here: a server whose tool-name or field check was lost while editing callTool would summarize it.
  withServer({ 'report.txt': REPORT }, (server) => {
    for (const params of [
      { name: 'delete_document', arguments: { name: 'report.txt' } },
      { name: 'summarize_document', arguments: { name: 'report.txt' }, extra: true },
    ]) {
      const exchange = send(server, 'tools/call', params);
      ensure(isObject(exchange.reply['error']) && !Object.hasOwn(exchange.reply, 'result'), {
        what: say(
          'callTool 맨 위의 검사(도구 이름이 summarize_document인지, 필드가 name과 arguments뿐인지)는 그대로 두어야 한다. 인자 검사를 고치다 지웠는지 보라.',
          'Keep the checks at the top of callTool (the tool name is summarize_document, the fields are only name and arguments); see whether editing the argument checks removed one.',
        ),
        sent: exchange.sent,
        got: inDocsValue(exchange.reply),
        expected: '{"error": {"code": -32602, ...}, "id": 7, "jsonrpc": "2.0"}',
      });
      expectError(exchange, -32602, { id: 7 });
    }
  });
});

test('still summarizes report.txt for a valid call', () => {
  withServer({ 'report.txt': REPORT }, (server) => {
    const exchange = send(server, 'tools/call', { name: 'summarize_document', arguments: { name: 'report.txt' } });
    const result = expectResult(exchange);
    const content = result['content'];
    const first: unknown = Array.isArray(content) ? content[0] : undefined;
    const text = typeof first === 'object' && first !== null && 'text' in first ? first.text : undefined;
    ensure(
      result['isError'] === false && text === '{"body_lines": 2, "title": "작업 보고서"}',
      {
        what: say('올바른 호출은 여전히 제목과 본문 줄 수를 돌려줘야 한다.', 'A valid call must still return the title and body line count.'),
        sent: exchange.sent,
        got: inDocsValue(exchange.reply),
        expected: say('isError false, text {"body_lines": 2, "title": "작업 보고서"}', 'isError false, text {"body_lines": 2, "title": "작업 보고서"}'),
      },
    );
  });
});
