import { RpcError, encode, isPlainObject } from './rpc.ts';
import type { RpcRequest } from './rpc.ts';

/** Sends one JSON text and returns the JSON text that came back (here: a server's handle). */
export type Transport = (raw: string) => string;

/** The host-side connection: numbers requests, sends them, and checks each reply before using it. */
export class MiniClient {
  private readonly transport: Transport;
  private nextId = 1;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /** Sends one request; returns its result, throws Error for a mismatched reply and RpcError for an error reply. */
  request(method: string, params: unknown): unknown {
    const id = this.nextId;
    this.nextId += 1;
    const outgoing: RpcRequest = { jsonrpc: '2.0', id, method, params };
    const incoming: unknown = JSON.parse(this.transport(encode(outgoing)));
    if (!isPlainObject(incoming)) throw new Error('응답은 객체여야 한다.');

    const replyId = incoming['id'];
    if (
      incoming['jsonrpc'] !== '2.0' ||
      typeof replyId !== 'number' ||
      !Number.isSafeInteger(replyId) ||
      replyId !== id
    ) {
      throw new Error('응답 식별자 또는 버전이 다르다.');
    }
    if (Object.hasOwn(incoming, 'result') === Object.hasOwn(incoming, 'error')) {
      throw new Error('결과와 오류 중 하나만 있어야 한다.');
    }
    if (Object.hasOwn(incoming, 'error')) {
      const error = incoming['error'];
      const code = isPlainObject(error) ? error['code'] : undefined;
      const message = isPlainObject(error) ? error['message'] : undefined;
      if (typeof code !== 'number' || typeof message !== 'string') throw new Error('오류 응답 형식이 잘못됐다.');
      throw new RpcError(code, message);
    }
    return incoming['result'];
  }
}
