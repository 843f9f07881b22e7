/** Numeric JSON-RPC error codes used by this model, named the way the MCP TypeScript SDK names them. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  // Model-only code: current MCP revisions call this range legacy, and the official SDK already uses -32001 for request timeouts.
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

/** True for a plain object such as JSON.parse makes from `{...}`; null, arrays and primitives are not. */
export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

/**
 * Serialises like Python's json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")):
 * keys sorted at every level, no spaces, non-ASCII text left as it is.
 */
export function encode(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => (item === undefined ? 'null' : encode(item))).join(',')}]`;
  }
  if (isPlainObject(value)) {
    // Sorting by UTF-16 code units matches Python's code-point order for every key this course uses.
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${encode(value[key])}`).join(',')}}`;
  }
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`cannot encode ${typeof value} as JSON`);
  return text;
}
