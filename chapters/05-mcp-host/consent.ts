import type { CallToolResult, RequestOptions } from '@modelcontextprotocol/client';
import type { Approvals } from './approvals.ts';
import type { ConnectedServer } from './host.ts';

/** 요청에 실리는 서버의 글: 도구의 제목과 설명. */
export interface FromServer {
  title?: string;
  description: string;
}

/** 호출 전에 사람에게 보이는 요청: 서버 이름, 도구, 보낼 인자, 서버의 글. */
export interface ConsentRequest {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  fromServer: FromServer;
}

/** 동의 요청에 대한 사람의 답. true가 "예"다. */
export type Consent = (request: ConsentRequest) => boolean | Promise<boolean>;

/** 호스트가 직접 만드는 오류 결과(isError). */
export function refusal(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** 모델을 위해 도구 하나를 부른다. 05/1의 답으로 승인되지 않은 도구는 여기서 거절된다. `options`(시간 한도, 신호)는 서버에 가는 요청마다 함께 간다. */
export async function callWithConsent(server: ConnectedServer, approvals: Approvals, consent: Consent, tool: string, args: Record<string, unknown>, options: RequestOptions = {}): Promise<CallToolResult> {
  const current = (await server.client.listTools(undefined, options)).tools.find((listed) => listed.name === tool);
  if (current === undefined || !approvals.isApproved(server.name, current)) {
    return refusal(`호스트가 부르지 않음: ${server.name}/${tool} (사람이 승인하지 않았다).`);
  }
  // TODO(05/2): 호출이 나가기 전에 사람의 동의(consent)를 구하게 하라. 사람이 보는 요청에 무엇을 어떻게 담을지, 사람의 거절을 모델이 어떻게 알게 될지가 이 연습의 질문이다.
  return (await server.client.callTool({ name: tool, arguments: args }, options)) as CallToolResult;
}
