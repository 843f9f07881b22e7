import { test } from 'vitest';
import { TokenStore, callSignedIn, connectSignedIn } from '../../../chapters/05-mcp-host/oauth.ts';
import type { SignInRequest, SignedInServer } from '../../../chapters/05-mcp-host/oauth.ts';
import { described, ensure, say } from '../_lib/say.ts';
import { josa } from '../_lib/josa.ts';
import { ISSUER, LOOPBACK_ISSUER, LOOPBACK_RESOURCE, OTHER_RESOURCE, READ_SCOPE, RESOURCE, WRITE_SCOPE, authWorld } from './auth-server.ts';
import type { AuthWorld, WorldOptions } from './auth-server.ts';
import { describeError } from './hostile.ts';

const WHERE = 'chapters/05-mcp-host/oauth.ts (TODO(05/5))';

/** The host's name for the protected server. */
const NAME = 'notes';

/** One sign-in attempt: the world, what the person was asked, and the connection or the error it ended with. */
interface Attempt {
  world: AuthWorld;
  asked: SignInRequest[];
  store: TokenStore;
  server?: SignedInServer;
  error?: string;
}

/** Connects the learner's host to `resource` in a fresh (or given) world, the person answering `approve`. */
async function attempt(options: WorldOptions & { approve?: boolean; world?: AuthWorld; store?: TokenStore; resource?: string; asked?: SignInRequest[] } = {}): Promise<Attempt> {
  const world = options.world ?? authWorld(options);
  const asked: SignInRequest[] = options.asked ?? [];
  const store = options.store ?? new TokenStore();
  const person = {
    approveSignIn: async (request: SignInRequest): Promise<boolean> => {
      asked.push(request);
      return options.approve ?? true;
    },
  };
  try {
    const server = await connectSignedIn(NAME, options.resource ?? RESOURCE, { server: NAME, person, browser: (url: URL) => world.browser(url), store, fetch: world.fetch });
    return { world, asked, store, server };
  } catch (error) {
    return { world, asked, store, error: describeError(error) };
  }
}

/** The requests the host sent, one line each, for messages. */
function traffic(world: AuthWorld): string[] {
  return world.sent.map((request) => `${request.method} ${request.url}${request.rpc === undefined ? '' : ` ${request.rpc}`}${request.authorization === undefined ? '' : ` [${request.authorization}]`}`);
}

/** Whether `text` names an address at the authorization server: a URL on its origin, or its host alone. */
function namesTheAuthorizationServer(text = ''): boolean {
  const issuer = new URL(ISSUER);
  return text === issuer.host || (URL.canParse(text) && new URL(text).origin === issuer.origin);
}

/** What a sign-in request failed to show the person: where they sign in, and `scope` among the scopes (listed with spaces or commas). */
function unshown(request: SignInRequest | undefined, scope: string): string[] {
  const missing: string[] = [];
  if (!namesTheAuthorizationServer(request?.authorizationServer)) missing.push('authorizationServer');
  if (request?.scope?.split(/[\s,]+/).includes(scope) !== true) missing.push('scope');
  return missing;
}

async function closeAll(...attempts: Attempt[]): Promise<void> {
  for (const each of attempts) {
    await each.server?.close().catch(() => undefined);
    await each.world.close();
  }
}

