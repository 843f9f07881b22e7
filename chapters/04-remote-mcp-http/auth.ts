import type { AuthInfo } from '@modelcontextprotocol/server';
import type { HttpOptions } from './options.ts';
import { TOOL_SCOPES } from './scopes.ts';

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
  // TODO(04/3): 지금은 누구든 통과한다. 이 서버를 위해 발급된 유효한 토큰이 없는 요청은 여기서 401로 끝나야 하고, 그 답은
  // 클라이언트가 토큰을 얻으러 갈 수 있게 명세가 정한 것을 담아야 한다. 통과시킨 요청에는 그 토큰의 정보를 돌려준다.
  return { token: '', clientId: 'anonymous', scopes: [] };
}
