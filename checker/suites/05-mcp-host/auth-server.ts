import { createHash } from 'node:crypto';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

/** The protected MCP server the host signs in to, and a second one on another origin. */
export const RESOURCE = 'https://notes.test/mcp';
/** A second protected server, on another origin, that must never see the first one's token. */
export const OTHER_RESOURCE = 'https://calendar.test/mcp';
/** The authorization server both resources name. */
export const ISSUER = 'https://auth.test';
/** A protected server on this machine, as a development server is: plain http on loopback. */
export const LOOPBACK_RESOURCE = 'http://127.0.0.1:3000/mcp';
/** The authorization server LOOPBACK_RESOURCE names, on loopback too (as `npm run auth-server` is). */
export const LOOPBACK_ISSUER = 'http://127.0.0.1:9000';
/** The scope every resource asks for on a 401. */
export const READ_SCOPE = 'notes:read';
/** The scope the write tool demands with a 403 insufficient_scope. */
export const WRITE_SCOPE = 'notes:write';

/** How many authorization pages the test person opens before giving up. */
const MAX_PAGES = 6;

/** One HTTP request the host sent, as the in-process network saw it. */
export interface Sent {
  url: string;
  method: string;
  authorization: string | undefined;
  /** The JSON-RPC method of an MCP POST, when there was one. */
  rpc?: string;
}

/** How the test world misbehaves, as a hostile server or authorization server would. */
export interface WorldOptions {
  /** The issuer the authorization server's metadata names (the real one when left out). */
  metadataIssuer?: string;
  /** The resource the protected-resource metadata names for a resource URL (the resource itself when left out). */
  advertisedResource?: (resource: string) => string;
  /** When the write tool answers 403 insufficient_scope: until the token holds WRITE_SCOPE, or always. */
  stepUp?: 'until-granted' | 'forever';
  /** The `iss` the authorization response carries (the real issuer when left out); the metadata never advertises it (RFC 9207 §2.3). */
  responseIssuer?: string;
  /** Whether the authorization server's metadata offers Client ID Metadata Documents (`client_id_metadata_document_supported`). */
  clientIdMetadataDocuments?: boolean;
  /** The resource_metadata address a 401 names (the protected-resource metadata's own when left out). */
  resourceMetadata?: string;
  /** The authorization servers the protected-resource metadata names ([ISSUER] when left out). */
  authorizationServers?: string[];
  /** Endpoints the authorization server's metadata names in place of its own. */
  endpoints?: { authorization_endpoint?: string; registration_endpoint?: string; token_endpoint?: string };
}

/** The in-process network: the fetch the host uses, the browser the person signs in with, and what was seen. */
export interface AuthWorld {
  fetch: typeof fetch;
  browser(authorizationUrl: URL): Promise<URLSearchParams>;
  /** Every request the host sent, in order. */
  sent: Sent[];
  /** The query of every authorization request the browser opened. */
  authorizations: URLSearchParams[];
  /** Every address the browser was asked to open, whatever its scheme. */
  opened: string[];
  /** The body of every dynamic registration request (POST /register). */
  registrations: Record<string, unknown>[];
  /** The form of every token request. */
  tokenRequests: URLSearchParams[];
  /** Tokens issued: token → the resource and scope it was issued for. */
  issued: Map<string, { resource: string; scope: string }>;
  close(): Promise<void>;
}

