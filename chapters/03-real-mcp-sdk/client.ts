import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** The tools this team approved, decided apart from anything a server lists or says. */
export const CLIENT_ALLOWED: ReadonlySet<string> = new Set(['count_tasks', 'summarize_document']);

/** Thrown when the client refuses a call before anything is sent. */
export class ClientPolicyError extends Error {
  constructor(readonly tool: string) {
    super(`클라이언트 정책: ${tool} 호출 거부`);
    this.name = 'ClientPolicyError';
  }
}

/** Wraps an SDK Client so that only approved tools are ever called; the list is fixed when the object is made. */
export class AllowlistedClient {
  readonly #client: Client;
  readonly #allowed: ReadonlySet<string>;

  constructor(client: Client, allowed: Iterable<string> = CLIENT_ALLOWED) {
    this.#client = client;
    this.#allowed = new Set(allowed);
  }

  /** True when this client's own policy lets it call the named tool. */
  allows(name: string): boolean {
    return this.#allowed.has(name);
  }

  /** The server's tool list: data to show, never a source of permission. */
  async listTools(): Promise<Tool[]> {
    const listed = await this.#client.listTools();
    return listed.tools;
  }

  /** Calls an approved tool; an unapproved one is refused here, and no request leaves the client. */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    if (!this.allows(name)) throw new ClientPolicyError(name);
    return this.#client.callTool({ name, arguments: args });
  }

  /** Reads a resource; its text is data for the model, and nothing in it changes the allowlist. */
  async readText(uri: string): Promise<string> {
    const read = await this.#client.readResource({ uri });
    return read.contents.map((item) => ('text' in item ? item.text : '')).join('');
  }
}
