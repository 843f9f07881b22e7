import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

/*
 * 진짜 인가 서버가 발급한 JWT 접근 토큰(RFC 9068)을 확인하는 검증기. 표(tokens.ts의 tableVerifier)를 보던 자리에
 * 그대로 들어간다: 04/3과 04/4의 규칙은 그대로이고, "이 토큰은 무엇인가"에 답하는 쪽만 진짜가 된다.
 * 서명은 발급자가 밝힌 JWKS의 공개 키로, 발급자(iss), 대상(aud, 이 서버의 정식 URI), 만료(exp)는 jose가 확인한다.
 */

/** 발급자의 메타데이터에서 이 검증기가 쓰는 것. */
interface IssuerMetadata {
  issuer: string;
  jwks_uri: string;
}

/** 발급자 식별자에서 메타데이터 주소 둘을 만든다: RFC 8414 §3.1의 자리, 그리고 OpenID Connect Discovery의 자리. */
function metadataAddresses(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname;
  return [new URL(`/.well-known/oauth-authorization-server${path}`, url.origin), new URL(`${url.origin}${path}/.well-known/openid-configuration`)];
}

/** 발급자의 메타데이터를 가져온다. RFC 8414 §3.3: 문서의 issuer가 요청한 발급자와 글자 그대로 같지 않으면 쓰지 않는다. */
async function discover(issuer: string): Promise<IssuerMetadata> {
  for (const address of metadataAddresses(issuer)) {
    const response = await fetch(address, { headers: { accept: 'application/json' } });
    if (!response.ok) continue;
    const metadata = (await response.json()) as Partial<IssuerMetadata>;
    if (metadata.issuer !== issuer) throw new Error(`${address.href}의 issuer가 요청한 발급자와 다르다. 요청: ${issuer}, 문서: ${String(metadata.issuer)}`);
    if (typeof metadata.jwks_uri !== 'string') throw new Error(`${address.href}에 jwks_uri가 없다`);
    return { issuer, jwks_uri: metadata.jwks_uri };
  }
  throw new Error(`${issuer}의 인가 서버 메타데이터를 찾지 못했다`);
}

/** 토큰에 적힌 범위: RFC 9068 §2.2.3의 공백으로 나눈 `scope`, 또는 몇몇 발급자가 쓰는 `scp`(Entra ID는 공백으로 나눈 문자열, Okta는 배열). */
function scopesOf(payload: JWTPayload): string[] {
  const words = (value: string) => value.split(' ').filter((scope) => scope !== '');
  if (typeof payload['scope'] === 'string') return words(payload['scope']);
  const scp = payload['scp'];
  if (typeof scp === 'string') return words(scp);
  return Array.isArray(scp) ? scp.filter((scope): scope is string => typeof scope === 'string') : [];
}

/** 발급자 ISSUER가 이 서버(RESOURCE)를 위해 발급한 JWT만 받아 주는 검증기를 만든다. 메타데이터는 만들 때 한 번 읽는다. */
export async function jwtVerifier(issuer: string, resource: URL): Promise<OAuthTokenVerifier> {
  const metadata = await discover(issuer);
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
  return {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, { issuer, audience: resource.href }));
      } catch (error) {
        // 서명, 발급자, 대상, 만료 가운데 무엇이 틀렸든 이 서버에게는 쓸 수 없는 토큰이다(RFC 6750 §3.1의 invalid_token).
        throw new OAuthError(OAuthErrorCode.InvalidToken, error instanceof Error ? error.message : 'invalid token');
      }
      const clientId = typeof payload['client_id'] === 'string' ? payload['client_id'] : typeof payload['azp'] === 'string' ? payload['azp'] : '';
      return { token, clientId, scopes: scopesOf(payload), expiresAt: payload.exp, resource };
    },
  };
}
