/** 이 모형이 쓰는 JSON-RPC 오류 코드. 이름은 MCP TypeScript SDK가 붙이는 방식을 따른다. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  // 이 모형만의 코드다. MCP 2026-07-28은 -32000..-32019를 legacy 구간으로 두고, SDK v1은 -32001을 요청 시간 초과에 썼다.
  ServerPolicyRefused: -32001,
} as const;

/** ErrorCode에 있는 코드 가운데 하나. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** 해석을 마친 JSON 객체. 키는 문자열이고, 값은 아직 믿지 않는다. */
export type JsonObject = Record<string, unknown>;

/** 프로토콜 수준의 오류. 서버가 같은 코드와 메시지의 JSON-RPC 오류 응답으로 바꾼다. */
export class RpcError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code: ErrorCodeValue, message: string) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** 이 모형의 클라이언트가 보내는 요청. */
export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: JsonObject;
}

/** 결과를 담은 응답. */
export interface RpcSuccess {
  jsonrpc: '2.0';
  id: number;
  result: JsonObject;
}

/** 오류를 담은 응답. 요청의 id를 읽지 못했으면 id는 null이다. */
export interface RpcFailure {
  jsonrpc: '2.0';
  id: number | null;
  error: { code: number; message: string };
}

/** 두 종류 가운데 하나인 응답. */
export type RpcResponse = RpcSuccess | RpcFailure;

/** 성공 응답을 만든다. */
export function success(id: number, result: JsonObject): RpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** 오류 응답을 만든다. */
export function failure(id: number | null, code: number, message: string): RpcFailure {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** JSON.parse가 `{...}`에서 만드는 평범한 객체일 때만 참이다. null, 배열, 클래스 인스턴스는 아니다. */
export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** 객체 자신의 키가 주어진 키와 정확히 같을 때 참이다. 더 많아도 적어도 안 된다. */
export function hasExactKeys(value: JsonObject, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** 자기 속성만 읽는다. 그래서 `constructor`처럼 물려받은 이름은 undefined로 읽힌다. */
export function readOwn(value: JsonObject, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** 항목 사이와 키·값 사이에 넣는 구분자. 기대 출력과 같도록 공백을 넣지 않는다. */
const ITEM_SEPARATOR = ',';
const KEY_SEPARATOR = ':';

/**
 * JSON 값을 늘 같은 문자열로 쓴다. 모든 깊이의 키를 코드 포인트 순으로 정렬하고, ASCII 밖의 글은 이스케이프하지 않는다.
 * JSON.stringify처럼 값이 undefined인 키는 빼고 배열 안의 undefined는 null로 쓴다. JSON에 담을 수 없는 값(NaN, 함수, 클래스 인스턴스)은 예외를 던진다.
 */
export function encode(value: unknown): string {
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    return `[${items.map((item) => (item === undefined ? 'null' : encode(item))).join(ITEM_SEPARATOR)}]`;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort(compareCodePoints);
    return `{${keys.map((key) => `${JSON.stringify(key)}${KEY_SEPARATOR}${encode(value[key])}`).join(ITEM_SEPARATOR)}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`JSON으로 쓸 수 없는 숫자다: ${value}`);
  const text = typeof value === 'object' && value !== null ? undefined : JSON.stringify(value);
  if (text === undefined) throw new TypeError(`JSON으로 쓸 수 없는 값이다: ${String(value)}`);
  return text;
}

/** 문자열을 유니코드 코드 포인트 순으로 비교한다(기본 sort()는 UTF-16 단위로 비교해 순서가 다를 수 있다). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}
