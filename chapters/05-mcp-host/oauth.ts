import { Client, InsufficientScopeError, StreamableHTTPClientTransport, UnauthorizedError, auth, computeScopeUnion } from '@modelcontextprotocol/client';
import type { CallToolResult, ClientOptions, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { BlockList, isIP } from 'node:net';

/*
 * 05/5: a server that wants a token answers 401, and the SDK runs the OAuth flow: protected-resource metadata
 * (RFC 9728), the authorization server's metadata with its issuer checked, authorization code with PKCE S256,
 * the token request with the resource (RFC 8707), and step-up on a 403 insufficient_scope. What the host decides
 * lives in its OAuthClientProvider and around it: who approves a sign-in, which resource a token is for, where tokens
 * are kept, how the host registers, which addresses discovery may reach, which pages it opens, and what of the
 * redirect goes back to the SDK.
 */

/** How the host got its client_id at an authorization server: its Client ID Metadata Document, or dynamic registration. */
export type Registration = 'client-id-metadata-document' | 'dynamic-client-registration';

/** What the person is asked before a sign-in: which server (the host's name for it), where, for which scopes, and how the host registered there. */
export interface SignInRequest {
  server: string;
  /** The authorization server's address, where the person will sign in. */
  authorizationServer: string;
  scope: string | undefined;
  registration: Registration;
}

/** The person at the host: the only one who approves a sign-in. */
export interface SignInPerson {
  /** Asks the person whether to sign in; false means no sign-in happens. */
  approveSignIn(request: SignInRequest): Promise<boolean>;
}

/** Opens the authorization page for the person and resolves with the query of the redirect back to the host. */
export type Browser = (authorizationUrl: URL) => Promise<URLSearchParams>;

/** What the host keeps between connects: client registrations per authorization server and tokens per resource. */
export class TokenStore {
  /** Tokens, keyed by the resource (the server's URL) they were issued for. */
  readonly tokens = new Map<string, StoredOAuthTokens>();
  /** Client registrations, keyed by the authorization server that issued them. */
  readonly clients = new Map<string, StoredOAuthClientInformation>();
}

/** Everything the host's OAuth client needs for one server. */
export interface OAuthHostOptions {
  /** The host's own name for the server, shown to the person. */
  server: string;
  person: SignInPerson;
  browser: Browser;
  store: TokenStore;
  /** The fetch the transport and the OAuth flow use (tests pass an in-process one). */
  fetch?: typeof fetch;
  /** The SDK client's options, such as the protocol version to pin. */
  clientOptions?: ClientOptions;
}

/** A provider that also hands over the redirect the browser came back with, once. */
export interface HostOAuthProvider extends OAuthClientProvider {
  /** The redirect's query from the last approved sign-in, or undefined when the person declined; cleared when read. */
  takeCallback(): URLSearchParams | undefined;
}

/** The redirect address registered for the host (a loopback address, per OAuth 2.1 §8.4.2). */
export const REDIRECT_URL = 'http://127.0.0.1:8765/callback';

/**
 * The address of the host's Client ID Metadata Document, which is also its client_id where an authorization server
 * takes one (draft-ietf-oauth-client-id-metadata-document): https, with a path. The course publishes the document;
 * `npm run auth-server` serves its copy of it, since the course's machines reach no network.
 */
export const CLIENT_METADATA_URL = 'https://course-host.example/oauth/client-metadata.json';

/** Private and link-local ranges: RFC 1918, RFC 6598 (shared), RFC 3927 (link-local, cloud metadata), RFC 4193, RFC 4291. */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');

/** Loopback: 127.0.0.0/8 and ::1 (IPv4-mapped addresses included, as BlockList checks them). */
const LOOPBACK_RANGES = new BlockList();
LOOPBACK_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_RANGES.addAddress('::1', 'ipv6');

/** The IP address a URL's host is, without brackets (the URL parser has already turned hex and octal forms into dotted decimal), or undefined for a name. */
function addressOf(url: URL): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const version = isIP(host);
  return version === 0 ? undefined : { address: host, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether a URL's host is this machine: `localhost` or a loopback address. */
export function isLoopback(url: URL): boolean {
  const ip = addressOf(url);
  return ip === undefined ? url.hostname === 'localhost' || url.hostname.endsWith('.localhost') : LOOPBACK_RANGES.check(ip.address, ip.family);
}

/** Whether a URL's host is a private or link-local address (a name is not resolved here: an egress proxy is the place for that). */
export function isPrivateAddress(url: URL): boolean {
  const ip = addressOf(url);
  return ip !== undefined && PRIVATE_RANGES.check(ip.address, ip.family);
}

/** A fetch that sends the MCP server's own address (the one the person configured) and nothing `allows` refuses, failing with the address it refused. */
function guardedFetch(fetchFn: typeof fetch, serverUrl: URL, allows: (url: URL) => boolean): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.href !== serverUrl.href && !allows(url)) throw new Error(`refused to send a request to ${url.href}: OAuth discovery may not reach this address`);
    return fetchFn(input, init);
  };
}

