import type { Approvals } from './approvals.ts';
import type { Consent } from './consent.ts';
import type { ConnectedServer } from './host.ts';
import type { Model, ModelMessage } from './model.ts';

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

/** Runs the model with the servers' tools until it answers, or a bound or a host error ends the run. */
export async function runLoop(options: LoopOptions): Promise<LoopEnd> {
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
  // TODO(05/3): 모델은 승인된 도구의 정의를 받고, 부른 도구의 결과를 받아 다음 걸음을 정한다. 그 결과가 모델에게 어떤 자리로 가는지, 프로토콜 오류는 누구의 것인지, 한 번의 실행이 언제 끝나는지를 정하라.
  const turn = await options.model.next({ messages, tools: [] });
  if (turn.kind === 'answer') return { kind: 'answer', text: turn.text, messages };
  return { kind: 'step-limit', messages };
}
