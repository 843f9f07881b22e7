import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { RequestOptions } from '@modelcontextprotocol/client';
import type { Approvals } from './approvals.ts';
import { callWithConsent, refusal } from './consent.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage, ModelRequest, ModelTool, ModelTurn } from './model.ts';

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
  /** How long, in ms, the host waits for one answer, a server's or the model's, before it aborts that request; 30 000 unless given. */
  answerTimeoutMs?: number;
}

/** How a run ended: the model's answer, a bound reached, or an error that stays with the host; each with the conversation so far. */
export type LoopEnd =
  | { kind: 'answer'; text: string; messages: ModelMessage[] }
  | { kind: 'step-limit'; messages: ModelMessage[] }
  | { kind: 'time-limit'; messages: ModelMessage[] }
  | { kind: 'host-error'; error: string; messages: ModelMessage[] };

/** The tools the model may use now: every server's listed tools that the person approved, with their schemas as listed. */
export async function modelTools(servers: readonly ConnectedServer[], approvals: Approvals, request: RequestOptions = {}): Promise<ModelTool[]> {
  const tools: ModelTool[] = [];
  for (const server of servers) {
    const listed = (await server.client.listTools(undefined, request)).tools;
    for (const tool of approvals.shown(server.name, listed)) tools.push({ server: server.name, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
  }
  return tools;
}

/** How long the host waits for one answer, a server's or the model's, when the options name no other time. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** The model's next turn, or undefined when it has not answered within `ms`; the turn's signal is aborted then. */
async function nextTurn(model: Model, request: ModelRequest, ms: number): Promise<ModelTurn | undefined> {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      abort.abort(new Error(`the model did not answer within ${ms} ms`));
      resolve(undefined);
    }, ms);
  });
  try {
    return await Promise.race([model.next({ ...request, signal: abort.signal }), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** True for the SDK's error when a request ran out of time (and was cancelled): the server did not answer, which is not a protocol error. */
function timedOut(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** Runs the model with the servers' tools until it answers, or a bound or a host error ends the run. */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const now = options.now ?? Date.now;
  const started = now();
  const wait = options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
  // 걸음 수와 주입한 시계로 끝을 정하고, 도구 결과는 isError여도 tool 역할로만 돌려주며, 프로토콜 오류는 호스트가 갖는다.
  // 서버와 모델을 기다리는 시간도 묶는다: 답하지 않는 요청은 취소하고, 서버의 침묵은 모델이 읽을 거절이 되며, 모델의 침묵은 실행을 끝낸다.
  for (let step = 0; step < options.maxSteps; step += 1) {
    if (now() - started >= options.timeLimitMs) return { kind: 'time-limit', messages };
    let tools: ModelTool[];
    try {
      tools = await modelTools(options.servers, options.approvals, { timeout: wait });
    } catch (error) {
      return { kind: 'host-error', error: String(error), messages };
    }
    const turn = await nextTurn(options.model, { messages, tools }, wait);
    if (turn === undefined) return { kind: 'time-limit', messages };
    if (turn.kind === 'answer') {
      messages.push({ role: 'assistant', content: turn.text });
      return { kind: 'answer', text: turn.text, messages };
    }
    messages.push({ role: 'assistant', call: turn.call });
    const server = options.servers.find((candidate) => candidate.name === turn.call.server);
    try {
      const result = server === undefined ? refusal(`호스트가 부르지 않음: 연결된 서버 가운데 ${turn.call.server}는 없다.`) : await callWithConsent(server, options.approvals, options.consent, turn.call.tool, turn.call.arguments, { timeout: wait });
      messages.push({ role: 'tool', callId: turn.call.id, result });
    } catch (error) {
      if (!timedOut(error)) return { kind: 'host-error', error: String(error), messages };
      messages.push({ role: 'tool', callId: turn.call.id, result: refusal(`호스트가 기다리지 않음: ${turn.call.server}/${turn.call.tool}이 ${wait} ms 안에 답하지 않아 호출을 취소했다.`) });
    }
  }
  return { kind: 'step-limit', messages };
}