/** The resource a server URL names (RFC 8707 §2: an absolute URI without a fragment). */
function resourceOf(url: string | URL): string {
  const resource = new URL(url);
  resource.hash = '';
  return resource.href;
}

/** The host's OAuth client for the server at `serverUrl`. */
export function createOAuthProvider(serverUrl: URL, options: OAuthHostOptions): HostOAuthProvider {
  const resource = resourceOf(serverUrl);
  let verifier = '';
  let authorizationServer = '';
  let callback: URLSearchParams | undefined;
  // 찾은 메타데이터는 인가 페이지에서 코드 교환까지만 쓴다: 돌아온 코드가 같은 인가 서버의 것인지 SDK가 이것으로 확인한다.
  let discovery: OAuthDiscoveryState | undefined;
  let signingIn = false;
  const metadata: OAuthClientMetadata = {
    client_name: 'course-host',
    redirect_uris: [REDIRECT_URL],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  return {
    get redirectUrl() {
      return REDIRECT_URL;
    },
    get clientMetadata() {
      return metadata;
    },
    saveAuthorizationServerUrl: (url) => {
      authorizationServer = url;
    },
    authorizationServerUrl: () => authorizationServer || undefined,
    saveDiscoveryState: (state) => {
      discovery = state;
    },
    // 새 로그인은 메타데이터를 다시 읽는다: 서버가 인가 서버를 옮겼으면(SEP-2352) 새 인가 서버에 다시 등록한다.
    discoveryState: () => (signingIn ? discovery : undefined),
    clientInformation: () => options.store.clients.get(authorizationServer),
    saveClientInformation: (information) => {
      options.store.clients.set(authorizationServer, information);
    },
    // TODO(05/5): 로그인은 사람이 승인해야 시작되고(어디서, 어떤 범위로, 어떻게 등록해서), 토큰은 그것을 받은 자원에만 쓰이며, 메타데이터가 내세운 자원이 이 서버 자체가 아니면 로그인하지 않는다. 호스트가 어떻게 등록하는지, 어떤 인가 페이지를 여는지, 찾기(discoveryAllows)가 어느 주소에 닿는지, 돌아온 주소에서 무엇을 SDK에 넘기는지(finishSignIn)도 여러분이 정한다.
    tokens: () => options.store.tokens.get(authorizationServer),
    saveTokens: (tokens) => {
      options.store.tokens.set(authorizationServer, tokens);
      signingIn = false;
    },
    redirectToAuthorization: async (authorizationUrl) => {
      callback = await options.browser(authorizationUrl);
    },
    saveCodeVerifier: (codeVerifier) => {
      verifier = codeVerifier;
      signingIn = true;
    },
    codeVerifier: () => verifier,
    invalidateCredentials: (scope) => {
      if (scope === 'all' || scope === 'tokens') options.store.tokens.delete(resource);
      if (scope === 'all' || scope === 'client') options.store.clients.delete(authorizationServer);
      if (scope === 'all' || scope === 'discovery') discovery = undefined;
    },
    takeCallback: () => {
      const taken = callback;
      callback = undefined;
      if (taken === undefined) signingIn = false;
      return taken;
    },
  };
}

/** Whether OAuth discovery for the server at `serverUrl` may send a request to `url`. */
function discoveryAllows(url: URL, serverUrl: URL): boolean {
  return url.origin === serverUrl.origin || url.protocol === 'https:' || url.protocol === 'http:';
}

/** A server connected with a signed-in OAuth client. */
export interface SignedInServer {
  name: string;
  client: Client;
  url: URL;
  transport: StreamableHTTPClientTransport;
  provider: HostOAuthProvider;
  /** The guarded fetch the connection uses, for a new sign-in outside the transport. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** The error a host gets when the person declined to sign in: nothing was sent with a token. */
export class SignInDeclinedError extends Error {
  override name = 'SignInDeclinedError';
}

/** How many step-ups (a new sign-in for a wider scope after a 403 insufficient_scope) one call may take. */
export const MAX_STEP_UPS = 1;

/** Finishes a sign-in the SDK started: exchanges the code the browser came back with, or fails when the person declined. */
async function finishSignIn(server: Pick<SignedInServer, 'transport' | 'provider'>, name: string): Promise<void> {
  const callback = server.provider.takeCallback();
  if (callback === undefined) throw new SignInDeclinedError(`the person declined to sign in to ${name}`);
  await server.transport.finishAuth(callback.get('code') ?? '');
}

/** Connects to the Streamable HTTP server at `url`, signing in through the person when the server asks for a token. */
export async function connectSignedIn(name: string, url: string | URL, options: OAuthHostOptions): Promise<SignedInServer> {
  const serverUrl = new URL(url);
  const provider = createOAuthProvider(serverUrl, options);
  // Every request of this connection, OAuth discovery included, goes through discoveryAllows before it is sent.
  const guarded = guardedFetch(options.fetch ?? ((input, init) => fetch(input, init)), serverUrl, (address) => discoveryAllows(address, serverUrl));
  for (let attempt = 0; ; attempt += 1) {
    const client = new Client({ name: 'course-host', version: '1.0.0' }, options.clientOptions);
    // 403 insufficient_scope는 호스트가 직접 맡는다: 사람에게 묻는 step-up의 횟수를 한 호출 단위로 셀 수 있게.
    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider, onInsufficientScope: 'throw', fetch: guarded });
    try {
      await client.connect(transport);
      return { name, url: serverUrl, client, transport, provider, fetch: guarded, close: () => client.close() };
    } catch (error) {
      await client.close().catch(() => undefined);
      if (!(error instanceof UnauthorizedError) || attempt > 0) throw error;
      await finishSignIn({ transport, provider }, name);
    }
  }
}