test('signs in after a 401 only with the person’s approval, by authorization code with PKCE S256 for this resource, and retries', async () => {
  const run = await attempt();
  try {
    const authorization = run.world.authorizations[0];
    const result = run.server === undefined ? undefined : await callSignedIn(run.server, 'read_notes').catch((error: unknown) => describeError(error));
    const text = typeof result === 'object' ? JSON.stringify(result.content) : result;
    ensure(run.asked.length === 1 && run.asked[0]?.server === NAME && run.world.authorizations.length === 1 && authorization?.get('code_challenge_method') === 'S256' && authorization.get('resource') === RESOURCE && run.world.issued.size === 1 && typeof text === 'string' && text.includes('우유 사기'), {
      what: say(
        `401을 받은 호스트가 사람의 승인 한 번, PKCE S256과 이 서버의 resource를 실은 authorization code 로그인, 그리고 토큰을 실은 재요청으로 이어지지 않았다. 2026-07-28 명세(basic/authorization): "MCP clients MUST implement PKCE according to OAuth 2.1 Section 7.5.2", "MCP clients MUST use the S256 code challenge method when technically capable", "The resource parameter: MUST be included in both authorization requests and token requests". 로그인은 사람이 호스트의 이름(${NAME})으로 된 요청을 보고 승인한 뒤에만 시작한다. ${WHERE}`,
        `A host that got a 401 did not go on to one approval by the person, an authorization-code sign-in carrying PKCE S256 and this server's resource, and a retried request with the token. The 2026-07-28 specification (basic/authorization): "MCP clients MUST implement PKCE according to OAuth 2.1 Section 7.5.2", "MCP clients MUST use the S256 code challenge method when technically capable", "The resource parameter: MUST be included in both authorization requests and token requests". A sign-in starts only after the person saw a request under the host's name (${NAME}) and approved it. ${WHERE}`,
      ),
      sent: described(say(`${RESOURCE}에 연결, 사람은 승인, 그다음 read_notes 호출`, `connect to ${RESOURCE}, the person approves, then call read_notes`)),
      got: { personAsked: run.asked, authorizationRequest: authorization?.toString(), result: text ?? run.error, requests: traffic(run.world) },
      expected: say('사람에게 1번 물음(server: notes), code_challenge_method=S256, resource=' + RESOURCE + ', 결과 "메모: 우유 사기"', 'the person asked once (server: notes), code_challenge_method=S256, resource=' + RESOURCE + ', the result "메모: 우유 사기"'),
    });
    const missing = unshown(run.asked[0], READ_SCOPE);
    ensure(missing.length === 0, {
      what: say(
        `사람이 본 로그인 요청의 ${missing.join(', ')} 필드가 비었거나 맞지 않았다. 사람은 어느 서버가, 어디(인가 서버 ${ISSUER})에서, 어떤 범위(${READ_SCOPE})로 로그인하려는지 보고 승인한다. 보지 못한 범위를 승인할 수는 없다. ${WHERE}`,
        `The sign-in request the person saw left ${missing.join(', ')} empty or wrong. The person approves seeing which server signs in, where (the authorization server ${ISSUER}) and for which scopes (${READ_SCOPE}); no one can approve a scope they were not shown. ${WHERE}`,
      ),
      sent: { authorizationPage: authorization?.toString() },
      got: { personAsked: run.asked[0] },
      expected: say(`server: ${NAME}, authorizationServer: ${ISSUER}의 주소, scope에 ${READ_SCOPE}`, `server: ${NAME}, authorizationServer: an address at ${ISSUER}, scope holding ${READ_SCOPE}`),
    });
  } finally {
    await closeAll(run);
  }
});

test('ends without a token when the person declines to sign in', async () => {
  const run = await attempt({ approve: false });
  try {
    ensure(run.server === undefined && run.asked.length === 1 && run.world.authorizations.length === 0 && run.world.tokenRequests.length === 0 && run.world.issued.size === 0, {
      what: say(
        `사람이 로그인을 거절했는데 호스트가 로그인을 진행했거나, 물어보지 않았거나, 연결이 오류로 끝나지 않았다. 로그인은 사람이 승인하는 일이다: 거절하면 인가 페이지를 열지 않고 토큰을 받지 않으며, 연결은 그 사실을 알리는 오류로 끝난다. ${WHERE}`,
        `The person declined to sign in, and the host signed in anyway, or never asked, or the connect did not end in an error. Signing in is the person's to approve: a denial opens no authorization page, gets no token, and ends the connect with an error that says so. ${WHERE}`,
      ),
      sent: described(say(`${RESOURCE}에 연결, 사람은 거절`, `connect to ${RESOURCE}, the person declines`)),
      got: { personAsked: run.asked.length, authorizationPagesOpened: run.world.authorizations.length, tokenRequests: run.world.tokenRequests.length, connected: run.server !== undefined, error: run.error },
      expected: say('사람에게 1번 물음, 인가 페이지 0, 토큰 요청 0, 연결은 오류', 'the person asked once, 0 authorization pages, 0 token requests, the connect ends in an error'),
    });
  } finally {
    await closeAll(run);
  }
});

