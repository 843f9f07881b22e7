import type { CallToolResult, RequestOptions, Tool } from '@modelcontextprotocol/client';
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

/** 서버가 도구에 대해 쓴 글을 쓴 그대로 담는다. */
function fromServer(tool: Tool): FromServer {
  const description = tool.description ?? '';
  return tool.title === undefined ? { description } : { title: tool.title, description };
}

/** 모델을 위해 도구 하나를 부른다. 05/1의 답으로 승인되지 않은 도구는 여기서 거절된다. `options`(시간 한도, 신호)는 서버에 가는 요청마다 함께 간다. */
export async function callWithConsent(server: ConnectedServer, approvals: Approvals, consent: Consent, tool: string, args: Record<string, unknown>, options: RequestOptions = {}): Promise<CallToolResult> {
  const current = (await server.client.listTools(undefined, options)).tools.find((listed) => listed.name === tool);
  if (current === undefined || !approvals.isApproved(server.name, current)) {
    return refusal(`호스트가 부르지 않음: ${server.name}/${tool} (사람이 승인하지 않았다).`);
  }
  // 부르기 전에 사람에게 묻고, 거절은 모델이 읽을 거절 결과로 돌려준다: 서버의 글은 fromServer에만 담는다.
  const allowed = await consent({ server: server.name, tool, arguments: args, fromServer: fromServer(current) });
  if (!allowed) return refusal(`호스트가 부르지 않음: 사람이 ${server.name}/${tool} 호출을 거절했다.`);
  return (await server.client.callTool({ name: tool, arguments: args }, options)) as CallToolResult;
}
