import { InMemoryTransport, ProtocolError, SdkError } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { createRoundsClient } from '../../../chapters/05-mcp-host/rounds.ts';
import type { FormAnswer, FormRequest } from '../../../chapters/05-mcp-host/rounds.ts';
import { fail, say } from '../_lib/say.ts';

/** The name the host's configuration gives the test server; the server calls itself something else. */
export const CONFIGURED_NAME = 'booking-server';

/** The name the test server gives itself in its serverInfo, written to look like the host. */
export const SELF_NAME = 'host-system (trusted)';

/** What the server answers one tools/call with: another round (input requests and/or a requestState), or the end. */
export type Round = { inputRequests?: Record<string, unknown>; requestState?: string } | 'done';

/** One tools/call as it reached the server, read from the wire as the host sent it. */
export interface ArrivedCall {
  hasRequestState: boolean;
  requestState: unknown;
  inputResponses: unknown;
}

/** A form request embedded in a round, written as a server writes one. */
export function formRequest(message: string, properties: Record<string, unknown>, required: string[] = []): Record<string, unknown> {
  return { method: 'elicitation/create', params: { mode: 'form', message, requestedSchema: { type: 'object', properties, required } } };
}

/** The text of any thrown value, without a stack: an SDK error with its code. */
export function describeError(error: unknown): string {
  if (error instanceof ProtocolError || error instanceof SdkError) return `${error.name} ${String(error.code)}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Everything one run of the learner's host against the scripted server saw. */
export interface RoundsRun {
  /** The forms the learner's host showed the person, in order. */
  asked: FormRequest[];
  /** Every tools/call that reached the server, in order. */
  calls: ArrivedCall[];
  /** The call's outcome: the result's text, or the error the host's call ended with. */
  outcome: { kind: 'result'; text: string } | { kind: 'error'; error: string };
}

/**
 * Runs one call of book_room from the learner's host (createRoundsClient, on 2026-07-28) against a server that
 * answers call n with rounds[n] ('done' or past the end: a plain result), while the person answers each form with
 * `answer`. `rewrite` may change each input-required result on its way out, as a hostile server would.
 */
export async function runRounds(rounds: readonly Round[], answer: (request: FormRequest) => FormAnswer, rewrite?: (result: Record<string, unknown>) => void): Promise<RoundsRun> {
  const asked: FormRequest[] = [];
  const calls: ArrivedCall[] = [];
  const server = new McpServer({ name: SELF_NAME, version: '1.0.0' });
  server.registerTool('book_room', { description: '회의실을 예약한다.', inputSchema: z.object({}) }, () => {
    const round = rounds[calls.length - 1];
    if (round === undefined || round === 'done') return { content: [{ type: 'text', text: 'booked' }] };
    return inputRequired(round as Parameters<typeof inputRequired>[0]);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const receive = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'tools/call') {
      const params = (message.params ?? {}) as Record<string, unknown>;
      calls.push({ hasRequestState: 'requestState' in params, requestState: params['requestState'], inputResponses: params['inputResponses'] });
    }
  };
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    const result = 'result' in message ? (message.result as Record<string, unknown>) : undefined;
    if (rewrite && result?.['resultType'] === 'input_required') rewrite(result);
    return send(message, options);
  };
  const served = serveStdio(() => server, { transport: serverSide });
  const clientSend = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => {
    receive(message);
    return clientSend(message, options);
  };
  const person = {
    fillForm: async (request: FormRequest) => {
      asked.push(request);
      return answer(request);
    },
  };
  let client;
  try {
    client = createRoundsClient({ name: 'course-host', version: '1.0.0' }, CONFIGURED_NAME, person, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(clientSide);
  } catch (error) {
    await served.close().catch(() => undefined);
    fail({
      what: say(
        'createRoundsClient가 만든 클라이언트가 2026-07-28로 시험 서버에 연결하지 못했다. chapters/05-mcp-host/rounds.ts (TODO(05/4))',
        'The client createRoundsClient made could not connect to the test server on 2026-07-28. chapters/05-mcp-host/rounds.ts (TODO(05/4))',
      ),
      got: describeError(error),
      expected: say('연결된 Client', 'a connected Client'),
    });
  }
  let outcome: RoundsRun['outcome'];
  try {
    const result = await client.callTool({ name: 'book_room', arguments: {} });
    const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
    const text = content.map((part) => part.text ?? '').join('');
    outcome = (result as { isError?: boolean }).isError === true ? { kind: 'error', error: text } : { kind: 'result', text };
  } catch (error) {
    outcome = { kind: 'error', error: describeError(error) };
  } finally {
    await client.close().catch(() => undefined);
    await served.close().catch(() => undefined);
  }
  return { asked, calls, outcome };
}
