import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** A tool as the model sees it: which server, its name, its description, and its input schema as the server listed it. */
export interface ModelTool {
  server: string;
  name: string;
  description: string;
  inputSchema: Tool['inputSchema'];
}

/** A call the model asks the host to make. */
export interface ToolCall {
  id: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** One message of the conversation: the person's words, the model's own turns, and tool results in the tool role. */
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; call: ToolCall }
  | { role: 'tool'; callId: string; result: CallToolResult };

/** What the model gets on each step. */
export interface ModelRequest {
  messages: readonly ModelMessage[];
  tools: readonly ModelTool[];
  /** Aborted once the host stops waiting for this turn: a model that calls a service passes it on. */
  signal?: AbortSignal;
}

/** The model's next turn: call a tool, or answer and end. */
export type ModelTurn = { kind: 'call'; call: ToolCall } | { kind: 'answer'; text: string };

/** A model: anything that answers a request with its next turn. */
export interface Model {
  next(request: ModelRequest): Promise<ModelTurn>;
}

/** One scripted turn, written out or worked out from what the model was given. */
export type ScriptStep = ModelTurn | ((request: ModelRequest) => ModelTurn);

/** A scripted model and the requests it has been given, each copied as it was at that step. */
export interface ScriptedModel extends Model {
  seen: ModelRequest[];
}

/** A deterministic model that plays its script turn by turn and answers '(대본 끝)' once the script runs out. */
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
