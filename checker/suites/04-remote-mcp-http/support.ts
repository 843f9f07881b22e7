import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { buildHandler } from '../../../chapters/04-remote-mcp-http/http.ts';
import type { HttpOptions } from '../../../chapters/04-remote-mcp-http/http.ts';
import { REVISION, requestMeta } from '../_lib/request-meta.ts';
import { fail, say } from '../_lib/say.ts';

/** The only revision the chapter's endpoint speaks: the current one, whose envelope requestMeta writes. */
export { REVISION };

/** Where a learner edits the endpoint, for failure messages. */
export const HTTP_TS = 'chapters/04-remote-mcp-http/http.ts';
/** Where a learner edits the bearer check, for failure messages. */
export const AUTH_TS = 'chapters/04-remote-mcp-http/auth.ts';
/** Where a learner edits the per-caller tool decision, for failure messages. */
export const SCOPES_TS = 'chapters/04-remote-mcp-http/scopes.ts';

/** The 2025-era revisions today's hosts speak: an endpoint serving both eras answers each of them. */
export const HOST_REVISIONS = ['2025-06-18', '2025-11-25'];

/** Every scope the chapter's tools use. */
export const ALL_SCOPES = ['tasks:read', 'docs:read', 'notes:read'];

/** The tools of the chapter and the scope each needs, written out here so a learner's table cannot change what the suites expect. */
export const SCOPE_OF: Record<string, string> = { count_tasks: 'tasks:read', summarize_document: 'docs:read', read_note: 'notes:read' };

/** A call each tool runs with. */
export const CALL_ARGS: Record<string, Record<string, unknown>> = { count_tasks: { status: 'open' }, summarize_document: { name: 'report.txt' }, read_note: {} };

/** Two canonical URIs the suites serve the endpoint at, so nothing about the chapter's own demo address can be assumed. */
export const RESOURCES = [new URL('http://127.0.0.1:8931/mcp'), new URL('http://localhost:8932/team/mcp')];

/** What the suites' pretend authorization server recorded for one token. */
interface Issued {
  scopes: string[];
  audience: URL;
  expiresAt: number;
}

/** Suite settings for buildHandler, with a token table only these settings' verifier knows. */
export interface Setup {
  options: HttpOptions;
  /** Issues a token: for this server and an hour long unless told otherwise. */
  token(scopes: readonly string[], how?: { audience?: URL; expiresIn?: number }): string;
  /** What the authorization server says of a token from now on: withdrawn (unknown), or expired a minute ago. */
  withdraw(token: string, how: 'revoked' | 'expired'): void;
}

let counter = 0;