/**
 * Sends one request on a signed-in server: a 401 (the token was refused, or the server moved to another authorization
 * server) gets one new sign-in through the person, and a 403 insufficient_scope at most MAX_STEP_UPS step-ups.
 */
export async function sendSignedIn<T>(server: SignedInServer, send: (client: Client) => Promise<T>): Promise<T> {
  let signedInAgain = false;
  for (let stepUps = 0; ; ) {
    try {
      return await send(server.client);
    } catch (error) {
      if (error instanceof UnauthorizedError && !signedInAgain) {
        // 401 뒤의 새 로그인은 SDK가 이미 시작했다(인가 페이지까지): 여기서는 돌아온 코드를 바꿔 한 번만 다시 보낸다.
        signedInAgain = true;
        await finishSignIn(server, server.name);
        continue;
      }
      if (!(error instanceof InsufficientScopeError) || stepUps >= MAX_STEP_UPS) throw error;
      stepUps += 1;
      const granted = (await server.provider.tokens())?.scope;
      const scope = computeScopeUnion(granted, error.requiredScope);
      const result = await auth(server.provider, { serverUrl: server.url, ...(scope === undefined ? {} : { scope }), ...(error.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: error.resourceMetadataUrl }), fetchFn: server.fetch, forceReauthorization: true });
      if (result === 'REDIRECT') await finishSignIn(server, server.name);
    }
  }
}

/** Calls a tool on a signed-in server, as sendSignedIn sends it. */
export async function callSignedIn(server: SignedInServer, tool: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return sendSignedIn(server, async (client) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult);
}
