import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Local stand-ins for two model APIs, speaking their wire formats on 127.0.0.1: Anthropic's Messages API
 * (POST /v1/messages) and OpenAI's Chat Completions (POST /v1/chat/completions). Each answers its first request with
 * one tool call, chosen from the tools it was offered, and every later one with a text answer; each keeps the request
 * bodies it was sent, so a test can see where the host put the tool schemas and the tool result.
 */

/** A running fake: its base URL (for the SDK's own environment variable), the bodies it received, and how to stop it. */
export interface FakeModelApi {
  baseUrl: string;
  received: Record<string, unknown>[];
  close(): Promise<void>;
}

/** Which tool the fake calls, by the suffix of its API name, and with which arguments. */
export interface FakeCall {
  toolSuffix: string;
  input: Record<string, unknown>;
}

/** The tool names offered in a request body, whichever API's shape it has. */
function offered(body: Record<string, unknown>): string[] {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as Record<string, unknown>[]) : [];
  return tools.map((tool) => String(tool['name'] ?? (tool['function'] as Record<string, unknown> | undefined)?.['name'] ?? ''));
}

/** Starts a fake of API ('anthropic' or 'openai') that calls CALL first and then answers FINAL. */
export async function startFakeModelApi(api: 'anthropic' | 'openai', call: FakeCall, final: string): Promise<FakeModelApi> {
  const received: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      received.push(body);
      const tool = received.length === 1 ? offered(body).find((name) => name.endsWith(call.toolSuffix)) : undefined;
      const answer = api === 'anthropic' ? anthropicAnswer(body, tool, call, final) : openaiAnswer(body, tool, call, final);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: api === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Messages API response: a tool_use block when TOOL is set, else one text block. */
function anthropicAnswer(body: Record<string, unknown>, tool: string | undefined, call: FakeCall, final: string): Record<string, unknown> {
  const content = tool === undefined ? [{ type: 'text', text: final }] : [{ type: 'tool_use', id: 'toolu_fake_1', name: tool, input: call.input }];
  return { id: 'msg_fake', type: 'message', role: 'assistant', model: body['model'], content, stop_reason: tool === undefined ? 'end_turn' : 'tool_use', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
}

/** A Chat Completions response: one tool call when TOOL is set, else a text message. */
function openaiAnswer(body: Record<string, unknown>, tool: string | undefined, call: FakeCall, final: string): Record<string, unknown> {
  const message =
    tool === undefined
      ? { role: 'assistant', content: final }
      : { role: 'assistant', content: null, tool_calls: [{ id: 'call_fake_1', type: 'function', function: { name: tool, arguments: JSON.stringify(call.input) } }] };
  return { id: 'chatcmpl-fake', object: 'chat.completion', created: 0, model: body['model'], choices: [{ index: 0, message, finish_reason: tool === undefined ? 'stop' : 'tool_calls' }] };
}
