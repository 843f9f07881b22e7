import { OAuthError, OAuthErrorCode, verifyBearerToken } from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { STATUS, bearerChallenge } from './answers.ts';
import type { HttpOptions } from './options.ts';
import { TOOL_NAMES, TOOL_SCOPES } from './scopes.ts';

/** 이 서버가 보호 자원 메타데이터(RFC 9728)를 내놓는 주소: 끝점의 경로 앞에 well-known 경로를 붙인 것. */
export function metadataUrl(resource: URL): URL {
  const path = resource.pathname === '/' ? '' : resource.pathname;
  return new URL(`/.well-known/oauth-protected-resource${path}`, resource.origin);
}

/** 보호 자원 메타데이터 문서: 이것이 어떤 자원인지, 어느 인가 서버가 토큰을 발급하는지, 어떤 범위를 아는지. */
export function protectedResourceMetadata(options: HttpOptions): Response {
  const body = {
    resource: options.resource.href,
    // 인가 서버의 발급자 식별자를 적는다.
    authorization_servers: [...options.authorizationServers],
    scopes_supported: Object.values(TOOL_SCOPES),
    bearer_methods_supported: ['header'],
  };
  return Response.json(body, { headers: { 'access-control-allow-origin': '*' } });
}

/**
 * 요청의 Bearer 토큰을 자원 서버로서 확인한다: 이 서버를 위해 발급된 유효한 토큰이면 그 정보를, 아니면 돌려보낼 401을 준다.
 */
export async function authorize(request: Request, options: HttpOptions): Promise<AuthInfo | Response> {
  // 토큰은 요청마다, Authorization 헤더에서만 받는다. 자격 증명이 아예 없으면 오류 코드 없이 어디서 토큰을 얻는지만 알린다.
  const header = request.headers.get('authorization');
  if (header === null || !/^Bearer\s/i.test(header)) return unauthorized(request, options, undefined);
  try {
    return await verifyBearerToken(header, { verifier: options.verifier, expectedResource: options.resource });
  } catch (error) {
    const description = error instanceof OAuthError ? error.message : 'token could not be verified';
    return unauthorized(request, options, description);
  }
}

/**
 * 401이 청하는 범위: 이 요청에 필요한 것만이다(최소 권한). 승인한 도구를 부르는 tools/call이면 그 도구의 범위, 그 밖의 요청
 * (server/discover, initialize, tools/list)이면 이 서버가 승인한 첫 도구의 범위다. 더 넓은 범위는 그 도구를 부를 때 403
 * insufficient_scope로 청하고, 클라이언트는 받은 범위에 그것을 더해 다시 인가를 받는다(단계 상향).
 */
async function neededScope(request: Request, options: HttpOptions): Promise<string> {
  const body = (await request.clone().json().catch(() => undefined)) as { method?: unknown; params?: { name?: unknown } } | undefined;
  const approved = TOOL_NAMES.filter((tool) => options.tools.has(tool));
  const called = body?.method === 'tools/call' ? approved.find((tool) => tool === body.params?.name) : undefined;
  return TOOL_SCOPES[called ?? approved[0] ?? TOOL_NAMES[0]!];
}

/** 401과 WWW-Authenticate: 메타데이터 주소와 이 요청에 필요한 범위, 그리고 토큰이 있었는데 거절된 때만 invalid_token과 그 까닭. */
async function unauthorized(request: Request, options: HttpOptions, rejected: string | undefined): Promise<Response> {
  return bearerChallenge(STATUS.unauthorized, {
    error: rejected === undefined ? undefined : OAuthErrorCode.InvalidToken,
    error_description: rejected,
    resource_metadata: metadataUrl(options.resource).href,
    scope: await neededScope(request, options),
  });
}