test('refuses an authorization server whose metadata names another issuer', async () => {
  const run = await attempt({ metadataIssuer: 'https://evil.test' });
  try {
    ensure(run.server === undefined && run.world.authorizations.length === 0 && run.world.tokenRequests.length === 0, {
      what: say(
        `인가 서버 메타데이터의 issuer(https://evil.test)가 그 메타데이터를 가져온 인가 서버(${ISSUER})와 다른데 호스트가 로그인을 이어 갔다. RFC 8414 §3.3: "The "issuer" value returned MUST be identical to the authorization server's issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata. If these values are not identical, the data contained in the response MUST NOT be used." 이 검사를 끄지 않는다. ${WHERE}`,
        `The authorization server's metadata names an issuer (https://evil.test) other than the server it was fetched from (${ISSUER}), and the host went on signing in. RFC 8414 §3.3: "The "issuer" value returned MUST be identical to the authorization server's issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata. If these values are not identical, the data contained in the response MUST NOT be used." Keep that check on. ${WHERE}`,
      ),
      sent: { issuerInMetadata: 'https://evil.test', metadataFetchedFrom: `${ISSUER}/.well-known/oauth-authorization-server` },
      got: { authorizationPagesOpened: run.world.authorizations.length, tokenRequests: run.world.tokenRequests.length, connected: run.server !== undefined, error: run.error },
      expected: say('인가 페이지 0, 토큰 요청 0, 연결은 오류', '0 authorization pages, 0 token requests, the connect ends in an error'),
    });
  } finally {
    await closeAll(run);
  }
});

test('refuses protected-resource metadata that names another resource, or only the origin', async () => {
  const hostile: { label: string; advertised: (resource: string) => string }[] = [
    { label: say('다른 서버의 주소', "another server's resource"), advertised: () => OTHER_RESOURCE },
    { label: say('출처만', 'only the origin'), advertised: (resource) => new URL(resource).origin + '/' },
  ];
  for (const { label, advertised } of hostile) {
    const run = await attempt({ advertisedResource: advertised });
    try {
      ensure(run.server === undefined && run.asked.length === 0 && run.world.authorizations.length === 0 && run.world.tokenRequests.length === 0, {
        what: say(
          `보호 자원 메타데이터의 resource가 ${label}(${advertised(RESOURCE)})인데 호스트가 로그인을 이어 갔다. 이 메타데이터의 주소는 서버가 401의 WWW-Authenticate로 알려 준 것이다. RFC 9728 §3.3: "If the protected resource metadata was retrieved from a URL returned by the protected resource via the WWW-Authenticate resource_metadata parameter, then the resource value returned MUST be identical to the URL that the client used to make the request to the resource server. If these values are not identical, the data contained in the response MUST NOT be used." 접두어나 출처만 맞는 것으로는 모자라다. ${WHERE}`,
          `The protected-resource metadata named ${label} (${advertised(RESOURCE)}) as its resource, and the host went on signing in. The server gave this metadata's address in its 401's WWW-Authenticate. RFC 9728 §3.3: "If the protected resource metadata was retrieved from a URL returned by the protected resource via the WWW-Authenticate resource_metadata parameter, then the resource value returned MUST be identical to the URL that the client used to make the request to the resource server. If these values are not identical, the data contained in the response MUST NOT be used." A matching prefix or origin is not enough. ${WHERE}`,
        ),
        sent: { connectTo: RESOURCE, resourceInMetadata: advertised(RESOURCE) },
        got: { personAsked: run.asked.length, authorizationPagesOpened: run.world.authorizations.length, tokenRequests: run.world.tokenRequests.length, connected: run.server !== undefined, error: run.error },
        expected: say('사람에게 묻지 않음, 인가 페이지 0, 토큰 요청 0, 연결은 오류', 'the person not asked, 0 authorization pages, 0 token requests, the connect ends in an error'),
      });
    } finally {
      await closeAll(run);
    }
  }
});

