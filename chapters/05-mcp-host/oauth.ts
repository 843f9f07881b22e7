import { Client, InsufficientScopeError, StreamableHTTPClientTransport, UnauthorizedError, auth, computeScopeUnion } from '@modelcontextprotocol/client';
import type { CallToolResult, ClientOptions, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/*
 * 05/5: 토큰을 바라는 서버는 401로 답하고, OAuth 흐름은 SDK가 돌린다: 보호 자원 메타데이터(RFC 9728), issuer를
 * 확인한 인가 서버 메타데이터, PKCE S256을 곁들인 authorization code, 자원 주소(resource, RFC 8707)를 실은 토큰 요청,
 * 403 insufficient_scope 뒤의 단계 상향. 호스트가 정하는 것은 OAuthClientProvider와 그 둘레에 있다: 누가 로그인을
 * 승인하는지, 토큰이 어느 자원의 것인지, 토큰을 어디에 두는지, 어떻게 등록하는지, 찾기가 어느 주소에 닿는지, 어떤
 * 페이지를 여는지, 돌아온 주소에서 무엇을 SDK에 넘기는지.
 */

/** 호스트가 인가 서버에서 client_id를 얻은 방법: 클라이언트 ID 메타데이터 문서, 또는 동적 등록. */
export type Registration = 'client-id-metadata-document' | 'dynamic-client-registration';

/** 로그인 전에 사람에게 보이는 요청: 서버, 인가 서버, 범위, 그리고 호스트가 그곳에 어떻게 등록했는지. */
export interface SignInRequest {
  server: string;
  /** 사람이 로그인할 인가 서버의 주소. */
  authorizationServer: string;
  scope: string | undefined;
  registration: Registration;
}

/** 호스트 앞의 사람. */
export interface SignInPerson {
  /** 로그인할지 사람에게 묻는다. */
  approveSignIn(request: SignInRequest): Promise<boolean>;
}

/** 사람에게 인가 페이지를 열어 주고, 호스트로 돌아온 리디렉션의 쿼리로 끝난다. */
export type Browser = (authorizationUrl: URL) => Promise<URLSearchParams>;

/** 연결과 연결 사이에 호스트가 간직하는 것: 클라이언트 등록 정보와 토큰. */
export class TokenStore {
  /** 받은 토큰. */
  readonly tokens = new Map<string, StoredOAuthTokens>();
  /** 인가 서버에 등록한 클라이언트 정보. 등록해 준 인가 서버의 주소가 열쇠다. */
  readonly clients = new Map<string, StoredOAuthClientInformation>();
}

/** 서버 하나에 대해 호스트의 OAuth 클라이언트가 필요로 하는 것. */
export interface OAuthHostOptions {
  /** 서버의 이름. */
  server: string;
  person: SignInPerson;
  browser: Browser;
  store: TokenStore;
  /** 전송과 OAuth 흐름이 쓰는 fetch(테스트는 프로세스 안의 것을 넘긴다). */
  fetch?: typeof fetch;
  /** SDK 클라이언트의 옵션(고정할 프로토콜 버전 등). */
  clientOptions?: ClientOptions;
}

/** 브라우저가 돌아온 리디렉션을 한 번 넘겨주는 기능을 더한 제공자. */
export interface HostOAuthProvider extends OAuthClientProvider {
  /**
   * 마지막 로그인에서 돌아온 리디렉션의 쿼리. 없으면 undefined이고, 읽으면 지워진다. 그 쿼리의 state가 이 로그인이 인가
   * 요청에 실어 보낸 state와 다르거나 없으면 코드를 넘기지 않고 실패한다.
   */
  takeCallback(): URLSearchParams | undefined;
}

/** 호스트가 등록하는 리디렉션 주소(OAuth 2.1 §8.4.2의 루프백 주소). */
export const REDIRECT_URL = 'http://127.0.0.1:8765/callback';

/**
 * 호스트의 클라이언트 ID 메타데이터 문서의 주소. 그 문서를 받는 인가 서버에서는 이것이 곧 client_id다
 * (draft-ietf-oauth-client-id-metadata-document): 경로가 있는 https 주소. 문서는 과정이 내놓고, 과정의 기계는
 * 네트워크에 닿지 않으니 `npm run auth-server`는 그 사본을 쓴다.
 */
export const CLIENT_METADATA_URL = 'https://course-host.example/oauth/client-metadata.json';

/** 사설 주소와 링크 로컬 주소의 범위: RFC 1918, RFC 6598(공유), RFC 3927(링크 로컬, 클라우드 메타데이터), RFC 4193, RFC 4291. */
const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['172.16.0.0', 12], ['192.168.0.0', 16], ['169.254.0.0', 16]] as const) PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['fc00::', 7], ['fe80::', 10], ['::', 128]] as const) PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');

