import {
  OAuthError,
  OAuthErrorCode,
  bearerAuthChallengeResponse,
  createMcpHandler,
  getOAuthProtectedResourceMetadataUrl,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { TOOL_SCOPES, buildServer, isToolName, toolsFor } from './server.ts';
import type { ServerOptions, Task } from './server.ts';
import { DEMO_ISSUER, DEMO_RESOURCE, demoTokens, tableVerifier } from './tokens.ts';

/** The one MCP revision this endpoint speaks. */
export const REVISION = '2026-07-28';

/** What buildHandler needs: the chapter 3 server's options, plus who this server is on the web and whom it trusts. */
export interface HttpOptions extends ServerOptions {
  /** This MCP endpoint's canonical URI (RFC 8707): the audience every token must have been issued for. */
  resource: URL;
  /** The authorization servers (issuers) whose tokens this server accepts, named in its protected-resource metadata. */
  authorizationServers: readonly URL[];
  /** Asks the authorization server what a token is; this chapter does not build that server. */
  verifier: OAuthTokenVerifier;
  /** The browser origins allowed to call this endpoint, written out exactly: scheme, host and port. */
  allowedOrigins: ReadonlySet<string>;
}

/** Chapter 2's task data. */
const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** The demo settings: all three tools approved by the server, one document, local origins only, the demo tokens. */
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

/** Where this server publishes its protected-resource metadata (RFC 9728): the well-known path in front of the endpoint's path. */
export function metadataUrl(resource: URL): URL {
  return new URL(getOAuthProtectedResourceMetadataUrl(resource));
}

/** Builds the endpoint: one web-standard fetch handler that answers each HTTP request on its own. */
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

/** The protected-resource metadata document: which resource this is, which authorization servers issue its tokens, which scopes it knows. */
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
 * A 403 insufficient_scope challenge for a tools/call of a tool the server approves but this caller's token does not
 * cover, naming the scope to ask for (step-up); undefined for anything else. It reads the Mcp-Name header, which the
 * MCP handler then checks against the body.
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

/** An HTTP error whose body is a JSON-RPC error response without an id. */
function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message } }, { status });
}

/** The answer to a request from a browser origin the allowlist does not hold: 403, with a JSON-RPC error body and no id. */
function originRefused(origin: string): Response {
  return jsonRpcError(403, -32600, `허용하지 않는 출처다: ${origin}`);
}
