import { ErrorCode, RpcError, encode, failure, hasExactKeys, isPlainObject, readOwn, success } from './protocol.ts';
import type { JsonObject, RpcResponse } from './protocol.ts';

/** A task status the server knows how to count. */
export type TaskStatus = 'open' | 'done';

/** One row of the fixed task data. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** What tools/list says about one tool: a description, not a permission. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonObject;
}

/** The fixed task data: two open tasks and one done task. */
export const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** Every tool the server lists; being listed does not make a tool callable. */
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

/** The tools this server agrees to run, checked after a request arrives. */
export const SERVER_ALLOWED: ReadonlySet<string> = new Set(['count_tasks']);

const STATUSES: readonly string[] = ['open', 'done'];

/** Answers one decoded request; never trusts that a client checked anything first. */
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

/** Decodes request text, answers it, and encodes the response; text that is not JSON gets -32700. */
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