test('steps up once on 403 insufficient_scope and stops a server that keeps refusing', async () => {
  for (const stepUp of ['until-granted', 'forever'] as const) {
    const run = await attempt({ stepUp });
    try {
      const result = run.server === undefined ? run.error : await callSignedIn(run.server, 'write_note', { text: 'hi' }).then((value: { content: unknown }) => JSON.stringify(value.content), (error: unknown) => `error: ${describeError(error)}`);
      const writes = run.world.sent.filter((request) => request.rpc === 'tools/call').length;
      const wider = run.world.authorizations[1]?.get('scope')?.split(' ').includes(WRITE_SCOPE) === true;
      const ok = stepUp === 'until-granted' ? run.world.authorizations.length === 2 && wider && writes === 2 && result?.includes('메모를 썼다') === true : run.world.authorizations.length <= 2 && writes <= 2 && result?.startsWith('error') === true;
      const missing = stepUp === 'until-granted' ? unshown(run.asked[1], WRITE_SCOPE) : [];
      ensure(ok, {
        what: say(
          `${stepUp === 'until-granted' ? 'write_note가 403 insufficient_scope로 더 넓은 scope를 요구했는데, 호스트가 그 scope로 한 번 다시 로그인하고 호출을 다시 보내 성공하지 않았다' : '서버가 403 insufficient_scope를 끝없이 돌려주는데 호스트가 한 번의 단계 상향 뒤에 멈추지 않았다'}. 2026-07-28 명세(basic/authorization, step-up): "Clients SHOULD implement retry limits and SHOULD track scope upgrade attempts to avoid repeated failures for the same resource and operation combination". 한 호출에 단계 상향은 한 번이다. ${WHERE}`,
          `${stepUp === 'until-granted' ? 'write_note demanded a wider scope with 403 insufficient_scope, and the host did not sign in once more with that scope and resend the call to success' : 'The server answers 403 insufficient_scope forever, and the host did not stop after one step-up'}. The 2026-07-28 specification (basic/authorization, step-up): "Clients SHOULD implement retry limits and SHOULD track scope upgrade attempts to avoid repeated failures for the same resource and operation combination". One call gets one step-up. ${WHERE}`,
        ),
        sent: described(say(`write_note 호출, 서버는 ${stepUp === 'until-granted' ? `${josa(WRITE_SCOPE, '이/가')} 없는 토큰에 403` : '언제나 403'}`, `call write_note, the server answering 403 ${stepUp === 'until-granted' ? `to a token without ${WRITE_SCOPE}` : 'always'}`)),
        got: { signIns: run.world.authorizations.map((query) => query.get('scope')), toolsCallSent: writes, result },
        expected: stepUp === 'until-granted' ? say(`로그인 2번(두 번째 scope에 ${WRITE_SCOPE}), tools/call 2건, 결과 "메모를 썼다"`, `2 sign-ins (the second scope with ${WRITE_SCOPE}), 2 tools/call, the result "메모를 썼다"`) : say('로그인 2번 이하, tools/call 2건 이하, 호출은 오류', 'at most 2 sign-ins, at most 2 tools/call, the call ends in an error'),
      });
      ensure(missing.length === 0, {
        what: say(
          `단계 상향 로그인을 승인하라고 사람에게 보인 요청의 ${missing.join(', ')} 필드가 비었거나 맞지 않았다. 더 넓은 범위(${WRITE_SCOPE})를 주는 것도 사람이 보고 승인하는 일이다. ${WHERE}`,
          `The request the person was shown to approve the step-up sign-in left ${missing.join(', ')} empty or wrong. Granting a wider scope (${WRITE_SCOPE}) is also the person's to see and approve. ${WHERE}`,
        ),
        sent: described(say(`write_note 호출, 서버는 ${josa(WRITE_SCOPE, '이/가')} 없는 토큰에 403 insufficient_scope`, `call write_note, the server answering 403 insufficient_scope to a token without ${WRITE_SCOPE}`)),
        got: { personAsked: run.asked },
        expected: say(`두 번째 물음: authorizationServer는 ${ISSUER}의 주소, scope에 ${WRITE_SCOPE}`, `the second request: authorizationServer an address at ${ISSUER}, scope holding ${WRITE_SCOPE}`),
      });
    } finally {
      await closeAll(run);
    }
  }
});

