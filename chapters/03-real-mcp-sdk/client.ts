import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult, Tool } from '@modelcontextprotocol/client';

/** 팀이 승인한 도구. 서버가 나열하거나 말하는 것과 상관없이 정한다. */
export const CLIENT_ALLOWED: ReadonlySet<string> = new Set(['count_tasks', 'summarize_document']);

/** 클라이언트가 아무것도 보내기 전에 호출을 거절할 때 던진다. */
export class ClientPolicyError extends Error {
  constructor(readonly tool: string) {
    super(`클라이언트 정책: ${tool} 호출 거부`);
    this.name = 'ClientPolicyError';
  }
}

/** SDK Client를 감싸 승인한 도구만 부르게 한다. 목록은 객체를 만들 때 정해진다. */
export class AllowlistedClient {
  readonly #client: Client;
  readonly #allowed: ReadonlySet<string>;

  constructor(client: Client, allowed: Iterable<string> = CLIENT_ALLOWED) {
    this.#client = client;
    this.#allowed = new Set(allowed);
  }

  /** 이 클라이언트의 정책이 그 도구 호출을 허락하면 true. */
  allows(name: string): boolean {
    return this.#allowed.has(name);
  }

  /** 서버의 도구 목록. 보여 줄 자료일 뿐 권한의 근거가 아니다. */
  async listTools(): Promise<Tool[]> {
    const listed = await this.#client.listTools();
    return listed.tools;
  }

  /** 승인한 도구를 부른다. 승인하지 않은 도구는 여기서 거절된다. */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    // TODO(03/5): 이 클라이언트가 부를 수 있는 도구는 만들 때 받은 목록뿐이다. 서버가 무엇을 나열하고 무엇이라 말하든, 목록 밖의 도구는 이 클라이언트가 거절하게 하라.
    return this.#client.callTool({ name, arguments: args });
  }

  /** 자원을 읽는다. 그 글은 모델이 읽을 자료이고, 그 안의 무엇도 허용 목록을 바꾸지 않는다. */
  async readText(uri: string): Promise<string> {
    const read = await this.#client.readResource({ uri });
    return read.contents.map((item) => ('text' in item ? item.text : '')).join('');
  }
}
