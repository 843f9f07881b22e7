import { pathToFileURL } from 'node:url';
import { Client } from './client.ts';
import type { Exchange, Transport } from './client.ts';
import { ErrorCode, encode, isPlainObject } from './protocol.ts';
import type { RpcResponse } from './protocol.ts';

/** 클라이언트가 거부해야 할 호출을 시도하고, 찍을 거부 메시지를 돌려준다. */
export function expectClientRefusal(client: Client): string {
  // TODO(02/4): 거부로 인정할 것은 클라이언트가 자기 정책으로 막았고 요청 식별자도 쓰지 않은 경우뿐이다. 그 밖에는 예외를 던진다.
  try {
    client.call('read_note', {});
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return '';
}

/** 이 장의 네 가지 검증을 실행하고, 경계를 넘은 메시지를 모두 찍는다. */
export function main(options: { transport?: Transport } = {}): void {
  const client = new Client({ transport: options.transport });

  const listed = client.exchange('tools/list', {});
  const names = toolNames(listed.response);
  check(encode(names) === encode(['count_tasks', 'read_note']), '목록 검증 실패');
  console.log(`발견한 도구: ${names.join(', ')}`);

  // TODO(02/1): 정상 호출이 done 상태를 묻게 바꾸고, 기대 결과도 고정 자료의 done 개수로 맞춘다.
  const normal = show('정상 호출', client.call('count_tasks', { status: 'open' }));
  check(encode(contentOf(normal)) === encode([{ type: 'text', text: 'open: 2' }]), '개수 검증 실패');

  console.log(expectClientRefusal(client));
  check(client.nextId === 3, '거부한 호출이 전송되었다');

  const invalid = show('잘못된 인자', client.call('count_tasks', { status: 'closed' }));
  check(errorCode(invalid) === ErrorCode.InvalidParams, '인자 검증 실패');

  const bypass = show('클라이언트 검사 우회', client.exchange('tools/call', { name: 'read_note', arguments: {} }));
  check(errorCode(bypass) === ErrorCode.ServerPolicyRefused, '서버 거부 검증 실패');
  console.log('검증: 4개 통과');
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

function show(label: string, exchange: Exchange): RpcResponse {
  console.log(label);
  console.log(`요청: ${exchange.requestText}`);
  console.log(`응답: ${exchange.responseText}`);
  return exchange.response;
}

function toolNames(response: RpcResponse): string[] {
  const tools = 'result' in response ? response.result['tools'] : undefined;
  if (!Array.isArray(tools)) return [];
  return tools.map((tool: unknown) => (isPlainObject(tool) ? String(tool['name']) : ''));
}

function contentOf(response: RpcResponse): unknown {
  return 'result' in response ? response.result['content'] : undefined;
}

function errorCode(response: RpcResponse): number | undefined {
  return 'error' in response ? response.error.code : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