test('keeps each token for its own resource: never sends it to another server, and never signs in again for what was granted', async () => {
  const world = authWorld();
  const store = new TokenStore();
  const asked: SignInRequest[] = [];
  const first = await attempt({ world, store, asked });
  const again = await attempt({ world, store, asked });
  const other = await attempt({ world, store, asked, resource: OTHER_RESOURCE });
  try {
    const tokenOf = (resource: string): string[] => [...world.issued].filter(([, grant]) => grant.resource === resource).map(([token]) => `Bearer ${token}`);
    const leaked = world.sent.filter((request) => request.url.startsWith(new URL(OTHER_RESOURCE).origin) && request.authorization !== undefined && tokenOf(RESOURCE).includes(request.authorization));
    ensure(first.server !== undefined && again.server !== undefined && other.server !== undefined && leaked.length === 0 && asked.length === 2 && asked[1]?.server === NAME, {
      what: say(
        `같은 TokenStore로 ${RESOURCE}에 두 번, ${OTHER_RESOURCE}에 한 번 연결했는데, 한 서버의 토큰이 다른 서버로 갔거나, 이미 받은 범위(scope)로 다시 로그인을 물었거나, 연결이 실패했다. 2026-07-28 명세(basic/authorization, token audience): "MCP clients MUST NOT send tokens to the MCP server other than ones issued by the MCP server's authorization server", RFC 8707 §2: 토큰은 resource로 요청한 그 자원 서버의 것이다. 토큰은 자원 서버마다 따로 두고, 같은 서버에서는 다시 쓴다. ${WHERE}`,
        `With one TokenStore the host connected twice to ${RESOURCE} and once to ${OTHER_RESOURCE}, and a token of one resource went to the other server, or the person was asked to sign in again for scopes already granted, or a connect failed. The 2026-07-28 specification (basic/authorization, token audience): "MCP clients MUST NOT send tokens to the MCP server other than ones issued by the MCP server's authorization server"; RFC 8707 §2: a token is for the resource it was requested for. Keep tokens per resource, and reuse them on the same resource. ${WHERE}`,
      ),
      sent: described(say(`${RESOURCE} 연결 두 번, 그다음 ${OTHER_RESOURCE} 연결, 사람은 매번 승인`, `connect to ${RESOURCE} twice, then to ${OTHER_RESOURCE}, the person approving each time`)),
      got: { signInsAsked: asked.length, tokenOfFirstSentToOther: leaked.map((request) => `${request.method} ${request.url} [${request.authorization ?? ''}]`), errors: [first.error, again.error, other.error].filter((error) => error !== undefined) },
      expected: say(`로그인 2번(${RESOURCE}에 1번, ${OTHER_RESOURCE}에 1번), 다른 서버로 간 토큰 0`, `2 sign-ins (1 for ${RESOURCE}, 1 for ${OTHER_RESOURCE}), 0 tokens sent to the other server`),
    });
  } finally {
    await first.server?.close().catch(() => undefined);
    await again.server?.close().catch(() => undefined);
    await other.server?.close().catch(() => undefined);
    await world.close();
  }
});

