import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/*
 * A real, standards-compliant authorization server for the course, on the loopback interface: oidc-provider (an
 * OpenID Certified implementation of OAuth 2.0/2.1 and OpenID Connect) configured the way MCP 2026-07-28's
 * authorization section asks of the server side, rather than an authorization server written here by hand:
 * - authorization code with PKCE (S256 only), RFC 9207's `iss` in every authorization response;
 * - resource indicators (RFC 8707): every access token is a signed JWT (RFC 9068) whose `aud` is the one resource
 *   the client named, and whose `scope` holds what was granted;
 * - RFC 8414 metadata at /.well-known/oauth-authorization-server, beside OpenID Connect discovery;
 * - pre-registered clients (a public loopback client for hosts, a confidential client-credentials client for scripts),
 *   dynamic registration, and Client ID Metadata Documents (the course host's own document read from HOST_CLIENT_METADATA).
 * Keys and grants live in memory: a restart issues new keys, and tokens from before it are no longer valid.
 */

/** The scopes chapter 4's server knows: its tools' scopes (scopes.ts), which the server names in its metadata. */
export const COURSE_SCOPES: readonly string[] = ['tasks:read', 'tasks:write', 'docs:read', 'notes:read', 'notes:write'];

/** The pre-registered public client a host signs in with (a native app on a loopback redirect, any port: RFC 8252 §7.3). */
export const HOST_CLIENT_ID = 'course-host';

/**
 * The course host's Client ID Metadata Document, published at its client_id (chapter 5's CLIENT_METADATA_URL). This
 * server answers that one address from this copy instead of the network, which the course's machines do not reach;
 * every other client_id URL is fetched as oidc-provider would.
 */
export const HOST_CLIENT_METADATA = {
  client_id: 'https://course-host.example/oauth/client-metadata.json',
  client_name: 'course-host',
  application_type: 'native',
  redirect_uris: ['http://127.0.0.1:8765/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
} as const;

/** The pre-registered confidential client that gets tokens without a person (client credentials), for scripts and tests. */
export const SCRIPT_CLIENT = { id: 'course-script', secret: 'course-script-secret' } as const;

/** Any name and any password sign in on the development login page; this is the one the printed instructions suggest. */
export const TEST_USER = { login: 'learner', password: 'learner' } as const;

/** How long an access token lives, in seconds: short, so expiry is something a learner sees happen. */
export const ACCESS_TOKEN_SECONDS = 600;

/** Where to listen: a port on 127.0.0.1 (0 for any free one). */
export interface AuthServerOptions {
  port: number;
}

/** A running authorization server: its issuer identifier, its metadata document's address, and how to stop it. */
export interface AuthServer {
  issuer: string;
  metadata: URL;
  close: () => Promise<void>;
}

/** RFC 8414's well-known path; oidc-provider serves the same document at OpenID Connect's path. */
const RFC8414_PATH = '/.well-known/oauth-authorization-server';

/** The provider's configuration: the clients, scopes and features above, with a fresh ES256 signing key. */
async function configuration(): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: `course-${Date.now().toString(36)}` };
  const grantedScopes = COURSE_SCOPES.join(' ');
  return {
    jwks: { keys: [key] },
    clients: [
      {
        client_id: HOST_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['http://127.0.0.1/callback', 'http://localhost/callback'],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      { client_id: SCRIPT_CLIENT.id, client_secret: SCRIPT_CLIENT.secret, grant_types: ['client_credentials'], response_types: [], redirect_uris: [] },
    ],
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    fetch: async (input, init) => ((input instanceof Request ? input.url : String(input)) === HOST_CLIENT_METADATA.client_id ? Response.json(HOST_CLIENT_METADATA) : globalThis.fetch(input, init)),
    scopes: [...COURSE_SCOPES],
    pkce: { required: () => true },
    // A client that registered for refresh tokens gets one with its access token (hosts register so, as the SDK's client metadata does).
    issueRefreshToken: (_ctx: KoaContextWithOIDC, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    ttl: { AccessToken: ACCESS_TOKEN_SECONDS, ClientCredentials: ACCESS_TOKEN_SECONDS },
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      registration: { enabled: true },
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        // A token names the one resource it was asked for; without `resource` no access token for an MCP server is issued.
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, resource: string) => ({
          scope: grantedScopes,
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ACCESS_TOKEN_SECONDS,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
  };
}

/** Starts the authorization server on 127.0.0.1 and resolves once it accepts connections. */
export async function startAuthServer(options: AuthServerOptions): Promise<AuthServer> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, await configuration());
  // RFC 8414 §3: the metadata at the well-known path; the document is the one OpenID Connect discovery serves.
  provider.use(async (ctx, next) => {
    if (ctx.path === RFC8414_PATH) ctx.path = '/.well-known/openid-configuration';
    await next();
  });
  server.on('request', provider.callback());
  return {
    issuer,
    metadata: new URL(RFC8414_PATH, issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
