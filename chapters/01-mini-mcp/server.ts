import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, RpcError, encode, hasExactKeys, isPlainObject } from './rpc.ts';
import type { JsonObject, RpcFailure, RpcSuccess } from './rpc.ts';

/** The one tool this server lists, as tools/list describes it: the schema is a promise about arguments, not a check. */
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

/** Answers one method: takes the request's params and returns its result, or throws RpcError. */
type MethodHandler = (params: JsonObject) => JsonObject;

/** A tiny MCP-style server: JSON text in, JSON text out, one tool over allowlisted documents. */
export class MiniServer {
  /** The folder the server is connected to: a connection setting, not a permission. */
  readonly root: string;
  /** The documents the server may read: the access policy, kept apart from root. */
  readonly allowed: Set<string> = new Set(['report.txt']);
  /** Every method the server answers, by name; a Map, so an inherited name such as "constructor" is never a method. */
  private readonly methods = new Map<string, MethodHandler>([
    ['tools/list', listing(() => ({ tools: [SUMMARIZE_TOOL] }))],
    ['tools/call', (params) => this.callTool(params)],
    // TODO(01/4): 문서 본문과 검토 질문도 내놓는 메서드를 이 표에 더하라. 둘이 각각 MCP의 어느 기능인지가 이 연습의 질문이다. 어느 메서드든 허용 목록 밖의 문서는 읽지 않는다.
  ]);

  constructor(root: string) {
    this.root = root;
  }

  /** Answers one raw message with one raw reply; errors other than RpcError are bugs and propagate. */
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

/** Parses one incoming message; text that is not JSON becomes a parse error. */
function parseMessage(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new RpcError(ErrorCode.ParseError, 'JSON 해석에 실패했다.');
  }
}

/** A listing method: it takes no options at all in this model, and answers with what build returns. */
function listing(build: () => JsonObject): MethodHandler {
  return (params) => {
    if (Object.keys(params).length > 0) throw invalidParams('목록 조회 인자가 잘못됐다.');
    return build();
  };
}

function invalidParams(message: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message);
}

/** Splits text into lines like Python's str.splitlines: a final line break adds no empty line. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
