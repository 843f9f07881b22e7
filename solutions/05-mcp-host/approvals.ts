import { isDeepStrictEqual } from 'node:util';
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
    const pinned = this.#pinned.get(server)?.get(tool.name);
    if (pinned === undefined) return false;
    // 사람이 읽고 승인한 것은 이름만이 아니라 보이는 정의 전체다: 제목, 주석, 설명, 스키마가 하나라도 바뀌면 다시 물어야 한다.
    return pinned.title === tool.title && isDeepStrictEqual(pinned.annotations, tool.annotations) && pinned.description === tool.description && isDeepStrictEqual(pinned.inputSchema, tool.inputSchema) && isDeepStrictEqual(pinned.outputSchema, tool.outputSchema);
  }

  /** The listed tools of a server the model may see: only those approved as they are listed now. */
  shown(server: string, listed: readonly Tool[]): Tool[] {
    return listed.filter((tool) => this.isApproved(server, tool));
  }
}
