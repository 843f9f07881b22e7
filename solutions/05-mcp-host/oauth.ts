import { Client, InsufficientScopeError, StreamableHTTPClientTransport, UnauthorizedError, auth, computeScopeUnion } from '@modelcontextprotocol/client';
import type { CallToolResult, ClientOptions, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/*
 * 05/5: a server that wants a token answers 401, and the SDK runs the OAuth flow: protected-resource metadata
 * (RFC 9728), the authorization server's metadata with its issuer checked, authorization code with PKCE S256,
 * the token request with the resource (RFC 8707), and step-up on a 403 insufficient_scope. What the host decides
 * lives in its OAuthClientProvider: who approves a sign-in, which resource a token is for, and where tokens are kept.
 */

/** What the person is asked before a sign-in: which server (the host's name for it), where, and for which scopes. */
export interface SignInRequest {
  server: string;
  /** The authorization server's address, where the person will sign in. */
  authorizationServer: string;
  scope: string | undefined;
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
    // 토큰은 그 토큰을 받은 자원(서버 URL)에만 둔다: 다른 서버에 연결할 때는 이 자원의 토큰이 보이지 않는다.
    tokens: () => options.store.tokens.get(resource),
    saveTokens: (tokens) => {
      options.store.tokens.set(resource, tokens);
      signingIn = false;
    },
    // 로그인은 사람이 승인해야 시작되고, 거절하면 브라우저를 열지 않아 토큰도 없다.
    redirectToAuthorization: async (authorizationUrl) => {
      const agreed = await options.person.approveSignIn({ server: options.server, authorizationServer: authorizationUrl.origin, scope: authorizationUrl.searchParams.get('scope') ?? undefined });
      callback = agreed ? await options.browser(authorizationUrl) : undefined;
    },
    saveCodeVerifier: (codeVerifier) => {
      verifier = codeVerifier;
      signingIn = true;
    },
    codeVerifier: () => verifier,
    // RFC 9728 §3.3: 메타데이터의 resource는 클라이언트가 요청한 자원과 같아야 한다. 출처(origin)만 같아서는 안 된다.
    validateResourceURL: async (url, advertised) => {
      if (advertised !== undefined && resourceOf(advertised) !== resourceOf(url)) throw new Error(`protected resource metadata names ${advertised}, not ${resourceOf(url)}`);
      return new URL(resourceOf(url));
    },
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

/** A server connected with a signed-in OAuth client. */
export interface SignedInServer {
  name: string;
  client: Client;
  url: URL;
  transport: StreamableHTTPClientTransport;
  provider: HostOAuthProvider;
  fetch: typeof fetch | undefined;
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
  await server.transport.finishAuth(callback);
}

/** Connects to the Streamable HTTP server at `url`, signing in through the person when the server asks for a token. */
export async function connectSignedIn(name: string, url: string | URL, options: OAuthHostOptions): Promise<SignedInServer> {
  const serverUrl = new URL(url);
  const provider = createOAuthProvider(serverUrl, options);
  for (let attempt = 0; ; attempt += 1) {
    const client = new Client({ name: 'course-host', version: '1.0.0' }, options.clientOptions);
    // 403 insufficient_scope는 호스트가 직접 맡는다: 사람에게 묻는 step-up의 횟수를 한 호출 단위로 셀 수 있게.
    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider, onInsufficientScope: 'throw', ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
    try {
      await client.connect(transport);
      return { name, url: serverUrl, client, transport, provider, fetch: options.fetch, close: () => client.close() };
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
      const result = await auth(server.provider, { serverUrl: server.url, ...(scope === undefined ? {} : { scope }), ...(error.resourceMetadataUrl === undefined ? {} : { resourceMetadataUrl: error.resourceMetadataUrl }), ...(server.fetch === undefined ? {} : { fetchFn: server.fetch }), forceReauthorization: true });
      if (result === 'REDIRECT') await finishSignIn(server, server.name);
    }
  }
}

/** Calls a tool on a signed-in server, as sendSignedIn sends it. */
export async function callSignedIn(server: SignedInServer, tool: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return sendSignedIn(server, async (client) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult);
}