test('redeems no code from a redirect whose iss names another issuer, or the issuer written differently', async () => {
  // The authorization server puts iss in its responses without advertising it yet (the table's third row).
  const hostile: { label: string; iss: string }[] = [
    { label: say('다른 인가 서버', 'another authorization server'), iss: 'https://evil.test' },
    { label: say('끝에 /를 붙여 다르게 쓴 같은 issuer', 'the same issuer written with a trailing /'), iss: `${ISSUER}/` },
  ];
  for (const { label, iss } of hostile) {
    const run = await attempt({ responseIssuer: iss });
    try {
      ensure(run.server === undefined && run.world.tokenRequests.length === 0 && run.world.issued.size === 0, {
        what: say(
          `인가 서버에서 돌아온 주소의 iss가 ${label}(${iss})인데, 호스트가 그 코드로 토큰을 요청했다. 2026-07-28 명세(basic/authorization, Authorization Response Validation): "On receiving the authorization response, MCP clients MUST apply the validation in RFC9207 Section 2.4 before transmitting the authorization code to any token endpoint"이고, authorization_response_iss_parameter_supported가 없어도 iss가 있으면 "Compare to the recorded issuer using simple string comparison", 그리고 "clients MUST NOT apply scheme or host case folding, default-port elision, trailing-slash, or percent-encoding normalization". 돌아온 주소에서 코드만 꺼내 넘기면 iss는 아무도 보지 않는다. ${WHERE}`,
          `The redirect back from the authorization server carried iss ${label} (${iss}), and the host requested a token with its code. The 2026-07-28 specification (basic/authorization, Authorization Response Validation): "On receiving the authorization response, MCP clients MUST apply the validation in RFC9207 Section 2.4 before transmitting the authorization code to any token endpoint"; when iss is present, advertised or not: "Compare to the recorded issuer using simple string comparison", and "clients MUST NOT apply scheme or host case folding, default-port elision, trailing-slash, or percent-encoding normalization". Take only the code out of the redirect and no one looks at iss. ${WHERE}`,
        ),
        sent: { recordedIssuer: ISSUER, redirectBack: `code=…&state=…&iss=${iss}`, issAdvertisedInMetadata: false },
        got: { tokenRequests: run.world.tokenRequests.map((form) => form.toString()), tokensIssued: run.world.issued.size, connected: run.server !== undefined, error: run.error },
        expected: say('토큰 요청 0, 연결은 오류', '0 token requests, the connect ends in an error'),
      });
    } finally {
      await closeAll(run);
    }
  }
});

test('registers with its Client ID Metadata Document where the authorization server offers one, dynamically where not, and says which', async () => {
  const offered = await attempt({ clientIdMetadataDocuments: true });
  const dynamic = await attempt();
  try {
    const clientId = offered.world.authorizations[0]?.get('client_id') ?? '';
    const isDocument = URL.canParse(clientId) && new URL(clientId).protocol === 'https:' && new URL(clientId).pathname !== '/';
    const offeredOk = offered.server !== undefined && offered.world.registrations.length === 0 && isDocument && offered.asked[0]?.registration === 'client-id-metadata-document';
    const dynamicOk = dynamic.server !== undefined && dynamic.world.registrations.length === 1 && dynamic.asked[0]?.registration === 'dynamic-client-registration';
    ensure(offeredOk && dynamicOk, {
      what: say(
        `${offeredOk ? `client ID 메타데이터 문서를 받지 않는 인가 서버에서 호스트가 동적 등록으로 로그인하지 않았거나, 사람에게 보인 요청의 registration이 'dynamic-client-registration'이 아니었다` : `인가 서버가 메타데이터에 client_id_metadata_document_supported: true를 내세웠는데 호스트가 client ID 메타데이터 문서(그 문서의 https 주소를 클라이언트 식별자로)로 로그인하지 않았거나(동적 등록 ${offered.world.registrations.length}번), 사람에게 보인 요청의 registration이 'client-id-metadata-document'가 아니었다`}. 2026-07-28 명세(basic/authorization/client-registration): "Use Client ID Metadata Documents if the Authorization Server indicates that it supports them (via client_id_metadata_document_supported in OAuth Authorization Server Metadata)", "Use Dynamic Client Registration as a fallback", 그리고 "Dynamic Client Registration is deprecated". 어떻게 등록했는지는 사람이 로그인을 승인할 때 본다. ${WHERE}`,
        `${offeredOk ? `At an authorization server that takes no Client ID Metadata Documents the host did not sign in with dynamic registration, or the request the person saw did not say registration 'dynamic-client-registration'` : `The authorization server's metadata offered client_id_metadata_document_supported: true, and the host did not sign in with its Client ID Metadata Document (its document's https address as the client identifier; ${offered.world.registrations.length} dynamic registrations), or the request the person saw did not say registration 'client-id-metadata-document'`}. The 2026-07-28 specification (basic/authorization/client-registration): "Use Client ID Metadata Documents if the Authorization Server indicates that it supports them (via client_id_metadata_document_supported in OAuth Authorization Server Metadata)", "Use Dynamic Client Registration as a fallback", and "Dynamic Client Registration is deprecated". The person sees how the host registered when approving the sign-in. ${WHERE}`,
      ),
      sent: described(say('연결 두 번: CIMD를 내세우는 인가 서버, 동적 등록만 받는 인가 서버', 'two connects: an authorization server offering CIMD, one taking only dynamic registration')),
      got: {
        offering: { clientId, dynamicRegistrations: offered.world.registrations.length, registrationShown: offered.asked[0]?.registration, error: offered.error },
        dynamicOnly: { clientId: dynamic.world.authorizations[0]?.get('client_id'), dynamicRegistrations: dynamic.world.registrations.length, registrationShown: dynamic.asked[0]?.registration, error: dynamic.error },
      },
      expected: say("CIMD: 동적 등록 0, 클라이언트 식별자는 경로가 있는 https URL, registration 'client-id-metadata-document'; 동적 등록만: 등록 1, registration 'dynamic-client-registration'", "CIMD: 0 dynamic registrations, the client identifier an https URL with a path, registration 'client-id-metadata-document'; dynamic only: 1 registration, registration 'dynamic-client-registration'"),
    });
  } finally {
    await closeAll(offered, dynamic);
  }
});

