import { RpcError, encode, isPlainObject } from './rpc.ts';
import type { RpcRequest } from './rpc.ts';

/** JSON 문자열 하나를 보내고 돌아온 JSON 문자열을 돌려주는 전송(여기서는 서버의 handle). */
export type Transport = (raw: string) => string;

/** 호스트 쪽 연결: 요청에 번호를 붙여 보내고, 응답을 쓰기 전에 하나하나 검사한다. */
export class MiniClient {
  private readonly transport: Transport;
  private nextId = 1;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /** 요청 하나를 보내고 결과를 돌려준다. 짝이 맞지 않는 응답에는 Error를, 오류 응답에는 RpcError를 던진다. */
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