/** Fresh suite settings: the given resource (the first of RESOURCES unless told), a verifier over a fresh table, and the given overrides. */
export function setup(overrides: Partial<Omit<HttpOptions, 'verifier'>> = {}): Setup {
  const resource = overrides.resource ?? RESOURCES[0]!;
  const table = new Map<string, Issued>();
  const verifier: OAuthTokenVerifier = {
    verifyAccessToken: async (token: string): Promise<AuthInfo> => {
      const found = table.get(token);
      if (found === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
      return { token, clientId: 'suite-client', scopes: [...found.scopes], expiresAt: found.expiresAt, resource: found.audience };
    },
  };
  const options: HttpOptions = {
    tools: new Set(['count_tasks', 'summarize_document', 'read_note']),
    tasks: [
      { title: '규칙 검토', status: 'open' },
      { title: '설정 확인', status: 'done' },
      { title: '호출 점검', status: 'open' },
      { title: '출처 점검', status: 'open' },
    ],
    documents: new Map([['report.txt', '점검 보고서\n출처 확인\n토큰 확인\n']]),
    note: '채점용 메모: 범위 밖에서는 보이지 않아야 한다',
    authorizationServers: ['https://auth.suite.example'],
    allowedOrigins: new Set([resource.origin]),
    ...overrides,
    resource,
    verifier,
  };
  return {
    options,
    token(scopes, how = {}) {
      counter += 1;
      const token = `suite-${counter}-${scopes.join('.') || 'none'}`;
      table.set(token, { scopes: [...scopes], audience: how.audience ?? resource, expiresAt: Math.floor(Date.now() / 1000) + (how.expiresIn ?? 3600) });
      return token;
    },
    withdraw(token, how) {
      const found = table.get(token);
      if (how === 'revoked' || found === undefined) table.delete(token);
      else table.set(token, { ...found, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    },
  };
}

/** The learner's handler for these settings; fails in the learner's terms when buildHandler throws. */
export function handlerOf(options: HttpOptions): (request: Request) => Promise<Response> {
  try {
    const handler = buildHandler(options);
    return async (request) => {
      try {
        return await handler(request);
      } catch (error) {
        return fail({
          what: say(`처리기가 HTTP 요청에 답하지 않고 예외를 던졌다. ${HTTP_TS}`, `The handler threw instead of answering the HTTP request. ${HTTP_TS}`),
          sent: `${request.method} ${request.url}`,
          got: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          expected: say('HTTP 응답', 'an HTTP response'),
        });
      }
    };
  } catch (error) {
    return fail({
      what: say(`buildHandler(options)가 처리기를 돌려주지 않고 예외를 던졌다. ${HTTP_TS}`, `buildHandler(options) threw instead of returning a handler. ${HTTP_TS}`),
      got: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      expected: say('(request) => Promise<Response>', '(request) => Promise<Response>'),
    });
  }
}

/** The request _meta envelope of 2026-07-28 naming `version`, from the suites' client. */
export function envelope(version: string): Record<string, unknown> {
  return requestMeta({ name: 'course-checker', version: '1.0.0' }, version);
}

/** One hand-written HTTP request to the endpoint. */
export interface Raw {
  /** The HTTP method; POST unless told. */
  http?: string;
  /** The URL; the endpoint's resource URI unless told. */
  url?: string;
  /** Headers; an undefined value leaves that header out. */
  headers?: Record<string, string | undefined>;
  body?: unknown;
}

/** What came back, read once: the status, the headers, the body's JSON-RPC message (SSE or plain JSON) and the challenge. */
export interface Answer {
  status: number;
  sessionId: string | null;
  challenge: string | null;
  text: string;
  message: { result?: Record<string, unknown>; error?: { code?: number; message?: string; data?: unknown } } | undefined;
}

/** Sends one raw request to the handler and reads the answer. */
export async function send(handler: (request: Request) => Promise<Response>, resource: URL, raw: Raw): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries({ accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...raw.headers })) {
    if (value !== undefined) headers[name] = value;
  }
  const init: RequestInit = { method: raw.http ?? 'POST', headers };
  if (raw.body !== undefined && init.method !== 'GET') init.body = JSON.stringify(raw.body);
  const response = await handler(new Request(raw.url ?? resource.href, init));
  const text = await response.text();
  return { status: response.status, sessionId: response.headers.get('mcp-session-id'), challenge: response.headers.get('www-authenticate'), text, message: parseMessage(text) };
}

/** The JSON-RPC message in a body that is plain JSON or one SSE event. */
function parseMessage(text: string): Answer['message'] {
  const candidates = [text, ...text.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice('data: '.length))];
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Answer['message'];
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** A 2026-07-28 request whose headers match its body, as a conforming client sends it; `version` goes in both. */
export function modern(method: string, params: Record<string, unknown>, token: string | undefined, version = REVISION): Raw {
  const name = typeof params['name'] === 'string' ? params['name'] : undefined;
  return {
    headers: { 'mcp-protocol-version': version, 'mcp-method': method, 'mcp-name': name, authorization: token === undefined ? undefined : `Bearer ${token}` },
    body: { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: envelope(version) } },
  };
}

/** A request as a 2025-era client sends it: no _meta envelope, no Mcp-Method, the version (if any) in the header only. */
export function legacy(method: string, params: Record<string, unknown>, token: string, version: string | undefined): Raw {
  return {
    headers: { 'mcp-protocol-version': version, authorization: `Bearer ${token}` },
    body: { jsonrpc: '2.0', id: 7, method, params },
  };
}

/** A short line for an answer, used as "got" in failure messages. */
export function showAnswer(answer: Answer): string {
  const parts = [`HTTP ${answer.status}`];
  if (answer.message?.error !== undefined) parts.push(`error ${answer.message.error.code ?? '?'}: ${answer.message.error.message ?? ''}`);
  else if (answer.message?.result !== undefined) parts.push(say('결과', 'result'));
  else if (answer.text !== '') parts.push(answer.text.slice(0, 120));
  if (answer.challenge !== null) parts.push(`WWW-Authenticate: ${answer.challenge}`);
  return parts.join(' | ');
}

/** The sorted names of the tools in an answer to tools/list, or undefined when it is not a tools/list result. */
export function toolNames(answer: Answer): string[] | undefined {
  const tools = answer.message?.result?.['tools'];
  if (!Array.isArray(tools)) return undefined;
  return tools.map((tool: { name?: unknown }) => String(tool.name)).sort();
}

