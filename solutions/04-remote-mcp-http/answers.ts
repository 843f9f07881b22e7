import type { OAuthErrorCode } from '@modelcontextprotocol/server';

/** 이 끝점이 쓰는 HTTP 상태, 이름으로. */
export const STATUS = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
} as const;

/** -32022 오류의 data: 요청이 말한 개정판과 이 끝점이 말하는 개정판들. */
export interface UnsupportedVersionData {
  supported: readonly string[];
  requested: string;
}

/** 본문이 id 없는 JSON-RPC 오류 응답인 HTTP 오류. */
export function jsonRpcError(status: number, code: number, message: string, data?: UnsupportedVersionData): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: data === undefined ? { code, message } : { code, message, data } }, { status });
}

/** Bearer 인증 요구(RFC 6750 §3)의 매개변수. 값이 undefined인 것은 싣지 않는다. */
export interface BearerParams {
  error?: OAuthErrorCode;
  error_description?: string;
  scope?: string;
  resource_metadata?: string;
}

/** 본문 없이 WWW-Authenticate: Bearer 요구 하나를 단 응답. 값 안의 큰따옴표는 작은따옴표로 바꾼다. */
export function bearerChallenge(status: number, params: BearerParams): Response {
  const written = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${value.replaceAll('"', "'")}"`);
  return new Response(null, { status, headers: { 'www-authenticate': `Bearer ${written.join(', ')}` } });
}
