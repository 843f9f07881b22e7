import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { RequestOptions } from '@modelcontextprotocol/client';
import type { Approvals } from './approvals.ts';
import { callWithConsent, refusal } from './consent.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage, ModelRequest, ModelTool, ModelTurn } from './model.ts';

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
  /** 호스트가 답 하나(서버의 답이나 모델의 답)를 기다리는 시간(ms). 지나면 그 요청을 멈춘다. 주지 않으면 30 000. */
  answerTimeoutMs?: number;
}

/** 실행이 끝난 모양과 그때까지의 대화. */
export type LoopEnd =
  | { kind: 'answer'; text: string; messages: ModelMessage[] }
  | { kind: 'step-limit'; messages: ModelMessage[] }
  | { kind: 'time-limit'; messages: ModelMessage[] }
  | { kind: 'host-error'; error: string; messages: ModelMessage[] };

/** 지금 모델이 쓸 수 있는 도구: 서버마다 나열한 도구 가운데 사람이 승인한 것, 스키마는 나열된 그대로. */
export async function modelTools(servers: readonly ConnectedServer[], approvals: Approvals, request: RequestOptions = {}): Promise<ModelTool[]> {
  const tools: ModelTool[] = [];
  for (const server of servers) {
    const listed = (await server.client.listTools(undefined, request)).tools;
    for (const tool of approvals.shown(server.name, listed)) tools.push({ server: server.name, name: tool.name, description: tool.description ?? '', inputSchema: tool.inputSchema });
  }
  return tools;
}

/** 옵션이 다른 시간을 주지 않을 때 호스트가 답 하나(서버의 답이나 모델의 답)를 기다리는 시간. */
export const ANSWER_TIMEOUT_MS = 30_000;

/** 모델의 다음 차례. `ms` 안에 답하지 않으면 undefined이고, 그때 그 차례의 신호를 멈춘다. */
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

/** 요청이 시간을 다 써서(취소되어) 생긴 SDK 오류면 참: 서버가 답하지 않은 것이지 프로토콜 오류가 아니다. */
function timedOut(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

/** 모델이 답하거나 실행이 다른 까닭으로 끝날 때까지 서버의 도구로 모델을 돌린다. */
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
      const result = server === undefined ? refusal(`호스트가 부르지 않음: 연결된 서버 가운데 없는 서버 ${turn.call.server}.`) : await callWithConsent(server, options.approvals, options.consent, turn.call.tool, turn.call.arguments, { timeout: wait });
      messages.push({ role: 'tool', callId: turn.call.id, result });
    } catch (error) {
      if (!timedOut(error)) return { kind: 'host-error', error: String(error), messages };
      messages.push({ role: 'tool', callId: turn.call.id, result: refusal(`호스트가 기다리지 않음: ${turn.call.server}/${turn.call.tool}: ${wait} ms 안에 답하지 않아 호출을 취소했다.`) });
    }
  }
  return { kind: 'step-limit', messages };
}