/** The value of one parameter of a WWW-Authenticate challenge, or undefined. */
export function challengeParam(challenge: string | null, name: string): string | undefined {
  if (challenge === null) return undefined;
  const match = new RegExp(`(?:^|[\\s,])${name}="([^"]*)"`).exec(challenge);
  return match?.[1];
}

/** The metadata URL RFC 9728 puts in front of a resource's path. */
export function metadataUrlOf(resource: URL): string {
  const path = resource.pathname === '/' ? '' : resource.pathname;
  return `${resource.origin}/.well-known/oauth-protected-resource${path}`;
}

/** How an SDK client negotiates: its default (2025 initialize), auto (server/discover, then initialize if refused), or pinned. */
export type ClientMode = 'default' | 'auto' | 'pinned';

/** An SDK client connected over the handler with `token` in the given mode (pinned to 2026-07-28 unless told); fails in the learner's terms if that breaks. */
export async function connectClient(handler: (request: Request) => Promise<Response>, resource: URL, token: string, mode: ClientMode = 'pinned'): Promise<Client> {
  const fetchInProcess = async (url: string | URL, init?: RequestInit): Promise<Response> => handler(new Request(url, init));
  const negotiation = mode === 'default' ? {} : { versionNegotiation: { mode: mode === 'auto' ? ('auto' as const) : { pin: REVISION } } };
  const client = new Client({ name: 'course-checker', version: '1.0.0' }, negotiation);
  try {
    await client.connect(new StreamableHTTPClientTransport(resource, { fetch: fetchInProcess, authProvider: { token: async () => token }, onInsufficientScope: 'throw' }));
  } catch (error) {
    fail({
      what: say(
        `SDK의 HTTP 클라이언트(${modeLabel(mode)})가 유효한 토큰으로 ${resource.href}에 연결하지 못했다. ${HTTP_TS}`,
        `The SDK's HTTP client (${modeLabel(mode)}) could not connect to ${resource.href} with a valid token. ${HTTP_TS}`,
      ),
      got: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      expected: say('연결이 끝남', 'the connection completes'),
    });
  }
  return client;
}

/** How a client mode is named in messages. */
export function modeLabel(mode: ClientMode): string {
  if (mode === 'default') return say('기본 모드: 2025년 방식 initialize', 'default mode: a 2025-style initialize');
  if (mode === 'auto') return say('auto 모드: server/discover를 먼저', 'auto mode: server/discover first');
  return say('2026-07-28 고정', 'pinned to 2026-07-28');
}

/** A 2025-era initialize as today's hosts send it: no envelope, no version header, the revision in the body. */
export function initialize(version: string, token: string | undefined): Raw {
  return {
    headers: { authorization: token === undefined ? undefined : `Bearer ${token}` },
    body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'host-like-client', version: '1.0.0' } } },
  };
}

/** True for a JSON-RPC code in -32000…-32019, which 2026-07-28 calls legacy: new implementations SHOULD NOT use it (Error Codes). */
export function isReservedCode(code: unknown): boolean {
  return typeof code === 'number' && code <= -32000 && code >= -32019;
}

/**
 * One request for every method the endpoint serves, in both eras, each as a conforming client sends it: server/discover,
 * tools/list and tools/call on 2026-07-28; initialize, notifications/initialized, ping, tools/list and tools/call on
 * 2025-06-18. `token` goes in every request's Authorization (none when undefined).
 */
export function everyMethod(token: string | undefined): { label: string; raw: Raw }[] {
  const call = { name: 'count_tasks', arguments: { status: 'open' } };
  const bearer = token === undefined ? undefined : `Bearer ${token}`;
  const old = (method: string, params: Record<string, unknown> | undefined, id: number | undefined): Raw => ({
    headers: { 'mcp-protocol-version': '2025-06-18', authorization: bearer },
    body: { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), method, ...(params === undefined ? {} : { params }) },
  });
  return [
    { label: 'server/discover (2026-07-28)', raw: modern('server/discover', {}, token) },
    { label: 'tools/list (2026-07-28)', raw: modern('tools/list', {}, token) },
    { label: 'tools/call count_tasks (2026-07-28)', raw: modern('tools/call', call, token) },
    { label: 'initialize 2025-06-18', raw: initialize('2025-06-18', token) },
    { label: 'notifications/initialized (2025-06-18)', raw: old('notifications/initialized', undefined, undefined) },
    { label: 'ping (2025-06-18)', raw: old('ping', undefined, 3) },
    { label: 'tools/list (2025-06-18)', raw: old('tools/list', {}, 4) },
    { label: 'tools/call count_tasks (2025-06-18)', raw: old('tools/call', call, 5) },
  ];
}
