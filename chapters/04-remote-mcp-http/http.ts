import { OAuthErrorCode, createMcpHandler, legacyStatelessFallback } from '@modelcontextprotocol/server';
import type { AuthInfo, McpServerFactory } from '@modelcontextprotocol/server';
import { STATUS, bearerChallenge, jsonRpcError } from './answers.ts';
import { authorize, metadataUrl, protectedResourceMetadata } from './auth.ts';
import type { HttpOptions, Task } from './options.ts';
import { TOOL_SCOPES, decideTool } from './scopes.ts';
import { buildServer } from './server.ts';
import { DEMO_ISSUER, DEMO_RESOURCE, demoTokens, tableVerifier } from './tokens.ts';

/** 이 끝점이 봉투(_meta)로 말하는 현재 개정판. */
export const REVISION = '2026-07-28';

/** buildHandler가 받는 설정. 모양은 options.ts에 있고, 끝점을 쓰는 쪽은 buildHandler와 함께 여기서 가져간다. */
export type { HttpOptions };

/** 2장의 작업 자료. */
const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** 시연용 설정: 서버가 세 도구를 모두 승인하고, 문서 하나, 로컬 출처만, 시연용 토큰. */
export function defaultOptions(): HttpOptions {
  return {
    tools: new Set(['count_tasks', 'summarize_document', 'read_note']),
    tasks: TASKS,
    documents: new Map([['report.txt', '작업 보고서\n첫 줄은 제목이다.\n나머지는 본문이다.\n']]),
    note: '회의 메모: 다음 분기 예산 초안',
    resource: DEMO_RESOURCE,
    authorizationServers: [DEMO_ISSUER],
    verifier: tableVerifier(demoTokens()),
    allowedOrigins: new Set(['http://127.0.0.1:3000', 'http://localhost:3000']),
  };
}

export { metadataUrl };

/** MCP 요청 하나를 받아 답하는 두 갈래: 2026-07-28 봉투 요청과 2025년 시대 요청. */
interface Legs {
  modern: (request: Request, extra: { authInfo: AuthInfo }) => Promise<Response>;
  legacy: (request: Request, extra: { authInfo: AuthInfo }) => Promise<Response>;
}

/** 끝점을 만든다: HTTP 요청 하나하나에 따로 답하는 웹 표준 fetch 처리기 하나. 세션은 없다. */
export function buildHandler(options: HttpOptions): (request: Request) => Promise<Response> {
  const factory: McpServerFactory = ({ authInfo }) => buildServer(options, authInfo?.scopes ?? []);
  const modern = createMcpHandler(factory, { legacy: 'reject' });
  const legs: Legs = { modern: (request, extra) => modern.fetch(request, extra), legacy: legacyStatelessFallback(factory) };
  const metadata = metadataUrl(options.resource);
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === metadata.pathname && request.method === 'GET') return protectedResourceMetadata(options);
    const refused = frontDoor(request, options);
    if (refused !== undefined) return refused;
    const authInfo = await authorize(request, options);
    if (authInfo instanceof Response) return authInfo;
    return (await scopeChallenge(options, request, authInfo)) ?? route(request, authInfo, legs);
  };
}

/** 끝점에 닿기 전의 판단: 경로, 브라우저 출처, HTTP 메서드. 통과하면 undefined. */
function frontDoor(request: Request, options: HttpOptions): Response | undefined {
  // TODO(04/2): 끝점이 아닌 주소, 허용하지 않은 브라우저 출처, 이 끝점이 받지 않는 HTTP 메서드는 여기서 명세가 정한 답으로 끝나야 한다.
  // 무엇을 묻는 요청이든 같다. 통과시킬 요청에는 undefined를 돌려준다.
  return undefined;
}

/** 요청을 두 시대의 처리기 가운데 하나로 보낸다. */
async function route(request: Request, authInfo: AuthInfo, legs: Legs): Promise<Response> {
  // TODO(04/1): 지금은 모든 요청이 2026-07-28 갈래로 간다. 지금의 호스트가 보내는 2025년 시대 요청도 이 끝점에서 답을 받아야 하고,
  // 어느 요청을 어느 처리기로 보내고 어느 요청을 거절할지가 이 연습의 질문이다.
  return legs.modern(request, { authInfo });
}

/**
 * 서버는 승인했지만 이 호출자의 토큰 범위 밖인 도구를 부르는 tools/call에, 청할 범위를 알려 주는 403 insufficient_scope
 * 응답을 돌려준다. 다른 요청에는 undefined다. 도구 이름은 두 시대 모두 본문에서 읽는다(2025년 요청에는 Mcp-Name이 없다).
 */
async function scopeChallenge(options: HttpOptions, request: Request, authInfo: AuthInfo): Promise<Response | undefined> {
  const body = (await request.clone().json().catch(() => undefined)) as { method?: unknown; params?: { name?: unknown } } | undefined;
  if (body?.method !== 'tools/call' || typeof body.params?.name !== 'string') return undefined;
  const name = body.params.name;
  if (decideTool(options, authInfo.scopes, name) !== 'needs-scope') return undefined;
  const scope = TOOL_SCOPES[name as keyof typeof TOOL_SCOPES];
  return bearerChallenge(STATUS.forbidden, {
    error: OAuthErrorCode.InsufficientScope,
    scope,
    resource_metadata: metadataUrl(options.resource).href,
    error_description: `${name} needs the ${scope} scope`,
  });
}
