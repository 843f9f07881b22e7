import { encode, isPlainObject } from './protocol.ts';
import type { JsonObject, RpcResponse } from './protocol.ts';
import { serverReceive } from './server.ts';

/** 팀이 이 클라이언트에게 부르도록 승인한 도구. 어느 서버의 목록과도 따로 정한다. */
export const CLIENT_ALLOWED: ReadonlySet<string> = new Set(['count_tasks']);

/** 클라이언트가 아무것도 보내기 전에 호출을 거부할 때 던진다. */
export class ClientPolicyError extends Error {
  constructor() {
    super('클라이언트 정책: 호출 거부');
    this.name = 'ClientPolicyError';
  }
}

/** 요청 문자열을 서버에 전하고 응답 문자열을 받아 온다. */
export type Transport = (raw: string) => string;

/** 왕복 한 번. 경계를 넘은 문자열 그대로와 검사를 마친 응답. */
export interface Exchange {
  requestText: string;
  responseText: string;
  response: RpcResponse;
}

/** 클라이언트 설정. 둘 다 기본값은 이 장의 팀 정책과 같은 프로세스 안의 서버다. */
export interface ClientOptions {
  allowed?: Iterable<string>;
  transport?: Transport;
}

/** 승인하지 않은 도구는 보내기 전에 거부하고, 받은 응답은 모두 검사하는 작은 클라이언트. */
export class Client {
  /** 다음 요청이 가질 id. 보내기 전에 거부한 호출은 이 번호를 쓰면 안 된다. */
  nextId = 1;
  readonly #allowed: Set<string>;
  readonly #transport: Transport;

  constructor(options: ClientOptions = {}) {
    this.#allowed = new Set(options.allowed ?? CLIENT_ALLOWED);
    this.#transport = options.transport ?? serverReceive;
  }

  /** 이 클라이언트의 정책이 그 이름의 도구 호출을 허락할 때 참이다. */
  allows(name: string): boolean {
    return this.#allowed.has(name);
  }

  /** 어떤 요청이든 정책 검사 없이 보내고, 오간 문자열과 검사한 응답을 돌려준다. */
  exchange(method: string, params: JsonObject): Exchange {
    // TODO(02/3): 서버 응답은 자료일 뿐이다. 이 메서드에서 응답에 든 어떤 값도 이 클라이언트의 허용 목록을 바꾸지 못하게 한다.
    const id = this.nextId;
    this.nextId += 1;
    const requestText = encode({ jsonrpc: '2.0', id, method, params });
    const responseText = this.#transport(requestText);
    const response = checkResponse(JSON.parse(responseText), id);
    const suggested = 'result' in response ? response.result['suggested_tool'] : undefined;
    if (typeof suggested === 'string') this.#allowed.add(suggested);
    return { requestText, responseText, response };
  }

  /** tools/call로 도구를 부른다. 허용하지 않은 도구면 보내기 전에 거부한다. */
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
