import { ErrorCode, RpcError, encode, failure, hasExactKeys, isPlainObject, readOwn, success } from './protocol.ts';
import type { JsonObject, RpcResponse } from './protocol.ts';

/** 서버가 셀 줄 아는 작업 상태. */
export type TaskStatus = 'open' | 'done';

/** 고정 작업 자료의 한 줄. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** tools/list가 도구 하나에 대해 알리는 내용. 설명일 뿐 권한이 아니다. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonObject;
}

/** 고정 작업 자료. open 둘, done 하나다. */
export const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** 서버가 목록에 올리는 모든 도구. 목록에 있다고 부를 수 있는 것은 아니다. */
export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'count_tasks',
    description: '상태별 작업 개수를 센다.',
    inputSchema: {
      type: 'object',
      properties: { status: { type: 'string', enum: ['open', 'done'] } },
      required: ['status'],
      additionalProperties: false,
    },
  },
  {
    name: 'read_note',
    description: '메모를 읽는다.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
];

/** 이 서버가 실행하기로 한 도구. 요청이 도착한 뒤에 확인한다. */
export const SERVER_ALLOWED: ReadonlySet<string> = new Set(['count_tasks']);

const STATUSES: readonly string[] = ['open', 'done'];

/** 해석한 요청 하나에 답한다. 클라이언트가 먼저 검사했으리라고 믿지 않는다. */
export function handle(request: unknown, allowed: ReadonlySet<string> = SERVER_ALLOWED): RpcResponse {
  if (!isPlainObject(request)) return failure(null, ErrorCode.InvalidRequest, '요청 형식 오류');
  const id = readOwn(request, 'id');
  if (readOwn(request, 'jsonrpc') !== '2.0' || !isRequestId(id)) {
    return failure(null, ErrorCode.InvalidRequest, '요청 형식 오류');
  }
  try {
    return success(id, dispatch(request, allowed));
  } catch (error) {
    if (error instanceof RpcError) return failure(id, error.code, error.message);
    throw error;
  }
}

/** 요청 문자열을 해석해 답하고 응답을 문자열로 만든다. JSON이 아닌 문자열에는 -32700으로 답한다. */
export function serverReceive(raw: string, allowed: ReadonlySet<string> = SERVER_ALLOWED): string {
  let request: unknown;
  try {
    request = JSON.parse(raw);
  } catch {
    return encode(failure(null, ErrorCode.ParseError, 'JSON 해석 오류'));
  }
  return encode(handle(request, allowed));
}

function isRequestId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function dispatch(request: JsonObject, allowed: ReadonlySet<string>): JsonObject {
  const method = readOwn(request, 'method');
  const params = Object.hasOwn(request, 'params') ? request['params'] : {};
  if (!isPlainObject(params)) throw new RpcError(ErrorCode.InvalidParams, '인자 형식 오류');

  if (method === 'tools/list') {
    if (Object.keys(params).length > 0) throw new RpcError(ErrorCode.InvalidParams, '목록 인자는 비워야 한다');
    return { tools: TOOLS };
  }
  if (method !== 'tools/call') throw new RpcError(ErrorCode.MethodNotFound, '지원하지 않는 메서드');
  return callTool(params, allowed);
}

function callTool(params: JsonObject, allowed: ReadonlySet<string>): JsonObject {
  if (!hasExactKeys(params, ['name', 'arguments'])) {
    throw new RpcError(ErrorCode.InvalidParams, '호출 인자 형식 오류');
  }
  const name = params['name'];
  if (typeof name !== 'string' || !TOOLS.some((tool) => tool.name === name)) {
    throw new RpcError(ErrorCode.InvalidParams, '알 수 없는 도구');
  }
  if (!allowed.has(name)) throw new RpcError(ErrorCode.ServerPolicyRefused, '서버 정책: 호출 거부');

  const status = readStatus(params['arguments']);
  const count = TASKS.filter((task) => task.status === status).length;
  return { content: [{ type: 'text', text: `${status}: ${count}` }] };
}

function readStatus(args: unknown): string {
  // TODO(02/2): 인자의 모양이 틀린 호출도 여기서 -32602로 거부하라. 모양이 틀린 호출과 값이 틀린 호출을 호출한 쪽이 구별할 수 있어야 한다.
  const status = (args as { status?: unknown }).status;
  if (typeof status !== 'string' || !STATUSES.includes(status)) {
    throw new RpcError(ErrorCode.InvalidParams, '허용하지 않는 상태');
  }
  return status;
}
