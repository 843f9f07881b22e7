import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';

/** What an authorization server recorded when it issued one access token. */
export interface IssuedToken {
  clientId: string;
  scopes: readonly string[];
  /** The resource (RFC 8707) the token was issued for: the one MCP server that may accept it. */
  audience: URL;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/**
 * Stands in for the authorization server this chapter does not build: it answers "what is this token?" from a table
 * of tokens it issued, and knows nothing of any MCP server's rules. Checking the audience and the scopes is the
 * resource server's job.
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

/** The issuer the demo server names in its protected-resource metadata. */
export const DEMO_ISSUER = new URL('https://auth.example.com');

/** The demo server's canonical URI: local, bound to 127.0.0.1. */
export const DEMO_RESOURCE = new URL('http://127.0.0.1:3000/mcp');

/** An hour from now, in seconds since the epoch. */
function inAnHour(): number {
  return Math.floor(Date.now() / 1000) + 3600;
}

/** The demo tokens main.ts uses: a reader of tasks and documents, and a token issued for a different server. */
export function demoTokens(): Map<string, IssuedToken> {
  return new Map<string, IssuedToken>([
    ['demo-reader', { clientId: 'course-client', scopes: ['tasks:read', 'docs:read'], audience: DEMO_RESOURCE, expiresAt: inAnHour() }],
    ['demo-elsewhere', { clientId: 'course-client', scopes: ['tasks:read', 'docs:read', 'notes:read'], audience: new URL('https://other.example.com/mcp'), expiresAt: inAnHour() }],
  ]);
}
