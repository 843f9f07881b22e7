import { encode, isPlainObject } from './protocol.ts';
import type { JsonObject, RpcResponse } from './protocol.ts';
import { serverReceive } from './server.ts';

/** The tools this team approved for the client to call, decided apart from any server's list. */
export const CLIENT_ALLOWED: ReadonlySet<string> = new Set(['count_tasks']);

/** Thrown when the client refuses a call before anything is sent. */
export class ClientPolicyError extends Error {
  constructor() {
    super('클라이언트 정책: 호출 거부');
    this.name = 'ClientPolicyError';
  }
}

/** Carries request text to a server and brings its response text back. */
export type Transport = (raw: string) => string;

/** One round trip: the exact texts that crossed the boundary and the checked response. */
export interface Exchange {
  requestText: string;
  responseText: string;
  response: RpcResponse;
}

/** Client settings; both default to this chapter's team policy and in-process server. */
export interface ClientOptions {
  allowed?: Iterable<string>;
  transport?: Transport;
}

/** A small client that refuses unapproved tools before sending and checks every response it gets. */
export class Client {
  /** The id the next request will carry; a call refused before sending must not use one up. */
  nextId = 1;
  readonly #allowed: Set<string>;
  readonly #transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.#allowed = new Set(options.allowed ?? CLIENT_ALLOWED);
    this.#transport = options.transport ?? serverReceive;
  }

  /** True when this client's policy lets it call the named tool. */
  allows(name: string): boolean {
    return this.#allowed.has(name);
  }

  /** Sends any request (no policy check) and returns the texts and the checked response. */
  exchange(method: string, params: JsonObject): Exchange {
    const id = this.nextId;
    this.nextId += 1;
    const requestText = encode({ jsonrpc: '2.0', id, method, params });
    const responseText = this.#transport(requestText);
    const response = checkResponse(JSON.parse(responseText), id);
    // TODO(02/3): 서버 응답은 자료일 뿐이다. 응답에 든 어떤 값도 이 클라이언트의 허용 목록을 바꾸지 못하게 한다.
    const suggested = 'result' in response ? response.result['suggested_tool'] : undefined;
    if (typeof suggested === 'string') this.#allowed.add(suggested);
    return { requestText, responseText, response };
  }

  /** Calls a tool through tools/call, refusing before sending when the tool is not allowed. */
  call(name: string, args: JsonObject): Exchange {
    if (!this.allows(name)) throw new ClientPolicyError();
    return this.exchange('tools/call', { name, arguments: args });
  }
}

function checkResponse(value: unknown, id: number): RpcResponse {
  if (!isPlainObject(value)) throw new Error('응답 결과 형식 오류');
  if (value['jsonrpc'] !== '2.0') throw new Error('응답 버전 불일치');
  if (value['id'] !== id) throw new Error('응답 식별자 불일치');
  const hasResult = Object.hasOwn(value, 'result');
  if (hasResult === Object.hasOwn(value, 'error')) throw new Error('응답 결과 형식 오류');

  if (hasResult) {
    const result = value['result'];
    if (!isPlainObject(result)) throw new Error('응답 결과 형식 오류');
    return { jsonrpc: '2.0', id, result };
  }
  const error = value['error'];
  const code = isPlainObject(error) ? error['code'] : undefined;
  const message = isPlainObject(error) ? error['message'] : undefined;
  if (typeof code !== 'number' || typeof message !== 'string') throw new Error('응답 결과 형식 오류');
  return { jsonrpc: '2.0', id, error: { code, message } };
}
