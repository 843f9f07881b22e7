import { test } from 'vitest';
import { ensure, say } from '../_lib/say.ts';
import { REPORT, expectError, expectResult, isObject, send, withServer } from './support.ts';

// These roots hold no report.txt: a server that reads before it checks crashes with ENOENT.
function rejectsArguments(args: unknown, message: string): void {
  withServer({}, (server) => {
    const exchange = send(server, 'tools/call', { name: 'summarize_document', arguments: args });
    expectError(exchange, -32602, { message, id: 7 });
  });
}

test('rejects an extra field with -32602', () => {
  rejectsArguments({ name: 'report.txt', extra: '무시되는 값' }, '문서 이름만 전달해야 한다.');
});

test('rejects arguments without the name field with -32602', () => {
  rejectsArguments({}, '문서 이름만 전달해야 한다.');
  rejectsArguments({ file: 'report.txt' }, '문서 이름만 전달해야 한다.');
});

test('rejects null arguments with -32602', () => {
  rejectsArguments(null, '도구 인자는 객체여야 한다.');
});

test('rejects array arguments with -32602', () => {
  rejectsArguments([], '도구 인자는 객체여야 한다.');
  rejectsArguments(['report.txt'], '도구 인자는 객체여야 한다.');
});

test('rejects string and number arguments with -32602', () => {
  rejectsArguments('report.txt', '도구 인자는 객체여야 한다.');
  rejectsArguments(7, '도구 인자는 객체여야 한다.');
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
        got: exchange.reply,
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
        got: exchange.reply,
        expected: say('isError false, text {"body_lines": 2, "title": "작업 보고서"}', 'isError false, text {"body_lines": 2, "title": "작업 보고서"}'),
      },
    );
  });
});
