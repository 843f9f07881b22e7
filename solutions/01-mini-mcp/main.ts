import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MiniClient } from './client.ts';
import { fakeModel } from './model.ts';
import type { ToolCall, ToolInfo } from './model.ts';
import { ErrorCode, RpcError, encode, isPlainObject } from './rpc.ts';
import type { JsonObject } from './rpc.ts';
import { MiniServer } from './server.ts';

/** 서버가 -32602로 거절해야 하는 호출들. main이 하나씩 보내고 몇 개가 거절됐는지 출력한다. */
export const REJECTED_CALLS: ToolCall[] = [
  { name: 'summarize_document', arguments: { name: '../secret.txt' } },
  { name: 'delete_document', arguments: {} },
  { name: 'summarize_document', arguments: {} },
  // 숫자는 문서 이름이 아니다: 허용 목록을 묻기도 전에 타입 검사에서 걸러져야 한다.
  { name: 'summarize_document', arguments: { name: 123 } },
];

/** JSON이 아닌 문자열을 서버의 handle에 직접 보내고, 응답이 올바른 -32700이 아니면 예외를 던진다. */
export function checkParseError(handle: (raw: string) => string): void {
  // 깨진 문자열 안에 id가 보여도 아무도 읽을 수 없으니, 응답에는 "id": null이 실제로 있어야 한다.
  const reply: unknown = JSON.parse(handle('{"jsonrpc": "2.0", "id": 1'));
  must(isPlainObject(reply), '해석 오류 응답은 객체여야 한다.');
  must(reply['jsonrpc'] === '2.0', 'JSON-RPC 버전 불일치');
  const error = reply['error'];
  must(isPlainObject(error) && error['code'] === ErrorCode.ParseError, '해석 오류 불일치');
  must(Object.hasOwn(reply, 'id') && reply['id'] === null, '식별자 처리 불일치');
  must(!Object.hasOwn(reply, 'result'), '오류에 결과가 포함됐다.');
}

/** 새 임시 폴더에서 전체 흐름을 실행하고 무엇을 확인했는지 출력한다. */
export function main(): void {
  const root = mkdtempSync(join(tmpdir(), 'mini-mcp-'));
  try {
    writeFileSync(join(root, 'report.txt'), '작업 보고서\n명세 확인\n테스트 통과\n', 'utf8');
    const server = new MiniServer(root);
    const client = new MiniClient((raw) => server.handle(raw));

    const tools = readTools(client.request('tools/list', {}));
    console.log(`도구 목록: ${tools.map((tool) => tool.name).join(', ')}`);

    const call = fakeModel('문서 요약', tools);
    const summary = readSummary(client.request('tools/call', call));
    must(encode(summary) === encode({ title: '작업 보고서', body_lines: 2 }), '완료 기준 불일치');
    console.log(`문서 제목: ${String(summary['title'])}`);
    console.log(`본문 줄 수: ${String(summary['body_lines'])}`);

    for (const invalidCall of REJECTED_CALLS) {
      const refusal = serverRefusal(() => client.request('tools/call', invalidCall), '잘못된 호출이 허용됐다.');
      must(refusal.code === ErrorCode.InvalidParams, '예상과 다른 오류 코드');
    }
    console.log(`거부 검사: ${REJECTED_CALLS.length}개 통과`);

    const wrongIdTransport = (raw: string): string => {
      const request: unknown = JSON.parse(raw);
      const id = isPlainObject(request) && typeof request['id'] === 'number' ? request['id'] : 0;
      return encode({ jsonrpc: '2.0', id: id + 1, result: {} });
    };
    clientRefusal(() => new MiniClient(wrongIdTransport).request('tools/list', {}), '다른 요청의 응답을 받아들였다.');
    console.log('응답 식별자 검사: 통과');

    checkParseError((raw) => server.handle(raw));
    console.log('완료 기준 검사: 통과');
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** assert 대신 직접 예외를 던지므로 이 검사는 꺼지지 않는다. */
function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** 서버가 거절해야 하는 호출을 실행하고, 서버가 답한 프로토콜 오류를 돌려준다. 다른 예외는 버그이므로 그대로 올려 보낸다. */
function serverRefusal(call: () => unknown, message: string): RpcError {
  try {
    call();
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error(message);
}

/** 클라이언트가 스스로 거절해야 하는 호출을 실행한다(서버의 RpcError가 아닌 보통 Error). 다른 예외는 그대로 올려 보낸다. */
function clientRefusal(call: () => unknown, message: string): void {
  try {
    call();
  } catch (error) {
    if (error instanceof Error && !(error instanceof RpcError)) return;
    throw error;
  }
  throw new Error(message);
}

/** tools/list 결과에서 모델이 고를 수 있는 도구 이름을 꺼낸다. */
function readTools(result: unknown): ToolInfo[] {
  const tools = isPlainObject(result) ? result['tools'] : undefined;
  must(Array.isArray(tools), '도구 목록 형식 불일치');
  const items: unknown[] = tools;
  return items.map((tool) => {
    const name = isPlainObject(tool) ? tool['name'] : undefined;
    must(typeof name === 'string', '도구 목록 형식 불일치');
    return { name };
  });
}

/** tools/call 결과를 읽는다: JSON 요약을 담은 text 항목이 정확히 하나 있어야 한다. */
function readSummary(result: unknown): JsonObject {
  must(isPlainObject(result) && result['isError'] === false, '도구 실행 실패');
  const content = result['content'];
  const first: unknown = Array.isArray(content) && content.length === 1 ? content[0] : undefined;
  must(isPlainObject(first) && first['type'] === 'text' && typeof first['text'] === 'string', '결과 콘텐츠 형식 불일치');
  const summary: unknown = JSON.parse(first['text']);
  must(isPlainObject(summary), '완료 기준 불일치');
  return summary;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
