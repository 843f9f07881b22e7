import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/*
 * Real models behind chapter 5's `Model` interface (its model.ts: one `next(request)` per step). Each adapter goes
 * through its vendor's own SDK, which reads its key and base URL from its own environment variables
 * (ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; OPENAI_API_KEY and OPENAI_BASE_URL, which also points at any
 * OpenAI-compatible local server such as Ollama, LM Studio or vLLM). Tool schemas go to the API unchanged, and tool
 * results go in the API's tool-result place, never among the person's words.
 */

/** A tool as the model sees it (chapter 5's ModelTool). */
export interface ModelTool {
  server: string;
  name: string;
  description: string;
  inputSchema: Tool['inputSchema'];
}

/** A call the model asks the host to make (chapter 5's ToolCall). */
export interface ToolCall {
  id: string;
  server: string;
  tool: string;
  arguments: Record<string, unknown>;
}

/** One message of the conversation (chapter 5's ModelMessage). */
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string }
  | { role: 'assistant'; call: ToolCall }
  | { role: 'tool'; callId: string; result: CallToolResult };

/** What the model gets on each step, and its next turn (chapter 5's ModelRequest and ModelTurn). */
export interface ModelRequest {
  messages: readonly ModelMessage[];
  tools: readonly ModelTool[];
  /** Aborted once the host stops waiting for this turn; passed on to the model's API call. */
  signal?: AbortSignal;
}
export type ModelTurn = { kind: 'call'; call: ToolCall } | { kind: 'answer'; text: string };

/** A model, as chapter 5's loop drives it. */
export interface Model {
  next(request: ModelRequest): Promise<ModelTurn>;
}

/** How long one model call may take before it is aborted, and how often a failed one is tried again. */
export const MODEL_TIMEOUT_MS = 120_000;
const MODEL_RETRIES = 1;

/** API tool names allow letters, digits, `_` and `-`, 64 at most: each server's tool gets one, kept reversible in a table. */
export class ToolNames {
  readonly #byApiName = new Map<string, { server: string; tool: string }>();

  /** The API name of a server's tool: `server__tool`, cleaned and cut, with a number added when two would collide. */
  nameOf(server: string, tool: string): string {
    for (const [apiName, found] of this.#byApiName) if (found.server === server && found.tool === tool) return apiName;
    const base = `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
    let apiName = base;
    for (let n = 2; this.#byApiName.has(apiName); n += 1) apiName = `${base.slice(0, 58)}_${n}`;
    this.#byApiName.set(apiName, { server, tool });
    return apiName;
  }

  /** The server and tool an API name stands for, or undefined for a name this host never gave. */
  lookUp(apiName: string): { server: string; tool: string } | undefined {
    return this.#byApiName.get(apiName);
  }
}

/** A tool result as text for an API's tool-result place: its text blocks, and every other block as JSON. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((block) => (block.type === 'text' ? block.text : JSON.stringify(block)));
  if (result.structuredContent !== undefined && parts.length === 0) parts.push(JSON.stringify(result.structuredContent));
  return parts.join('\n');
}

/** The call the model asked for, or an answer when it named a tool this host never offered (the loop reports it as the model's words). */
function callOrAnswer(names: ToolNames, id: string, apiName: string, args: unknown): ModelTurn {
  const found = names.lookUp(apiName);
  if (found === undefined) return { kind: 'answer', text: `(the model asked for ${apiName}, a tool this host did not offer)` };
  const argumentsObject = typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  return { kind: 'call', call: { id, server: found.server, tool: found.tool, arguments: argumentsObject } };
}

/** Anthropic's Messages API through @anthropic-ai/sdk, with the model named MODEL. */
export function anthropicModel(model: string, client: Anthropic = new Anthropic({ timeout: MODEL_TIMEOUT_MS, maxRetries: MODEL_RETRIES })): Model {
  const names = new ToolNames();
  return {
    async next(request) {
      const messages: Anthropic.MessageParam[] = [];
      const add = (role: 'user' | 'assistant', block: Anthropic.ContentBlockParam) => {
        const last = messages.at(-1);
        // The API takes turns that alternate; blocks of one side in a row go into one message.
        if (last?.role === role && Array.isArray(last.content)) last.content.push(block);
        else messages.push({ role, content: [block] });
      };
      for (const message of request.messages) {
        if (message.role === 'user') add('user', { type: 'text', text: message.content });
        else if (message.role === 'tool') add('user', { type: 'tool_result', tool_use_id: message.callId, content: resultText(message.result), is_error: message.result.isError === true });
        else if ('call' in message) add('assistant', { type: 'tool_use', id: message.call.id, name: names.nameOf(message.call.server, message.call.tool), input: message.call.arguments });
        else add('assistant', { type: 'text', text: message.content });
      }
      const tools = request.tools.map((tool) => ({ name: names.nameOf(tool.server, tool.name), description: tool.description, input_schema: tool.inputSchema as Anthropic.Tool.InputSchema }));
      const response = await client.messages.create({ model, max_tokens: 1024, messages, ...(tools.length === 0 ? {} : { tools }) }, request.signal === undefined ? {} : { signal: request.signal });
      const use = response.content.find((block) => block.type === 'tool_use');
      if (use !== undefined) return callOrAnswer(names, use.id, use.name, use.input);
      return { kind: 'answer', text: response.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('') };
    },
  };
}

/** OpenAI's Chat Completions API (and any compatible server) through the openai package, with the model named MODEL. */
export function openaiModel(model: string, client: OpenAI = new OpenAI({ timeout: MODEL_TIMEOUT_MS, maxRetries: MODEL_RETRIES })): Model {
  const names = new ToolNames();
  return {
    async next(request) {
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = request.messages.map((message) => {
        if (message.role === 'user') return { role: 'user', content: message.content };
        if (message.role === 'tool') return { role: 'tool', tool_call_id: message.callId, content: resultText(message.result) };
        if ('call' in message) {
          const name = names.nameOf(message.call.server, message.call.tool);
          return { role: 'assistant', content: null, tool_calls: [{ id: message.call.id, type: 'function', function: { name, arguments: JSON.stringify(message.call.arguments) } }] };
        }
        return { role: 'assistant', content: message.content };
      });
      const tools: OpenAI.Chat.ChatCompletionTool[] = request.tools.map((tool) => ({
        type: 'function',
        function: { name: names.nameOf(tool.server, tool.name), description: tool.description, parameters: tool.inputSchema as Record<string, unknown> },
      }));
      const response = await client.chat.completions.create({ model, messages, ...(tools.length === 0 ? {} : { tools }) }, request.signal === undefined ? {} : { signal: request.signal });
      const message = response.choices[0]?.message;
      const call = message?.tool_calls?.find((candidate) => candidate.type === 'function');
      if (call !== undefined && call.type === 'function') {
        let args: unknown = {};
        try {
          args = JSON.parse(call.function.arguments || '{}');
        } catch {
          args = {};
        }
        return callOrAnswer(names, call.id, call.function.name, args);
      }
      return { kind: 'answer', text: message?.content ?? '' };
    },
  };
}

/** The offline model: it names the tools it was shown and answers, calling none. */
export function offlineModel(): Model {
  return {
    next: (request) =>
      Promise.resolve({
        kind: 'answer',
        text: request.tools.length === 0 ? '(scripted model: no tools are approved)' : `(scripted model: approved tools ${request.tools.map((tool) => `${tool.server}/${tool.name}`).join(', ')})`,
      }),
  };
}