test('sends discovery nothing at a private, link-local or plain-http address, nor at loopback for a server not on loopback', async () => {
  const hostile: { label: string; address: string; options: WorldOptions }[] = [
    { label: say('401의 resource_metadata가 링크 로컬(클라우드 메타데이터)', "the 401's resource_metadata at link-local (cloud metadata)"), address: 'http://169.254.169.254/latest/meta-data/iam', options: { resourceMetadata: 'http://169.254.169.254/latest/meta-data/iam' } },
    { label: say('인가 서버가 사설 주소(https)', 'the authorization server at a private address (https)'), address: 'https://10.0.0.7', options: { authorizationServers: ['https://10.0.0.7'] } },
    { label: say('인가 서버가 http', 'the authorization server on plain http'), address: 'http://auth.test', options: { authorizationServers: ['http://auth.test'] } },
    { label: say('인가 서버가 루프백(서버는 루프백이 아님)', 'the authorization server on loopback (the server is not)'), address: 'http://127.0.0.1:6379', options: { authorizationServers: ['http://127.0.0.1:6379'] } },
    { label: say('등록 끝점이 사설 IPv6', 'the registration endpoint at a private IPv6 address'), address: 'https://[fd00::1]', options: { endpoints: { registration_endpoint: 'https://[fd00::1]/register' } } },
  ];
  for (const { label, address, options } of hostile) {
    const run = await attempt(options);
    try {
      const origin = new URL(address).origin;
      const reached = run.world.sent.filter((request) => new URL(request.url).origin === origin);
      ensure(reached.length === 0 && run.world.issued.size === 0, {
        what: say(
          `메타데이터가 ${label}(${address})를 가리켰고, 호스트가 그 주소로 요청을 보냈다. 2026-07-28 보안 모범 사례(Server-Side Request Forgery): "During OAuth metadata discovery, MCP clients fetch URLs from several sources that could be controlled by a malicious MCP server", "Reject http:// URLs except for loopback addresses", "MCP clients SHOULD block requests to private and reserved IP address ranges"(10.0.0.0/8, 169.254.0.0/16, fc00::/7 등). 찾기는 https 주소에만, 사설·링크 로컬 주소에는 가지 않고, 루프백에는 서버 자신이 루프백에 있을 때만 간다. ${WHERE}`,
          `The metadata pointed at ${label} (${address}), and the host sent a request there. The 2026-07-28 Security Best Practices (Server-Side Request Forgery): "During OAuth metadata discovery, MCP clients fetch URLs from several sources that could be controlled by a malicious MCP server", "Reject http:// URLs except for loopback addresses", "MCP clients SHOULD block requests to private and reserved IP address ranges" (10.0.0.0/8, 169.254.0.0/16, fc00::/7 and others). Discovery goes only to https addresses, never to private or link-local ones, and to loopback only when the server itself is on loopback. ${WHERE}`,
        ),
        sent: { connectTo: RESOURCE, hostileAddress: address },
        got: { requestsToIt: reached.map((request) => `${request.method} ${request.url}`), tokensIssued: run.world.issued.size, error: run.error },
        expected: say(`${josa(origin, '으로/로')} 간 요청 0`, `0 requests to ${origin}`),
      });
    } finally {
      await closeAll(run);
    }
  }
  const local = await attempt({ resource: LOOPBACK_RESOURCE });
  try {
    ensure(local.server !== undefined && local.world.issued.size === 1, {
      what: say(
        `루프백의 서버(${LOOPBACK_RESOURCE})가 루프백의 인가 서버(${LOOPBACK_ISSUER})를 내세웠는데 호스트가 로그인하지 못했다. 보안 모범 사례(2026-07-28, SSRF)는 "Reject http:// URLs except for loopback addresses"라고 한다. 서버 자신이 이 기계에 있으면 그 인가 서버도 이 기계에 있을 수 있다(npm run host와 npm run auth-server처럼). ${WHERE}`,
        `A server on loopback (${LOOPBACK_RESOURCE}) named an authorization server on loopback (${LOOPBACK_ISSUER}), and the host did not sign in. The 2026-07-28 Security Best Practices (SSRF): "Reject http:// URLs except for loopback addresses". When the server itself is on this machine, its authorization server may be too (as npm run host with npm run auth-server is). ${WHERE}`,
      ),
      sent: { connectTo: LOOPBACK_RESOURCE, authorizationServer: LOOPBACK_ISSUER },
      got: { connected: local.server !== undefined, tokensIssued: local.world.issued.size, requests: traffic(local.world), error: local.error },
      expected: say('연결됨, 토큰 1개', 'connected, 1 token issued'),
    });
  } finally {
    await closeAll(local);
  }
});

