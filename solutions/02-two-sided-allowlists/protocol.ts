/** Numeric JSON-RPC error codes used by this model, named the way the MCP TypeScript SDK names them. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  // Model-only code: MCP 2026-07-28 calls -32000..-32019 legacy, and SDK v1 used -32001 for request timeouts.
  ServerPolicyRefused: -32001,
} as const;

/** One of the codes listed in ErrorCode. */
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A decoded JSON object: string keys, values not yet trusted. */
export type JsonObject = Record<string, unknown>;

/** A protocol-level error; the server turns it into a JSON-RPC error response with the same code and message. */
export class RpcError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code: ErrorCodeValue, message: string) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
  }
}

/** A request as this model's client sends it. */
export interface RpcRequest {
  jsonrpc: '2.0';
  id: number;
  method: string;
  params: JsonObject;
}

/** A response that carries a result. */
export interface RpcSuccess {
  jsonrpc: '2.0';
  id: number;
  result: JsonObject;
}

/** A response that carries an error; the id is null when the request's id could not be read. */
export interface RpcFailure {
  jsonrpc: '2.0';
  id: number | null;
  error: { code: number; message: string };
}

/** Either kind of response. */
export type RpcResponse = RpcSuccess | RpcFailure;

/** Builds a success response. */
export function success(id: number, result: JsonObject): RpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** Builds an error response. */
export function failure(id: number | null, code: number, message: string): RpcFailure {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** True for a plain JSON object, as JSON.parse makes from `{...}`: not null, not an array, not a class instance. */
export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when the object's own keys are exactly the given keys, no more and no fewer. */
export function hasExactKeys(value: JsonObject, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** Reads an own property only, so inherited names such as `constructor` read as undefined. */
export function readOwn(value: JsonObject, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

/** What goes between two items, and between a key and its value: no spaces, as the seed asks with `separators=(",", ":")`. */
const ITEM_SEPARATOR = ',';
const KEY_SEPARATOR = ':';

/**
 * Writes a JSON value as text the way the seed's Python does (`json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))`):
 * keys sorted by code point at every level, non-ASCII text kept as it is. A key whose value is undefined is left out
 * and an undefined array item becomes null, as JSON.stringify does; a value JSON cannot hold (NaN, a function, a class instance) throws.
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

/** Orders strings by Unicode code point, as Python sorts str keys (plain sort() compares UTF-16 units). */
function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = (left[i]?.codePointAt(0) ?? 0) - (right[i]?.codePointAt(0) ?? 0);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}
