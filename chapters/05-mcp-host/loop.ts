import type { Approvals } from './approvals.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage } from './model.ts';

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

/** 모델이 답하거나 실행이 다른 까닭으로 끝날 때까지 서버의 도구로 모델을 돌린다. */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
  // TODO(05/3): 모델은 승인된 도구의 정의를 받고, 부른 도구의 결과를 받아 다음 걸음을 정한다. 그 결과가 모델에게 어떤 자리로 가는지, 프로토콜 오류는 누구의 것인지, 한 번의 실행이 언제 끝나는지를 정하라.
  const turn = await options.model.next({ messages, tools: [] });
  if (turn.kind === 'answer') return { kind: 'answer', text: turn.text, messages };
  return { kind: 'step-limit', messages };
}
