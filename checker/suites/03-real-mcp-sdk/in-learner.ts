import { InMemoryTransport } from '@modelcontextprotocol/server';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer } from '../../../chapters/03-real-mcp-sdk/server.ts';
import type { ServerOptions } from '../../../chapters/03-real-mcp-sdk/server.ts';

/*
 * The one suite file that runs in the learner process, beside the learner's buildServer (see BESIDE_LEARNER in
 * checker/runner/bridge-plugin.ts): the SDK's own server loop, exactly as chapter 3's stdio.ts runs it, over an
 * in-memory wire. Only JSON-RPC messages cross the bridge; the suites' SDK client, in the grading process, judges them.
 * Nothing here decides a grade, and nothing it sends back is believed beyond its shape.
 */

/** The server end of one in-memory connection: the messages the suites' client sends, and a way to end it. */
export interface InMemoryServer {
  send(message: JSONRPCMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves buildServer(options) over an in-memory wire: each message the server sends goes to `deliver`, and a
 * buildServer that throws is told to `failed` (its error, to show) before the SDK answers the client.
 */
export async function serveInMemory(options: ServerOptions, deliver: (message: JSONRPCMessage) => void, failed: (error: unknown) => void): Promise<InMemoryServer> {
  const [near, far] = InMemoryTransport.createLinkedPair();
  near.onmessage = (message) => deliver(message);
  await near.start();
  const served = serveStdio(
    () => {
      try {
        return buildServer(options);
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    { transport: far },
  );
  return {
    send: (message) => near.send(message),
    close: async () => {
      await near.close().catch(() => undefined);
      await served.close().catch(() => undefined);
    },
  };
}
