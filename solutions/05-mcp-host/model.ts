import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** 모델이 보는 도구: 서버, 이름, 설명, 입력 스키마. */
export interface ModelTool {
  server: string;
  name: string;
  description: string;
  inputSchema: Tool['inputSchema'];
}

/** 모델이 호스트에게 부탁하는 호출. */
export interface ToolCall {
  id: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** 대화의 메시지 하나. 자리(role)마다 모양이 다르다. */
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; call: ToolCall }
  | { role: 'tool'; callId: string; result: CallToolResult };

/** 걸음마다 모델이 받는 것. */
export interface ModelRequest {
  messages: readonly ModelMessage[];
  tools: readonly ModelTool[];
  /** 호스트가 이 차례를 더 기다리지 않으면 멈춘다. 서비스를 부르는 모델은 이것을 넘겨준다. */
  signal?: AbortSignal;
}

/** 모델의 다음 차례: 도구를 부르거나, 답하고 끝낸다. */
export type ModelTurn = { kind: 'call'; call: ToolCall } | { kind: 'answer'; text: string };

/** 모델: 요청에 다음 차례로 답하는 것이면 무엇이든. */
export interface Model {
  next(request: ModelRequest): Promise<ModelTurn>;
}

/** 대본의 한 차례: 적어 둔 것이거나, 모델이 받은 것에서 만들어 내는 것. */
export type ScriptStep = ModelTurn | ((request: ModelRequest) => ModelTurn);

/** 대본 모델과, 그것이 받은 요청(걸음마다 그때 모습 그대로 복사한 것). */
export interface ScriptedModel extends Model {
  seen: ModelRequest[];
}

/** 대본을 차례로 연기하고, 대본이 끝나면 '(대본 끝)'으로 답하는 결정적인 모델. */
export function scriptedModel(script: readonly ScriptStep[]): ScriptedModel {
  const seen: ModelRequest[] = [];
  return {
    seen,
    next(request) {
      seen.push(structuredClone({ messages: [...request.messages], tools: [...request.tools] }));
      const step = script[seen.length - 1];
      if (step === undefined) return Promise.resolve({ kind: 'answer', text: '(대본 끝)' });
      return Promise.resolve(typeof step === 'function' ? step(request) : step);
    },
  };
}