/** 루프백: 127.0.0.0/8과 ::1(BlockList가 IPv4 대응 주소까지 본다). */
const LOOPBACK_RANGES = new BlockList();
LOOPBACK_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_RANGES.addAddress('::1', 'ipv6');

/** URL의 호스트가 IP 주소면 그 주소(대괄호 없이, 16진·8진 표기는 URL 파서가 이미 점 표기로 바꿨다), 이름이면 undefined. */
function addressOf(url: URL): { address: string; family: 'ipv4' | 'ipv6' } | undefined {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const version = isIP(host);
  return version === 0 ? undefined : { address: host, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** URL의 호스트가 이 기계인지: `localhost`나 루프백 주소. */
export function isLoopback(url: URL): boolean {
  const ip = addressOf(url);
  return ip === undefined ? url.hostname === 'localhost' || url.hostname.endsWith('.localhost') : LOOPBACK_RANGES.check(ip.address, ip.family);
}

/** URL의 호스트가 사설 주소나 링크 로컬 주소인지(이름은 여기서 풀지 않는다: 그 일은 나가는 프록시의 몫이다). */
export function isPrivateAddress(url: URL): boolean {
  const ip = addressOf(url);
  return ip !== undefined && PRIVATE_RANGES.check(ip.address, ip.family);
}

/** MCP 서버 자신의 주소(사람이 설정한 주소)와 `allows`가 거절하지 않는 주소에만 보내는 fetch. 거절하면 그 주소를 대며 실패한다. */
function guardedFetch(fetchFn: typeof fetch, serverUrl: URL, allows: (url: URL) => boolean): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.href !== serverUrl.href && !allows(url)) throw new Error(`refused to send a request to ${url.href}: OAuth discovery may not reach this address`);
    return fetchFn(input, init);
  };
}

/** 서버 URL이 가리키는 자원(RFC 8707 §2: 프래그먼트 없는 절대 URI). */
function resourceOf(url: string | URL): string {
  const resource = new URL(url);
  resource.hash = '';
  return resource.href;
}

/** `serverUrl`의 서버를 위한 호스트의 OAuth 클라이언트. */
export function createOAuthProvider(serverUrl: URL, options: OAuthHostOptions): HostOAuthProvider {
  const resource = resourceOf(serverUrl);
  let verifier = '';
  let authorizationServer = '';
  let callback: URLSearchParams | undefined;
  // 이 로그인의 인가 요청에 실어 보낸 state. 돌아온 주소가 같은 값을 가져와야 이 로그인의 응답이다.
  let sentState: string | undefined;
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
    // 인가 요청마다 새 state를 만든다(추측할 수 없는 32바이트). SDK가 이것을 인가 주소의 state에 싣는다.
    state: () => {
      sentState = randomBytes(32).toString('base64url');
      return sentState;
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
    // TODO(05/5): 로그인을 누가 승인하는지, 받은 토큰을 무엇을 열쇠로 두고 어디에 쓰는지, 메타데이터가 내세운 자원을 언제 받아들이는지를 정하라. 호스트가 어떻게 등록하는지, 어떤 인가 페이지를 여는지, 찾기(discoveryAllows)가 어느 주소에 닿는지, 돌아온 주소에서 무엇을 SDK에 넘기는지(finishSignIn)도 정하라.
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
      const expected = sentState;
      callback = undefined;
      sentState = undefined;
      if (taken === undefined) signingIn = false;
      // 2026-07-28 보안 고려 사항(Open Redirection): state가 없거나 보낸 것과 다른 응답은 버린다. 남이 만든 주소나 지난 로그인의 주소다.
      else if (expected === undefined || taken.get('state') !== expected) {
        signingIn = false;
        throw new Error('refused the redirect back from the authorization server: its state is not the one this sign-in sent, so it may be forged or from another sign-in');
      }
      return taken;
    },
  };
}

