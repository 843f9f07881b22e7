import { test } from 'vitest';
import { checkParseError } from '../../../chapters/01-mini-mcp/main.ts';
import { attempt } from '../_lib/run.ts';
import { ensure, say } from '../_lib/say.ts';
import { REPORT, expectError, inDocs, sendRaw, withServer } from './support.ts';

const PARSE_ERROR = '{"error": {"code": -32700, "message": "JSON 해석에 실패했다."}, "id": null, "jsonrpc": "2.0"}';

// Each handle below answers every message with one fixed, subtly wrong reply.
function rejectsReply(reply: string, what: { ko: string; en: string }): void {
  const outcome = attempt(() => checkParseError(() => reply));
  ensure(!outcome.ok, {
    what: say(`checkParseError가 ${what.ko} 응답을 통과시켰다.`, `checkParseError accepted a reply ${what.en}.`),
    got: reply,
    expected: say('예외를 던져 검사 실패를 알린다', 'it throws to report the failed check'),
  });
}

test('answers malformed JSON with -32700 and a literal null id', () => {
  withServer({ 'report.txt': REPORT }, (server) => {
    for (const raw of ['', '{', '{"jsonrpc": "2.0", "id": 1', '\uFEFF{}', "{'jsonrpc': '2.0'}"]) {
      expectError(sendRaw(server, raw), -32700, { message: 'JSON 해석에 실패했다.', id: null });
    }
  });
});

test('answers non-object JSON with -32600 and a null id', () => {
  withServer({ 'report.txt': REPORT }, (server) => {
    for (const raw of ['null', '[]', '1', '"x"', '[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]']) {
      expectError(sendRaw(server, raw), -32600, { message: '요청은 객체여야 한다.', id: null });
    }
  });
});

test('checkParseError sends text that is not JSON', () => {
  const sent: string[] = [];
  const outcome = attempt(() =>
    checkParseError((raw) => {
      sent.push(raw);
      return PARSE_ERROR;
    }),
  );
  const broken = sent.filter((raw) => attempt(() => JSON.parse(raw)).ok === false);
  ensure(outcome.ok && broken.length > 0, {
    what: say('checkParseError는 handle에 JSON이 아닌 문자열을 보내야 한다.', 'checkParseError must send text that is not JSON to handle.'),
    got: outcome.ok ? sent : outcome.error,
    expected: say('JSON으로 해석되지 않는 문자열 하나 이상', 'at least one string that does not parse as JSON'),
  });
});

test('checkParseError accepts the real server', () => {
  withServer({ 'report.txt': REPORT }, (server) => {
    const outcome = attempt(() => checkParseError((raw) => server.handle(raw)));
    ensure(outcome.ok, {
      what: say('올바른 서버에 대해 checkParseError가 예외를 던졌다.', 'checkParseError threw for a correct server.'),
      got: outcome.ok ? undefined : inDocs(outcome.error),
      expected: say('예외 없이 끝난다', 'it returns without throwing'),
    });
  });
});

test('checkParseError rejects a reply without an id key', () => {
  rejectsReply('{"error": {"code": -32700, "message": "JSON 해석에 실패했다."}, "jsonrpc": "2.0"}', {
    ko: '"id" 키가 아예 없는',
    en: 'that has no "id" key at all',
  });
});

test('checkParseError rejects a reply whose id is anything but null, such as 1, 0 or "null"', () => {
  for (const id of ['1', '0', '"null"', 'false', '""', '{}']) {
    rejectsReply(`{"error": {"code": -32700, "message": "JSON 해석에 실패했다."}, "id": ${id}, "jsonrpc": "2.0"}`, {
      ko: `"id"가 null이 아니라 ${id}인`,
      en: `whose "id" is ${id}, not null`,
    });
  }
});

test('checkParseError rejects a reply with another code, such as -32600', () => {
  for (const error of ['{"code": -32600, "message": "요청 형식이 잘못됐다."}', '{"code": -32601, "message": "지원하지 않는 메서드다."}', '{"code": -32603, "message": "내부 오류"}', '{"message": "JSON 해석에 실패했다."}']) {
    rejectsReply(`{"error": ${error}, "id": null, "jsonrpc": "2.0"}`, {
      ko: `오류가 ${error}인(코드가 -32700이 아닌)`,
      en: `whose error is ${error} (the code is not -32700)`,
    });
  }
});

test('checkParseError rejects a reply whose code is the string "-32700"', () => {
  rejectsReply('{"error": {"code": "-32700", "message": "JSON 해석에 실패했다."}, "id": null, "jsonrpc": "2.0"}', {
    ko: '오류 코드가 숫자가 아니라 문자열 "-32700"인 (느슨한 비교에서만 숫자 -32700과 같아 보인다)',
    en: 'whose error code is the string "-32700" instead of a number (it equals the number -32700 only under a loose comparison)',
  });
});

test('checkParseError rejects a reply that also has a result', () => {
  for (const result of ['{}', 'null', '0', '""']) {
    rejectsReply(`{"error": {"code": -32700, "message": "JSON 해석에 실패했다."}, "id": null, "jsonrpc": "2.0", "result": ${result}}`, {
      ko: `error와 result(${result})가 함께 있는`,
      en: `that has both error and result (${result})`,
    });
  }
});

test('checkParseError rejects a reply whose jsonrpc is anything but "2.0", or missing', () => {
  const error = '"error": {"code": -32700, "message": "JSON 해석에 실패했다."}, "id": null';
  for (const member of ['', ', "jsonrpc": "1.0"', ', "jsonrpc": 2', ', "jsonrpc": "2.0 "', ', "jsonrpc": null']) {
    rejectsReply(`{${error}${member}}`, {
      ko: member === '' ? '"jsonrpc" 키가 없는' : `"jsonrpc"가 "2.0"이 아니라 ${member.slice(13)}인`,
      en: member === '' ? 'that has no "jsonrpc" key' : `whose "jsonrpc" is ${member.slice(13)}, not "2.0"`,
    });
  }
});

test('checkParseError rejects a reply that is not a JSON object', () => {
  rejectsReply('JSON 해석에 실패했다.', { ko: 'JSON이 아닌', en: 'that is not JSON' });
  for (const reply of ['null', '[]', '"-32700"', '-32700']) rejectsReply(reply, { ko: `객체가 아닌 JSON(${reply})인`, en: `that is JSON but not an object (${reply})` });
});
