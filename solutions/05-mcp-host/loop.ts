import type { Approvals } from './approvals.ts';
import { callWithConsent, refusal } from './consent.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage, ModelTool } from './model.ts';

/** Everything one run of the loop needs: the model, the connected servers, the person's approvals and consent, and its bounds. */
export interface LoopOptions {
  model: Model;
  servers: readonly ConnectedServer[];
  approvals: Approvals;
  consent: Consent;
  prompt: string;
  /** The most model turns one run may take. */
  maxSteps: number;
  /** The most milliseconds one run may take, measured on `now`. */
  timeLimitMs: number;
  /** The clock the time limit is measured on; Date.now unless given. */
  now?: () => number;
}

/** How a run ended: the model's answer, a bound reached, or an error that stays with the host; each with the conversation so far. */
export type LoopEnd =
  | { kind: 'answer'; text: string; messages: ModelMessage[] }
  | { kind: 'step-limit'; messages: ModelMessage[] }
  | { kind: 'time-limit'; messages: ModelMessage[] }
  | { kind: 'host-error'; error: string; messages: ModelMessage[] };

/** The tools the model may use now: every server's listed tools that the person approved, with their schemas as listed. */
export async function modelTools(servers: readonly ConnectedServer[], approvals: Approvals): Promise<ModelTool[]> {
  const tools: ModelTool[] = [];
  for (const server of servers) {
    const listed = (await server.client.listTools()).tools;
    for (const tool of approvals.shown(server.name, listed)) tools.push({ server: server.name, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
  }
  return tools;
}

/** Runs the model with the servers' tools until it answers, or a bound or a host error ends the run. */
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
      const result = server === undefined ? refusal(`호스트가 부르지 않음: 연결된 서버 가운데 ${turn.call.server}는 없다.`) : await callWithConsent(server, options.approvals, options.consent, turn.call.tool, turn.call.arguments);
      messages.push({ role: 'tool', callId: turn.call.id, result });
    } catch (error) {
      return { kind: 'host-error', error: String(error), messages };
    }
  }
  return { kind: 'step-limit', messages };
}
