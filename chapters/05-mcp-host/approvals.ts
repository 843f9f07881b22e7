import type { Tool } from '@modelcontextprotocol/client';

/** The approvals a person gave: for each server, under the host's name for it, the tool definitions they read and approved. */
export class Approvals {
  readonly #pinned = new Map<string, Map<string, Tool>>();

  /** Records that the person read this definition of the tool on that server and approved it. */
  approve(server: string, tool: Tool): void {
    const tools = this.#pinned.get(server) ?? new Map<string, Tool>();
    tools.set(tool.name, structuredClone(tool));
    this.#pinned.set(server, tools);
  }

  /** True when the tool, as the server lists it now, is the very definition the person approved on that server. */
  isApproved(server: string, tool: Tool): boolean {
    // TODO(05/1): 사람이 승인한 것은 그때 읽은 도구의 정의다. 지금 나열된 도구가 그 정의와 다르면, 다시 승인받기 전까지 승인되지 않은 도구로 다루게 하라.
    return this.#pinned.get(server)?.has(tool.name) ?? false;
  }

  /** The listed tools of a server the model may see: only those approved as they are listed now. */
  shown(server: string, listed: readonly Tool[]): Tool[] {
    return listed.filter((tool) => this.isApproved(server, tool));
  }
}
