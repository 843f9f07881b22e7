import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';

/** count_tasks가 셀 수 있는 상태. */
export type TaskStatus = 'open' | 'done';

/** 작업 자료 한 줄. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** buildServer에 필요한 것. 테스트는 자기 목록, 작업, 문서를 넘긴다. */
export interface ServerOptions {
  /** 서버 자신의 도구 허용 목록. */
  tools: ReadonlySet<string>;
  tasks: readonly Task[];
  /** summarize_document가 읽어도 되는 문서들을 이름으로: 허용 목록과 본문이 함께 있다. */
  documents: ReadonlyMap<string, string>;
  /** read_note가 내주는 글. */
  note: string;
}

/** buildHandler에 필요한 것: 3장 서버의 옵션에 더해, 이 서버가 웹에서 누구이고 누구를 믿는지. */
export interface HttpOptions extends ServerOptions {
  /** 이 MCP 끝점의 정식 URI(RFC 8707): 모든 토큰이 발급될 때 대상으로 적혀 있어야 하는 주소. */
  resource: URL;
  /** 이 서버가 토큰을 받아 주는 인가 서버의 발급자 식별자들, 인가 서버가 밝힌 글자 그대로. 보호 자원 메타데이터에 적힌다. */
  authorizationServers: readonly string[];
  /** 토큰이 무엇인지 인가 서버에 묻는다. 그 서버는 이 장에서 만들지 않는다. */
  verifier: OAuthTokenVerifier;
  /** 이 끝점을 불러도 되는 브라우저 출처의 목록. */
  allowedOrigins: ReadonlySet<string>;
}
