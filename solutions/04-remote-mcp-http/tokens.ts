import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';

/** 인가 서버가 접근 토큰 하나를 발급할 때 적어 둔 것. */
export interface IssuedToken {
  clientId: string;
  scopes: readonly string[];
  /** 토큰을 발급받은 대상 자원(RFC 8707). */
  audience: URL;
  /** 유닉스 시각(초). */
  expiresAt: number;
}

/**
 * 이 장이 만들지 않는 인가 서버의 대역: 자기가 발급한 토큰 표를 보고 "이 토큰은 무엇인가"에 답할 뿐,
 * 어떤 MCP 서버의 규칙도 모른다.
 */
export function tableVerifier(issued: ReadonlyMap<string, IssuedToken>): OAuthTokenVerifier {
  return {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      const record = issued.get(token);
      if (record === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
      return { token, clientId: record.clientId, scopes: [...record.scopes], expiresAt: record.expiresAt, resource: record.audience };
    },
  };
}

/** 시연용 서버가 보호 자원 메타데이터에 적는 발급자 식별자. */
export const DEMO_ISSUER = 'https://auth.example.com';

/** 시연용 서버의 정식 URI: 로컬, 127.0.0.1에 묶인다. */
export const DEMO_RESOURCE = new URL('http://127.0.0.1:3000/mcp');

/** 지금부터 한 시간 뒤의 유닉스 시각(초). */
function inAnHour(): number {
  return Math.floor(Date.now() / 1000) + 3600;
}

/** main.ts가 쓰는 시연용 토큰: 작업과 문서를 읽는 토큰, 그리고 다른 서버를 위해 발급된 토큰. */
export function demoTokens(): Map<string, IssuedToken> {
  return new Map<string, IssuedToken>([
    ['demo-reader', { clientId: 'course-client', scopes: ['tasks:read', 'docs:read'], audience: DEMO_RESOURCE, expiresAt: inAnHour() }],
    ['demo-elsewhere', { clientId: 'course-client', scopes: ['tasks:read', 'docs:read', 'notes:read'], audience: new URL('https://other.example.com/mcp'), expiresAt: inAnHour() }],
  ]);
}
