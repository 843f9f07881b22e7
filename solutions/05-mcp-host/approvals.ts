import { isDeepStrictEqual } from 'node:util';
import type { Tool } from '@modelcontextprotocol/client';

/** 사람이 준 도구 승인의 기록. 승인은 approve로만 생긴다. */
export class Approvals {
  readonly #pinned = new Map<string, Map<string, Tool>>();

  /** 사람이 그 서버의 이 도구를 읽고 승인했다고 적어 둔다. */
  approve(server: string, tool: Tool): void {
    const tools = this.#pinned.get(server) ?? new Map<string, Tool>();
    tools.set(tool.name, structuredClone(tool));
    this.#pinned.set(server, tools);
  }

  /** 서버가 지금 나열한 이 도구를 사람이 그 서버에서 승인했는지 답한다. */
  isApproved(server: string, tool: Tool): boolean {
    const pinned = this.#pinned.get(server)?.get(tool.name);
    if (pinned === undefined) return false;
    // 사람이 읽고 승인한 것은 이름만이 아니라 보이는 정의 전체다: 제목, 주석, 설명, 스키마가 하나라도 바뀌면 다시 물어야 한다.
    return pinned.title === tool.title && isDeepStrictEqual(pinned.annotations, tool.annotations) && pinned.description === tool.description && isDeepStrictEqual(pinned.inputSchema, tool.inputSchema) && isDeepStrictEqual(pinned.outputSchema, tool.outputSchema);
  }

  /** 서버가 나열한 도구 가운데 모델이 볼 수 있는 것: isApproved가 승인됐다고 답한 것. */
  shown(server: string, listed: readonly Tool[]): Tool[] {
    return listed.filter((tool) => this.isApproved(server, tool));
  }
}