test('opens no authorization page that is not https, or http on loopback', async () => {
  const hostile = ['file:///etc/passwd', 'javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://auth.test/authorize'];
  for (const endpoint of hostile) {
    const run = await attempt({ endpoints: { authorization_endpoint: endpoint } });
    try {
      ensure(run.server === undefined && run.world.opened.length === 0 && run.world.tokenRequests.length === 0, {
        what: say(
          `인가 서버 메타데이터의 authorization_endpoint가 ${endpoint}인데, 호스트가 그 주소를 브라우저로 열었거나 연결이 오류로 끝나지 않았다. 2026-07-28 보안 모범 사례(OAuth Authorization URL Validation): "MUST only allow http:// and https:// schemes for authorization URLs. The http:// scheme is acceptable only for loopback addresses", "MUST reject javascript:, data:, file:, vbscript:, and other potentially dangerous schemes", "SHOULD use allowlist-based validation rather than blocklist-based approaches". 여는 것은 https 페이지와 루프백의 http 페이지뿐이고, 나머지는 열기 전에 거절한다. ${WHERE}`,
          `The authorization server's metadata gave ${endpoint} as its authorization_endpoint, and the host opened that address in the browser or the connect did not end in an error. The 2026-07-28 Security Best Practices (OAuth Authorization URL Validation): "MUST only allow http:// and https:// schemes for authorization URLs. The http:// scheme is acceptable only for loopback addresses", "MUST reject javascript:, data:, file:, vbscript:, and other potentially dangerous schemes", "SHOULD use allowlist-based validation rather than blocklist-based approaches". Only an https page, or http on loopback, is opened; anything else is refused before it is opened. ${WHERE}`,
        ),
        sent: { authorizationEndpointInMetadata: endpoint },
        got: { pagesOpened: run.world.opened, tokenRequests: run.world.tokenRequests.length, connected: run.server !== undefined, error: run.error },
        expected: say('연 페이지 0, 토큰 요청 0, 연결은 오류', '0 pages opened, 0 token requests, the connect ends in an error'),
      });
    } finally {
      await closeAll(run);
    }
  }
});