/** The well-known URL of a resource's protected-resource metadata (RFC 9728 §3.1, path appended). */
export function metadataUrlOf(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}/.well-known/oauth-protected-resource${url.pathname}`;
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** An MCP server with a read tool and a write tool. */
function notesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('read_notes', { description: '메모를 읽는다.' }, () => ({ content: [{ type: 'text', text: '메모: 우유 사기' }] }));
  server.registerTool('write_note', { description: '메모를 쓴다.' }, () => ({ content: [{ type: 'text', text: '메모를 썼다' }] }));
  return server;
}

/** Starts an authorization server and protected MCP servers (two remote, one on loopback with its own) behind one in-process fetch; no port is opened. */
export function authWorld(options: WorldOptions = {}): AuthWorld {
  const sent: Sent[] = [];
  const authorizations: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  const opened: string[] = [];
  const registrations: Record<string, unknown>[] = [];
  const issued = new Map<string, { resource: string; scope: string }>();
  const codes = new Map<string, URLSearchParams>();
  const handler = createMcpHandler(() => notesServer());
  let counter = 0;

  const challenge = (resource: string, extra = ''): string => `Bearer ${extra}resource_metadata="${options.resourceMetadata ?? metadataUrlOf(resource)}", scope="${READ_SCOPE}"`;

  async function protectedResource(resource: string, request: Request, body: string): Promise<Response> {
    const header = request.headers.get('authorization') ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1];
    const grant = token === undefined ? undefined : issued.get(token);
    // MCP 2026-07-28 authorization: "MCP servers MUST validate that access tokens were issued specifically for them as the intended audience".
    if (grant === undefined || grant.resource !== resource) return new Response('unauthorized', { status: 401, headers: { 'www-authenticate': challenge(resource, token === undefined ? '' : 'error="invalid_token", ') } });
    const calls = body === '' ? [] : ([JSON.parse(body)].flat() as { method?: string; params?: { name?: string } }[]);
    const writes = calls.some((call) => call.method === 'tools/call' && call.params?.name === 'write_note');
    const granted = grant.scope.split(' ').includes(WRITE_SCOPE);
    if (writes && (options.stepUp === 'forever' || !granted)) {
      return new Response('forbidden', { status: 403, headers: { 'www-authenticate': `Bearer error="insufficient_scope", scope="${READ_SCOPE} ${WRITE_SCOPE}", resource_metadata="${metadataUrlOf(resource)}"` } });
    }
    return handler.fetch(new Request(request.url, { method: request.method, headers: request.headers, ...(body === '' ? {} : { body }) }));
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.text() : '';
    let rpc: string | undefined;
    try {
      rpc = body.startsWith('{') ? ((JSON.parse(body) as { method?: string }).method ?? undefined) : undefined;
    } catch {
      rpc = undefined;
    }
    sent.push({ url: request.url, method: request.method, authorization: request.headers.get('authorization') ?? undefined, ...(rpc === undefined ? {} : { rpc }) });
    for (const resource of [RESOURCE, OTHER_RESOURCE, LOOPBACK_RESOURCE]) {
      const base = new URL(resource);
      if (url.origin !== base.origin) continue;
      if (url.pathname === base.pathname) return protectedResource(resource, request, body);
      if (url.href === metadataUrlOf(resource)) {
        return json({ resource: options.advertisedResource?.(resource) ?? resource, authorization_servers: options.authorizationServers ?? [resource === LOOPBACK_RESOURCE ? LOOPBACK_ISSUER : ISSUER], scopes_supported: [READ_SCOPE, WRITE_SCOPE], bearer_methods_supported: ['header'] });
      }
      return new Response('not found', { status: 404 });
    }
    const issuer = [ISSUER, LOOPBACK_ISSUER].find((each) => each === url.origin);
    if (issuer === undefined) return new Response('no such host', { status: 502 });
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json({
        issuer: options.metadataIssuer ?? issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        scopes_supported: [READ_SCOPE, WRITE_SCOPE],
        ...(options.clientIdMetadataDocuments === true ? { client_id_metadata_document_supported: true } : {}),
        ...options.endpoints,
      });
    }
    if (url.pathname === '/register' && request.method === 'POST') {
      registrations.push(JSON.parse(body) as Record<string, unknown>);
      counter += 1;
      return json({ ...(JSON.parse(body) as object), client_id: `client-${counter}`, client_id_issued_at: 0 }, 201);
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      tokenRequests.push(form);
      const authorization = codes.get(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code' || authorization === undefined) return json({ error: 'invalid_grant' }, 400);
      codes.delete(form.get('code') ?? '');
      // OAuth 2.1 §4.1.3: the server verifies code_verifier against the code_challenge it was given.
      if (authorization.get('code_challenge_method') !== 'S256' || s256(form.get('code_verifier') ?? '') !== authorization.get('code_challenge')) return json({ error: 'invalid_grant', error_description: 'PKCE verification failed' }, 400);
      const resource = form.get('resource') ?? authorization.get('resource') ?? '';
      counter += 1;
      const token = `token-${counter}`;
      const scope = authorization.get('scope') ?? READ_SCOPE;
      issued.set(token, { resource, scope });
      return json({ access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
    }
    return new Response('not found', { status: 404 });
  }

  return {
    fetch: async (input, init) => route(new Request(input, init)),
    browser: async (authorizationUrl) => {
      opened.push(authorizationUrl.href);
      // A person who signed in this many times gives up: a host that never stops asking ends here, not at the test's timeout.
      if (authorizations.length >= MAX_PAGES) throw new Error(`the person closed the ${MAX_PAGES + 1}th authorization page`);
      authorizations.push(new URLSearchParams(authorizationUrl.searchParams));
      counter += 1;
      const code = `code-${counter}`;
      codes.set(code, new URLSearchParams(authorizationUrl.searchParams));
      const back = new URLSearchParams({ code });
      const state = authorizationUrl.searchParams.get('state');
      if (state !== null) back.set('state', state);
      // RFC 9207 §2: the authorization server names itself in its response.
      back.set('iss', options.responseIssuer ?? (authorizationUrl.origin === LOOPBACK_ISSUER ? LOOPBACK_ISSUER : ISSUER));
      return back;
    },
    sent,
    authorizations,
    opened,
    registrations,
    tokenRequests,
    issued,
    close: async () => {
      await handler.close?.();
    },
  };
}
