/** MCP가 쓰는 JSON-RPC 오류 코드. 이름은 MCP TypeScript SDK를 따랐다. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** ErrorCode에 있는 숫자 코드 가운데 하나. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** 해석은 됐지만 값은 아직 검사하지 않은 JSON 객체. */
export type JsonObject = Record<string, unknown>;

/** 클라이언트에서 서버로 가는 요청의 모양. */
export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: unknown;
}

/** 성공 응답: 요청의 id와 결과. */
export interface RpcSuccess {
  jsonrpc: '2.0';
  id: number;
  result: unknown;
}

/** 프로토콜 오류 응답. 요청의 id를 읽지 못했으면 id는 null이다(JSON-RPC 2.0의 규칙). */
export interface RpcFailure {
  jsonrpc: '2.0';
  id: number | null;
  error: { code: number; message: string };
}

/** 서버가 보낼 수 있는 응답. */
export type RpcResponse = RpcSuccess | RpcFailure;

/** 서버가 `error` 응답으로 바꾸는 프로토콜 수준의 실패(도구 결과로 바뀌는 일은 없다). */
export class RpcError extends Error {
  /** JSON-RPC 오류 코드(예: ErrorCode.InvalidParams). */
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** JSON.parse가 `{...}`에서 만드는 평범한 객체일 때만 참: null, 배열, 클래스 인스턴스는 거짓. */
export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** 객체 자신의 키가 주어진 키와 정확히 같을 때(더도 덜도 없이)만 참. */
export function hasExactKeys(value: JsonObject, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** 항목 사이와 키·값 사이에 쓰는 구분자: 둘 다 뒤에 공백 하나를 둔다. */
const ITEM_SEPARATOR = ', ';
const KEY_SEPARATOR = ': ';

/**
 * JSON 값을 늘 같은 문자열로 쓴다. 같은 값이면 같은 바이트가 나와야 출력을 기대 출력과 맞춰 볼 수 있다:
 * 모든 깊이에서 키를 코드 포인트 순으로 정렬하고, 한글 같은 비ASCII 문자는 이스케이프하지 않는다. 값이 undefined인 키는 빠지고
 * 배열의 undefined 항목은 null이 된다(JSON.stringify와 같다). JSON에 담을 수 없는 값(NaN, 함수, 클래스 인스턴스)은 예외를 던진다.
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

/** 문자열을 유니코드 코드 포인트 순으로 비교한다(그냥 sort()는 UTF-16 단위로 비교해 순서가 달라질 수 있다). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}
