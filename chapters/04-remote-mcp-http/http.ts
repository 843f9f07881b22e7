import {
  OAuthError,
  OAuthErrorCode,
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
} from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { TOOL_SCOPES, buildServer, isToolName, toolsFor } from './server.ts';
import type { ServerOptions, Task } from './server.ts';
import { DEMO_ISSUER, DEMO_RESOURCE, demoTokens, tableVerifier } from './tokens.ts';

/** 이 끝점이 말하는 단 하나의 MCP 개정판. */
export const REVISION = '2026-07-28';

/** buildHandler에 필요한 것: 3장 서버의 옵션에 더해, 이 서버가 웹에서 누구이고 누구를 믿는지. */
export interface HttpOptions extends ServerOptions {
  /** 이 MCP 끝점의 정식 URI(RFC 8707): 모든 토큰이 발급될 때 대상으로 적혀 있어야 하는 주소. */
  resource: URL;
  /** 이 서버가 토큰을 받아 주는 인가 서버(발급자)들. 보호 자원 메타데이터에 적힌다. */
  authorizationServers: readonly URL[];
  /** 토큰이 무엇인지 인가 서버에 묻는다. 그 서버는 이 장에서 만들지 않는다. */
  verifier: OAuthTokenVerifier;
  /** 이 끝점을 불러도 되는 브라우저 출처. 스킴, 호스트, 포트까지 정확히 적는다. */
  allowedOrigins: ReadonlySet<string>;
}

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

/** 이 서버가 보호 자원 메타데이터(RFC 9728)를 내놓는 주소: 끝점의 경로 앞에 well-known 경로를 붙인 것. */
export function metadataUrl(resource: URL): URL {
  return new URL(getOAuthProtectedResourceMetadataUrl(resource));
}

/** 끝점을 만든다: HTTP 요청 하나하나에 따로 답하는 웹 표준 fetch 처리기 하나. */
export function buildHandler(options: HttpOptions): (request: Request) => Promise<Response> {
  const mcp = createMcpHandler(({ authInfo }) => buildServer(options, authInfo?.scopes ?? []), {
    // TODO(04/1): 이 끝점은 2026-07-28만 말한다. 다른 개정판을 말하거나 개정판을 말하지 않는 요청은, 몇 번째 요청이든 -32022로 거절되어야 한다.
  });
  const metadata = metadataUrl(options.resource);
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === metadata.pathname) return protectedResourceMetadata(options);
    if (path !== options.resource.pathname) return jsonRpcError(404, -32601, `MCP 끝점이 아니다: ${path}`);
    // TODO(04/2): 브라우저가 보낸 Origin이 이 서버가 허용한 출처가 아니면 이 요청은 여기서 끝나야 한다(403). Origin이 없는 요청은 브라우저가 아닌 클라이언트다.

    // TODO(04/3): 이 서버를 위해 발급된 유효한 토큰이 없는 요청은 여기서 401로 끝나야 하고, 그 답은 클라이언트에게 메타데이터가 어디 있는지 알려야 한다.
    const authInfo: AuthInfo | undefined = undefined;
    return scopeChallenge(options, request, authInfo) ?? mcp.fetch(request, { authInfo });
  };
}

/** 보호 자원 메타데이터 문서: 이것이 어떤 자원인지, 어느 인가 서버가 토큰을 발급하는지, 어떤 범위를 아는지. */
function protectedResourceMetadata(options: HttpOptions): Response {
  const body = {
    resource: options.resource.href,
    authorization_servers: options.authorizationServers.map((issuer) => issuer.href),
    scopes_supported: Object.values(TOOL_SCOPES),
    bearer_methods_supported: ['header'],
  };
  return Response.json(body, { headers: { 'access-control-allow-origin': '*' } });
}

/**
 * 서버는 승인했지만 이 호출자의 토큰 범위 밖인 도구를 부르는 tools/call에, 청할 범위를 알려 주는 403 insufficient_scope
 * 응답(단계 올리기)을 돌려준다. 다른 요청에는 undefined다. Mcp-Name 헤더를 읽으며, 그 헤더가 본문과 같은지는
 * 뒤이어 MCP 처리기가 확인한다.
 */
function scopeChallenge(options: HttpOptions, request: Request, authInfo: AuthInfo | undefined): Response | undefined {
  if (authInfo === undefined || request.headers.get('mcp-method') !== 'tools/call') return undefined;
  const name = request.headers.get('mcp-name');
  if (!isToolName(name) || !options.tools.has(name) || toolsFor(options, authInfo.scopes).includes(name)) return undefined;
  const scope = TOOL_SCOPES[name];
  return bearerAuthChallengeResponse(new OAuthError(OAuthErrorCode.InsufficientScope, `${name} needs the ${scope} scope`), {
    requiredScopes: [scope],
    resourceMetadataUrl: metadataUrl(options.resource).href,
  });
}

/** 본문이 id 없는 JSON-RPC 오류 응답인 HTTP 오류. */
function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message } }, { status });
}

/** 허용 목록에 없는 브라우저 출처에서 온 요청에 대한 답: 403과, id 없는 JSON-RPC 오류 본문. */
function originRefused(origin: string): Response {
  return jsonRpcError(403, -32600, `허용하지 않는 출처다: ${origin}`);
}
