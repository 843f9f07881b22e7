import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, RpcError, encode, hasExactKeys, isPlainObject } from './rpc.ts';
import type { JsonObject, RpcFailure, RpcSuccess } from './rpc.ts';

/** 이 서버가 목록에 올리는 유일한 도구(tools/list에 실리는 모양). 스키마는 인자에 대한 약속일 뿐 검사가 아니다. */
export const SUMMARIZE_TOOL = {
  name: 'summarize_document',
  description: '허용된 문서의 제목과 본문 줄 수를 반환한다.',
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  },
} as const;

/** 메서드 하나의 처리 함수: 요청의 params를 받아 결과를 돌려주거나 RpcError를 던진다. */
type MethodHandler = (params: JsonObject) => JsonObject;

/** MCP를 흉내 낸 작은 서버: JSON 문자열을 받아 JSON 문자열로 답하고, 허용된 문서에 대한 도구 하나를 내놓는다. */
export class MiniServer {
  /** 서버가 붙은 폴더: 연결 설정일 뿐 권한이 아니다. */
  readonly root: string;
  /** 서버가 읽어도 되는 문서: 접근 정책이며, root와 따로 둔다. */
  readonly allowed: Set<string> = new Set(['report.txt']);
  /** 서버가 답하는 메서드를 이름으로 찾는 표. Map이라서 "constructor" 같은 물려받은 이름은 메서드가 되지 못한다. */
  private readonly methods = new Map<string, MethodHandler>([
    ['tools/list', listing(() => ({ tools: [SUMMARIZE_TOOL] }))],
    ['tools/call', (params) => this.callTool(params)],
    // TODO(01/4): 문서 본문과 검토 질문도 내놓는 메서드를 이 표에 더하라. 둘이 각각 MCP의 어느 기능인지가 이 연습의 질문이다. 어느 메서드든 허용 목록 밖의 문서는 읽지 않는다.
  ]);

  constructor(root: string) {
    this.root = root;
  }

  /** 메시지 문자열 하나에 응답 문자열 하나로 답한다. RpcError가 아닌 예외는 버그이므로 그대로 던진다. */
  handle(raw: string): string {
    let requestId: number | null = null;
    try {
      const request = parseMessage(raw);
      if (!isPlainObject(request)) throw new RpcError(ErrorCode.InvalidRequest, '요청은 객체여야 한다.');
      const candidate = request['id'];
      if (typeof candidate === 'number' && Number.isSafeInteger(candidate)) requestId = candidate;
      const method = request['method'];
      if (request['jsonrpc'] !== '2.0' || requestId === null || typeof method !== 'string') {
        throw new RpcError(ErrorCode.InvalidRequest, '요청 형식이 잘못됐다.');
      }
      const params = Object.hasOwn(request, 'params') ? request['params'] : {};
      if (!isPlainObject(params)) throw new RpcError(ErrorCode.InvalidParams, '매개변수는 객체여야 한다.');
      const answer = this.methods.get(method);
      if (!answer) throw new RpcError(ErrorCode.MethodNotFound, '지원하지 않는 메서드다.');
      const success: RpcSuccess = { jsonrpc: '2.0', id: requestId, result: answer(params) };
      return encode(success);
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      const failure: RpcFailure = {
        jsonrpc: '2.0',
        id: requestId,
        error: { code: error.code, message: error.message },
      };
      return encode(failure);
    }
  }

  private callTool(params: JsonObject): JsonObject {
    if (!hasExactKeys(params, ['name', 'arguments'])) throw invalidParams('호출 필드가 잘못됐다.');
    if (params['name'] !== SUMMARIZE_TOOL.name) throw invalidParams('등록되지 않은 도구다.');
    const args = params['arguments'];
    // TODO(01/1): 스키마가 약속한 인자 모양을 서버가 여기서 직접 지키게 하라. 모양이 틀린 인자는 파일을 읽기 전에 -32602로 거절된다.
    const name = (args as { name?: unknown }).name;
    if (!this.isAllowed(name)) throw invalidParams('허용된 문서 이름이 아니다.');

    const lines = splitLines(this.readDocument(name));
    const title = lines[0];
    if (title === undefined) throw new Error(`${name} 문서가 비어 있어 제목을 읽을 수 없다.`);
    const summary = { title, body_lines: lines.length - 1 };
    return { content: [{ type: 'text', text: encode(summary) }], isError: false };
  }

  private isAllowed(name: unknown): name is string {
    return typeof name === 'string' && this.allowed.has(name);
  }

  private readDocument(name: string): string {
    return readFileSync(join(this.root, name), 'utf8');
  }
}

/** 들어온 메시지 하나를 해석한다. JSON이 아닌 문자열은 해석 오류가 된다. */
function parseMessage(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new RpcError(ErrorCode.ParseError, 'JSON 해석에 실패했다.');
  }
}

/** 목록 메서드 하나: 이 모형에서는 옵션을 하나도 받지 않고, build가 돌려준 것으로 답한다. */
function listing(build: () => JsonObject): MethodHandler {
  return (params) => {
    if (Object.keys(params).length > 0) throw invalidParams('목록 조회 인자가 잘못됐다.');
    return build();
  };
}

function invalidParams(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message);
}

/** 문자열을 줄로 나눈다. 여러 줄바꿈 문자를 모두 인정하고, 끝의 줄바꿈은 빈 줄을 더하지 않는다. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