/** `serverUrl`의 서버를 위한 OAuth 찾기가 `url`에 요청을 보내도 되는지. */
function discoveryAllows(url: URL, serverUrl: URL): boolean {
  return url.origin === serverUrl.origin || url.protocol === 'https:' || url.protocol === 'http:';
}

/** 로그인한 OAuth 클라이언트로 연결한 서버. */
export interface SignedInServer {
  name: string;
  client: Client;
  url: URL;
  transport: StreamableHTTPClientTransport;
  provider: HostOAuthProvider;
  /** 이 연결이 쓰는 지키는 fetch. 전송 밖에서 새로 로그인할 때 쓴다. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/** 사람이 로그인을 거절했을 때 호스트가 받는 오류. */
export class SignInDeclinedError extends Error {
  override name = 'SignInDeclinedError';
}

/** 한 호출이 할 수 있는 단계 상향(403 insufficient_scope 뒤에 더 넓은 범위로 다시 로그인하기)의 수. */
export const MAX_STEP_UPS = 1;

/** SDK가 시작한 로그인을 끝낸다: 브라우저가 가져온 코드를 바꾸거나, 사람이 거절했으면 실패한다. */
async function finishSignIn(server: Pick<SignedInServer, 'transport' | 'provider'>, name: string): Promise<void> {
  const callback = server.provider.takeCallback();
  if (callback === undefined) throw new SignInDeclinedError(`the person declined to sign in to ${name}`);
  await server.transport.finishAuth(callback.get('code') ?? '');
}

/** `url`의 Streamable HTTP 서버에 연결한다. 서버가 토큰을 요구하면 사람을 거쳐 로그인한다. */
export async function connectSignedIn(name: string, url: string | URL, options: OAuthHostOptions): Promise<SignedInServer> {
  const serverUrl = new URL(url);
  const provider = createOAuthProvider(serverUrl, options);
  // 이 연결의 모든 요청은, OAuth 찾기까지, 보내기 전에 discoveryAllows를 거친다.
  const guarded = guardedFetch(options.fetch ?? ((input, init) => fetch(input, init)), serverUrl, (address) => discoveryAllows(address, serverUrl));
  for (let attempt = 0; ; attempt += 1) {
    const client = new Client({ name: 'course-host', version: '1.0.0' }, options.clientOptions);
    // 403 insufficient_scope는 호스트가 직접 맡는다: 사람에게 묻는 단계 상향의 횟수를 한 호출 단위로 셀 수 있게.
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
 * 로그인한 서버에 요청 하나를 보낸다: 401(토큰이 거절됐거나 서버가 다른 인가 서버로 옮겼다)에는 사람을 거쳐 한 번 다시
 * 로그인하고, 403 insufficient_scope에는 MAX_STEP_UPS번까지 단계 상향한다.
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

/** 로그인한 서버의 도구를 sendSignedIn으로 부른다. */
export async function callSignedIn(server: SignedInServer, tool: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return sendSignedIn(server, async (client) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult);
}
