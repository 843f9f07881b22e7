import type { Approvals } from './approvals.ts';
import { callWithConsent, refusal } from './consent.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage, ModelTool } from './model.ts';

/** 루프 한 번의 실행에 필요한 것: 모델, 연결된 서버, 사람의 승인과 동의, 한도. */
export interface LoopOptions {
  model: Model;
  servers: readonly ConnectedServer[];
  approvals: Approvals;
  consent: Consent;
  prompt: string;
  /** 한 번의 실행이 쓸 수 있는 모델 걸음의 수. */
  maxSteps: number;
  /** 한 번의 실행이 쓸 수 있는 시간(밀리초). */
  timeLimitMs: number;
  /** 시계. 주지 않으면 Date.now다. */
  now?: () => number;
}

/** 실행이 끝난 모양과 그때까지의 대화. */
export type LoopEnd =
  | { kind: 'answer'; text: string; messages: ModelMessage[] }
  | { kind: 'step-limit'; messages: ModelMessage[] }
  | { kind: 'time-limit'; messages: ModelMessage[] }
  | { kind: 'host-error'; error: string; messages: ModelMessage[] };

/** 지금 모델이 쓸 수 있는 도구: 서버마다 나열한 도구 가운데 사람이 승인한 것, 스키마는 나열된 그대로. */
export async function modelTools(servers: readonly ConnectedServer[], approvals: Approvals): Promise<ModelTool[]> {
  const tools: ModelTool[] = [];
  for (const server of servers) {
    const listed = (await server.client.listTools()).tools;
    for (const tool of approvals.shown(server.name, listed)) tools.push({ server: server.name, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
  }
  return tools;
}

/** 모델이 답하거나 실행이 다른 까닭으로 끝날 때까지 서버의 도구로 모델을 돌린다. */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const now = options.now ?? Date.now;
  const started = now();
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
  // 걸음 수와 주입한 시계로 끝을 정하고, 도구 결과는 isError여도 tool 역할로만 돌려주며, 프로토콜 오류는 호스트가 갖는다.
  for (let step = 0; step < options.maxSteps; step += 1) {
    if (now() - started >= options.timeLimitMs) return { kind: 'time-limit', messages };
    let tools: ModelTool[];
    try {
      tools = await modelTools(options.servers, options.approvals);
    } catch (error) {
      return { kind: 'host-error', error: String(error), messages };
    }
    const turn = await options.model.next({ messages, tools });
    if (turn.kind === 'answer') {
      messages.push({ role: 'assistant', content: turn.text });
      return { kind: 'answer', text: turn.text, messages };
    }
    messages.push({ role: 'assistant', call: turn.call });
    const server = options.servers.find((candidate) => candidate.name === turn.call.server);
    try {
      const result = server === undefined ? refusal(`호스트가 부르지 않음: 연결된 서버 가운데 없는 서버 ${turn.call.server}.`) : await callWithConsent(server, options.approvals, options.consent, turn.call.tool, turn.call.arguments);
      messages.push({ role: 'tool', callId: turn.call.id, result });
    } catch (error) {
      return { kind: 'host-error', error: String(error), messages };
    }
  }
  return { kind: 'step-limit', messages };
}
