import { test } from 'vitest';
import { described, ensure, say } from '../_lib/say.ts';
import { ALL_SCOPES, CALL_ARGS, SCOPE_OF, SCOPES_TS, challengeParam, everyMethod, handlerOf, legacy, metadataUrlOf, modern, send, setup, showAnswer, toolNames } from './support.ts';
import type { Raw } from './support.ts';
import { sourceLineOf } from '../_lib/place.ts';

/** The learner's scopes.ts, resolved as the suite's imports resolve it. */
const SCOPES_URL = new URL('../../../chapters/04-remote-mcp-http/scopes.ts', import.meta.url);

/** Server allowlists a team may write. */
const APPROVED: string[][] = [['count_tasks', 'summarize_document', 'read_note'], ['count_tasks', 'read_note'], ['summarize_document']];

/**
 * Scope sets a token may carry, near misses included: a scope of another tool, a broader-looking name, a write scope,
 * names that hold a real scope as a substring (a prefix, a suffix, both), and a real scope in other letter case, which
 * an exact comparison never grants (scope tokens are case-sensitive strings: RFC 6749 §3.3).
 */
const SCOPE_SETS: string[][] = [
  [],
  ['tasks:read'],
  ['docs:read'],
  ['notes:read'],
  ['tasks:read', 'notes:read'],
  ALL_SCOPES,
  ['tasks', 'notes:write', 'admin'],
  ['tasks:read', 'docs:write'],
  ['mytasks:read'],
  ['docs:reader', 'notes:read:all'],
  ['xtasks:readx', 'mydocs:read', 'notes:read'],
  ['TASKS:READ', 'Docs:Read', 'notes:read'],
];

/** The two ways a request reaches the endpoint: as a 2026-07-28 client sends it, and as a 2025-era host sends it after initialize. */
const ERAS: { label: string; request: (method: string, params: Record<string, unknown>, token: string) => Raw }[] = [
  { label: '2026-07-28', request: (method, params, token) => modern(method, params, token) },
  { label: '2025-06-18', request: (method, params, token) => legacy(method, params, token, '2025-06-18') },
];

/** The tools a caller should have: the server's allowlist, narrowed by the token's scopes. */
function expected(approved: readonly string[], scopes: readonly string[]): string[] {
  return approved.filter((tool) => scopes.includes(SCOPE_OF[tool]!)).sort();
}

/** Why the list and the calls follow both lists, shared by the scope tests. */
const WHY = {
  ko: '도구는 두 허용 목록이 함께 정한다. 서버의 허용 목록(options.tools)이 상한이고, 토큰의 범위는 그 안에서 이 호출자의 몫을 고른다. 범위는 인가 서버가 정해 토큰에 실은 것이라 서버 허용 목록을 넓히지 못하고(2장: 밖에서 온 것은 권한을 넓히지 못한다), tools/list는 이 호출자를 위해 이 요청에서 만들어진다.',
  en: "Two allowlists decide the tools together: the server's allowlist (options.tools) is the ceiling, and the token's scopes pick this caller's share inside it. Scopes are what the authorization server put in the token, so they never widen the server's allowlist (chapter 2: nothing from outside widens a permission), and tools/list is made for this caller, in this request.",
};

