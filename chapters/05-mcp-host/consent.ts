import type { CallToolResult, RequestOptions } from '@modelcontextprotocol/client';
import type { Approvals } from './approvals.ts';
import type { ConnectedServer } from './host.ts';

/** Text the server wrote, kept apart so whoever shows the request can mark it as the server's. */
export interface FromServer {
  title?: string;
  description: string;
}

/** What the person is asked before a call: the host's name for the server, the tool, the exact arguments, and the server's own words. */
export interface ConsentRequest {
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
  fromServer: FromServer;
}

/** The person's answer to a consent request: true lets this one call go. */
export type Consent = (request: ConsentRequest) => boolean | Promise<boolean>;

/** A tool result the host writes itself when it does not make the call. */
export function refusal(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** Calls one tool for the model: only a tool approved as it is listed now, and only after the person says yes to this call; `options` (a timeout, a signal) go with each request to the server. */
export async function callWithConsent(server: ConnectedServer, approvals: Approvals, consent: Consent, tool: string, args: Record<string, unknown>, options: RequestOptions = {}): Promise<CallToolResult> {
  const current = (await server.client.listTools(undefined, options)).tools.find((listed) => listed.name === tool);
  if (current === undefined || !approvals.isApproved(server.name, current)) {
    return refusal(`호스트가 부르지 않음: ${server.name}/${tool}은 사람이 승인한 정의가 아니다.`);
  }
  // TODO(05/2): 모든 호출은 나가기 전에 사람의 동의(consent)를 거친다. 사람이 보는 요청에서 서버가 쓴 글은 서버의 것으로 드러나고, 거절은 모델에게 돌아갈 결과가 되게 하라.
  return (await server.client.callTool({ name: tool, arguments: args }, options)) as CallToolResult;
}