test("lists, for each caller, exactly the approved tools its token's scopes cover", async () => {
  for (const [turn, approved] of APPROVED.entries()) {
    const { options, token } = setup({ tools: new Set(approved) });
    const handler = handlerOf(options);
    // Callers take turns on one endpoint, in a different order for each allowlist: each must get its own list, whoever came before.
    for (const [index, scopes] of (turn % 2 === 0 ? SCOPE_SETS : [...SCOPE_SETS].reverse()).entries()) {
      const era = ERAS[index % ERAS.length]!;
      const answer = await send(handler, options.resource, era.request('tools/list', {}, token(scopes)));
      const names = toolNames(answer);
      ensure(JSON.stringify(names) === JSON.stringify(expected(approved, scopes)), {
        what: say(`이 호출자의 tools/list가 서버 허용 목록과 토큰 범위가 함께 허락한 도구와 다르다. ${WHY.ko} ${SCOPES_TS} (TODO(04/4))`, `This caller's tools/list differs from the tools the server allowlist and the token's scopes allow together. ${WHY.en} ${SCOPES_TS} (TODO(04/4))`),
        sent: described(`options.tools ${JSON.stringify(approved)}; ${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; tools/list (${era.label})`),
        got: names ?? described(showAnswer(answer)),
        expected: JSON.stringify(expected(approved, scopes)),
        // A scope matched as part of a string (includes, startsWith, a pattern) can be seen on the line of scopes.ts that does it.
        where: sourceLineOf(SCOPES_URL, /\.join\([^)]*\)\.includes\(|\.(startsWith|endsWith|indexOf|match|search)\(|new RegExp|\.test\(/),
      });
    }
  }
});

test("runs every tool in a caller's list", async () => {
  for (const approved of APPROVED) {
    const { options, token } = setup({ tools: new Set(approved) });
    const handler = handlerOf(options);
    for (const scopes of SCOPE_SETS) {
      const bearer = token(scopes);
      for (const [index, tool] of expected(approved, scopes).entries()) {
        const era = ERAS[index % ERAS.length]!;
        const answer = await send(handler, options.resource, era.request('tools/call', { name: tool, arguments: CALL_ARGS[tool]! }, bearer));
        ensure(answer.status === 200 && answer.message?.result !== undefined && answer.message.result['isError'] !== true, {
          what: say(`토큰 범위와 서버 허용 목록이 모두 허락한 도구가 실행되지 않았다. ${WHY.ko} ${SCOPES_TS} (TODO(04/4))`, `A tool both the token's scopes and the server allowlist allow did not run. ${WHY.en} ${SCOPES_TS} (TODO(04/4))`),
          sent: described(`options.tools ${JSON.stringify(approved)}; ${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; tools/call ${tool} (${era.label})`),
          got: described(showAnswer(answer)),
          expected: say('HTTP 200, isError 없는 결과', 'HTTP 200, a result without isError'),
        });
      }
    }
  }
});

test("answers a call to an approved tool outside the token's scopes with 403 insufficient_scope naming its scope", async () => {
  for (const approved of APPROVED) {
    const { options, token } = setup({ tools: new Set(approved) });
    const handler = handlerOf(options);
    for (const scopes of SCOPE_SETS) {
      const bearer = token(scopes);
      for (const era of ERAS) for (const tool of approved.filter((name) => !expected(approved, scopes).includes(name))) {
        const answer = await send(handler, options.resource, era.request('tools/call', { name: tool, arguments: CALL_ARGS[tool]! }, bearer));
        const ok =
          answer.status === 403 &&
          challengeParam(answer.challenge, 'error') === 'insufficient_scope' &&
          challengeParam(answer.challenge, 'scope') === SCOPE_OF[tool] &&
          challengeParam(answer.challenge, 'resource_metadata') === metadataUrlOf(options.resource);
        ensure(ok, {
          what: say(
            `서버는 승인했지만 토큰 범위가 덮지 않는 도구를 불렀는데, 도구가 돌기 전에 403 insufficient_scope로 필요한 범위를 알려 주지 않았다. 토큰은 유효하니 401이 아니다. "클라이언트가 범위가 모자란 접근 토큰으로 요청하면 서버는 HTTP 403 Forbidden과 error=\"insufficient_scope\", 필요한 scope를 담은 WWW-Authenticate로 답해야 한다(SHOULD)"(2026-07-28, Authorization, Runtime Insufficient Scope Errors), 그러면 클라이언트는 그 scope를 더해 다시 인가를 받는다. ${WHY.ko} ${SCOPES_TS} (TODO(04/4))`,
            `A call to a tool the server approves but the token's scopes do not cover was not answered, before the tool ran, with 403 insufficient_scope naming the scope it needs. The token is valid, so it is not 401: "When a client makes a request with an access token with insufficient scope, the server SHOULD respond with" HTTP 403 Forbidden and a WWW-Authenticate carrying error="insufficient_scope" and the scope needed (2026-07-28, Authorization, Runtime Insufficient Scope Errors), and the client adds that scope and authorizes again. ${WHY.en} ${SCOPES_TS} (TODO(04/4))`,
          ),
          sent: described(`options.tools ${JSON.stringify(approved)}; ${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; tools/call ${tool} (${era.label})`),
          got: described(showAnswer(answer)),
          expected: `HTTP 403, WWW-Authenticate: Bearer error="insufficient_scope", scope="${SCOPE_OF[tool]}", resource_metadata="${metadataUrlOf(options.resource)}"`,
        });
      }
    }
  }
});

test('answers a call to an unapproved tool as an unknown tool, whatever scopes the token carries', async () => {
  for (const approved of APPROVED) {
    const { options, token } = setup({ tools: new Set(approved) });
    const handler = handlerOf(options);
    for (const scopes of [ALL_SCOPES, ['notes:read'], ['tasks:read', 'docs:read']]) {
      const bearer = token(scopes);
      for (const era of ERAS) {
        const unknown = await send(handler, options.resource, era.request('tools/call', { name: 'no_such_tool', arguments: {} }, bearer));
        for (const tool of Object.keys(SCOPE_OF).filter((name) => !approved.includes(name))) {
          const answer = await send(handler, options.resource, era.request('tools/call', { name: tool, arguments: CALL_ARGS[tool]! }, bearer));
          ensure(answer.status === unknown.status && answer.message?.error !== undefined && answer.message.error.code === unknown.message?.error?.code && answer.challenge === null, {
            what: say(
              `서버 허용 목록에 없는 도구를 불렀는데 모르는 도구(no_such_tool)와 다른 답을 받았다. 서버가 승인하지 않은 도구는 어떤 토큰에게도 없는 도구다. 범위를 더 받아 와도 열리지 않으니 범위를 알려 주는 403도 아니다. ${WHY.ko} ${SCOPES_TS} (TODO(04/4))`,
              `A call to a tool outside the server allowlist got a different answer from an unknown tool (no_such_tool). A tool the server never approved is absent for every token; no extra scope opens it, so it is not a 403 naming a scope either. ${WHY.en} ${SCOPES_TS} (TODO(04/4))`,
            ),
            sent: described(`options.tools ${JSON.stringify(approved)}; ${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; tools/call ${tool} (${era.label})`),
            got: described(`${showAnswer(answer)}; ${say('모르는 도구', 'unknown tool')}: ${showAnswer(unknown)}`),
            expected: say('모르는 도구와 같은 상태와 오류 코드, 범위 요구 없음', 'the unknown-tool status and error code, no scope challenge'),
          });
        }
      }
    }
  }
});

test("marks each caller's tools/list private to that caller", async () => {
  const { options, token } = setup();
  const handler = handlerOf(options);
  for (const scopes of SCOPE_SETS) {
    const answer = await send(handler, options.resource, modern('tools/list', {}, token(scopes)));
    const scope = answer.message?.result?.['cacheScope'];
    ensure(scope === 'private', {
      what: say(
        `호출자마다 다른 tools/list에 cacheScope가 private이 아니다. private은 같은 인가 맥락(같은 토큰)에게만 다시 써도 된다는 뜻이고, public은 어느 호출자에게든 다시 내줘도 된다는 뜻이라 한 토큰의 목록이 다른 토큰에게 간다(2026-07-28, 결과의 ttlMs와 cacheScope). ${SCOPES_TS}`,
        `A tools/list that differs per caller is not marked cacheScope private. private means it may be reused only within the same authorization context (the same token); public lets it be handed to any caller, so one token's list reaches another token (2026-07-28, ttlMs and cacheScope on results). ${SCOPES_TS}`,
      ),
      sent: described(`${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; tools/list`),
      got: { cacheScope: scope, ttlMs: answer.message?.result?.['ttlMs'] },
      expected: 'cacheScope "private"',
    });
  }
});

test('serves every method that names no tool, whatever scopes the token carries', async () => {
  for (const approved of APPROVED) {
    const { options, token } = setup({ tools: new Set(approved) });
    const handler = handlerOf(options);
    for (const [index, scopes] of SCOPE_SETS.entries()) {
      // server/discover, initialize, notifications/initialized and ping: each scope set asks half of them, the next set the other half.
      const requests = everyMethod(token(scopes)).filter(({ label }) => !label.startsWith('tools/')).filter((_, methodIndex) => (methodIndex + index) % 2 === 0);
      for (const { label, raw } of requests) {
        const answer = await send(handler, options.resource, raw);
        ensure((answer.status === 200 || answer.status === 202) && answer.message?.error === undefined && answer.challenge === null, {
          what: say(
            `도구를 말하지 않는 요청이 토큰 범위 때문에 거절되었다. 범위는 도구 하나하나를 여는 열쇠다: server/discover, initialize, ping은 어떤 도구도 부르지 않으니 유효한 토큰이면 범위가 무엇이든 답을 받는다. 여기서 막으면 범위가 좁은 호출자는 연결조차 못 해, 자기 몫의 도구 목록도 받지 못한다. 403 insufficient_scope는 "범위가 모자란 접근 토큰으로" 그 범위가 필요한 것을 청한 요청의 답이다(2026-07-28, Authorization, Runtime Insufficient Scope Errors). ${WHY.ko} ${SCOPES_TS} (TODO(04/4))`,
            `A request that names no tool was refused for the token's scopes. A scope is the key to one tool: server/discover, initialize and ping call no tool, so a valid token is served whatever its scopes. Refusing here leaves a caller with narrow scopes unable even to connect and fetch its own share of the tools. 403 insufficient_scope answers a request made "with an access token with insufficient scope" for what it asks (2026-07-28, Authorization, Runtime Insufficient Scope Errors). ${WHY.en} ${SCOPES_TS} (TODO(04/4))`,
          ),
          sent: described(`options.tools ${JSON.stringify(approved)}; ${say('토큰 범위', 'token scopes')} ${JSON.stringify(scopes)}; ${label}`),
          got: described(showAnswer(answer)),
          expected: say('HTTP 200(알림은 202), 오류 없음', 'HTTP 200 (202 for the notification), no error'),
        });
      }
    }
  }
});
