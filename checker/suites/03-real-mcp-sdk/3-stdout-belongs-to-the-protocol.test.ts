import { afterAll, test } from 'vitest';
import { learnerBudget } from '../_lib/learner-process.ts';
import { learnerDeadlineMs, startupDeadlineMs, startupTestLimitMs } from '../_lib/limits.ts';
import { requestMeta } from '../_lib/request-meta.ts';
import { described, ensure, fail, say, show } from '../_lib/say.ts';
import { shownPlace } from '../_lib/stdout-origin.ts';
import { CHAPTERS_DIR, connectStdio, startRaw } from './child.ts';
import type { RawServer, StdioConnection } from './child.ts';
import { ERAS, inEachEra } from './eras.ts';
import type { Era } from './eras.ts';
import { outcome, showOutcome } from './outcome.ts';
import type { Outcome } from './outcome.ts';

const WHERE = 'chapters/03-real-mcp-sdk/stdio.ts (TODO(03/3))';

/** A place the server wrote to stdout from: as the learner names it, and as the graded copy's path for the report. */
interface Place {
  shown: string;
  where: string;
}

/** The recorded places that lie in the learner's chapters, as Place, in order; the others (none, or forged) drop out. */
function placesOf(recorded: readonly (string | null)[]): (Place | null)[] {
  return recorded.map((where) => {
    const shown = where === null ? null : shownPlace(where, CHAPTERS_DIR);
    return shown === null || where === null ? null : { shown, where };
  });
}

/** The first known place, for the report's place to look; nothing (the TODO) when none is known. */
function pointAt(places: readonly (Place | null)[]): { where?: string } {
  const first = places.find((place) => place !== null);
  return first ? { where: first.where } : {};
}

/** The end of a stdout failure: the places that wrote, each once, or the TODO when no write could be placed. */
function writtenFrom(places: readonly (Place | null)[]): string {
  const shown = [...new Set(places.flatMap((place) => (place ? [place.shown] : [])))];
  return shown.length === 0 ? WHERE : say(`stdout에 쓴 곳: ${shown.join(', ')}`, `Written to stdout from: ${shown.join(', ')}`);
}

/** What a 2026-07-28 client puts in every request's _meta: the revision, its capabilities and who it is. */
const META = requestMeta({ name: 'raw-check', version: '1.0.0' });

// Four server processes start at once, so their start-up overlaps instead of adding up: per era, one behind the
// SDK's StdioClientTransport and one driven line by line to see stdout exactly as it is. Start-up, the step a loaded
// machine slows most, has its own deadline from here; each test waits for it first and then runs on its own budget.
const connecting = new Map<Era, Promise<StdioConnection>>(ERAS.map((era) => [era, connectStdio(era, undefined, startupDeadlineMs())]));
for (const pending of connecting.values()) pending.catch(() => undefined);
const raws = new Map<Era, RawServer>(ERAS.map((era) => [era, startRaw()]));

/** One JSON-RPC request line as a client of `era` writes it: a 2026-07-28 client adds _meta to every request. */
function request(era: Era, id: number, method: string, params: Record<string, unknown> = {}): string {
  const withMeta = era === '2026-07-28' ? { ...params, _meta: META } : params;
  return JSON.stringify({ jsonrpc: '2.0', id, method, ...(Object.keys(withMeta).length > 0 ? { params: withMeta } : {}) });
}

/** The opening each era's client sends first. */
function opening(era: Era): string {
  return era === '2026-07-28'
    ? request(era, 1, 'server/discover')
    : request(era, 1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-check', version: '1.0.0' } });
}

// Each raw server's opening, shared by the tests that use it.
const opened = new Map<Era, Promise<unknown>>(
  ERAS.map((era) => {
    const raw = raws.get(era)!;
    const open = (async () => {
      raw.write(opening(era));
      const reply = await raw.reply(1, startupDeadlineMs());
      if (!('result' in reply)) {
        fail({
          what: say(
            `stdio 서버가 ${era} 클라이언트의 첫 요청에 result가 아닌 답을 했다. 이 연결로 하는 나머지 검사는 연결이 열려야 뜻이 있다. 지금의 호스트는 대부분 initialize(2025-11-25)로 열고, 2026-07-28 클라이언트는 server/discover로 연다. 서버는 둘 다 받아야 한다. ${WHERE}`,
            `The stdio server answered the first request of a ${era} client with something other than a result; the other checks on this connection mean something only once it is open. Most of today's hosts open with initialize (2025-11-25), a 2026-07-28 client with server/discover: the server must take both. ${WHERE}`,
          ),
          sent: opening(era),
          got: reply,
          expected: say('"id": 1인 result 응답', 'a result reply with "id": 1'),
        });
      }
      if (era === '2025-11-25') raw.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
      return reply;
    })();
    open.catch(() => undefined);
    return [era, open];
  }),
);

/**
 * Waits until every server of the file has started or failed to (their start-up deadline bounds this), then gives
 * the test one learner deadline for all its requests, in both eras, counted in the servers' own time (learnerBudget).
 */
async function afterStartUp(): Promise<() => number> {
  const connected = await Promise.allSettled(connecting.values());
  await Promise.allSettled(opened.values());
  const servers = [...connected.flatMap((one) => (one.status === 'fulfilled' ? [one.value] : [])), ...raws.values()];
  return learnerBudget(() => servers.map((server) => server.pid()), learnerDeadlineMs());
}

afterAll(async () => {
  for (const raw of raws.values()) raw.close();
  for (const pending of connecting.values()) await pending.then((connection) => connection.close()).catch(() => undefined);
});

test('connects with StdioClientTransport and answers three calls with no client error', async () => {
  const left = await afterStartUp();
  await inEachEra(async (era) => {
    const { client, within, errors, stderr, stdoutWriters } = await connecting.get(era)!;
    // A server that stays silent gets a timeout after its own time (within), in the message below, before vitest would stop the test;
    // the calls stop at the first that got no answer, so none is shown as timed out without having had the time.
    const calls = [
      () => within(left(), (options) => client.listTools(undefined, options)),
      () => within(left(), (options) => client.callTool({ name: 'count_tasks', arguments: { status: 'open' } }, options)),
      () => within(left(), (options) => client.callTool({ name: 'summarize_document', arguments: { name: 'report.txt' } }, options)),
    ];
    const answered: Outcome[] = [];
    for (const call of calls) {
      answered.push(await outcome(call()));
      if (answered.at(-1)!.kind === 'thrown') break;
    }
    // A JSON-RPC error is an answer too: this exercise is about the channel, and 03/1 grades what the tools answer.
    ensure(answered.every((one) => one.kind !== 'thrown'), {
      what: say(
        'stdio로 연결한 서버가 세 요청(tools/list, count_tasks, summarize_document)에 JSON-RPC로 답하지 않았다. 결과든 오류든 답이 와야 하는데, 연결이 끊기거나 답이 오지 않았다.',
        'The stdio server did not answer three requests (tools/list, count_tasks, summarize_document) over JSON-RPC: a result or an error must come back, but the connection broke or nothing came.',
      ),
      got: described(answered.map(showOutcome).join(' | ')),
      expected: say('세 요청 모두 JSON-RPC 응답(결과 또는 오류)', 'a JSON-RPC reply (a result or an error) to each of the three'),
    });
    if (errors.length > 0) {
      // The server's own reports of its stdout writes name the learner lines that wrote besides the SDK.
      const places = placesOf(await stdoutWriters(left()));
      fail({
        what: say(
          `SDK 클라이언트가 서버의 stdout에서 MCP 메시지가 아닌 JSON을 받고 오류를 보고했다. stdout의 줄은 클라이언트가 모두 메시지로 읽는다. 서버 프로세스에서 stdout에 글을 쓰는 곳을 찾아보라: stdio.ts뿐 아니라 server.ts의 처리기 안도. ${writtenFrom(places)}`,
          `The SDK client read JSON on the server's stdout that is not an MCP message and reported an error: a client reads every stdout line as a message. Find where the server process writes text to stdout, in stdio.ts and in the handlers of server.ts. ${writtenFrom(places)}`,
        ),
        sent: say('연결, tools/list, count_tasks, summarize_document', 'connect, tools/list, count_tasks, summarize_document'),
        got: described(errors.slice(0, 3).join(' | ') + (stderr() ? ` | stderr: ${stderr()}` : '')),
        expected: say('클라이언트가 보고한 오류 0건', 'no error reported by the client'),
        ...pointAt(places),
      });
    }
  });
}, startupTestLimitMs());

test('writes nothing but MCP messages to stdout', async () => {
  const left = await afterStartUp();
  await inEachEra(async (era) => {
    const raw = raws.get(era)!;
    await opened.get(era);
    // Every capability, and the refusals and errors too: a log line in any handler or branch must not reach stdout.
    const calls: [method: string, params: Record<string, unknown>][] = [
      ['tools/list', {}],
      ['tools/call', { name: 'count_tasks', arguments: { status: 'open' } }],
      ['tools/call', { name: 'summarize_document', arguments: { name: 'report.txt' } }],
      ['resources/list', {}],
      ['resources/read', { uri: 'docs://report.txt' }],
      ['resources/read', { uri: 'docs://secret.txt' }],
      ['resources/templates/list', {}],
      ['prompts/list', {}],
      ['prompts/get', { name: 'review_document', arguments: { name: 'report.txt' } }],
      ['prompts/get', {}],
      ['tools/call', { name: 'count_tasks', arguments: { status: 'closed' } }],
      ['tools/call', { name: 'summarize_document', arguments: { name: 'secret.txt' } }],
      ['tools/call', { name: 'read_note', arguments: {} }],
    ];
    calls.forEach(([method, params], index) => raw.write(request(era, 2 + index, method, params)));
    for (const index of calls.keys()) await raw.reply(2 + index, left());
    const noise = raw.noise();
    if (noise.length === 0) return;
    // Each line is named with the learner line whose write began it, as the server's reports of its writes place it.
    const places = placesOf(await raw.noiseOrigins(left()));
    fail({
      what: say(
        `서버가 stdout에 MCP 메시지가 아닌 줄을 썼다. stdio에서 stdout은 프로토콜 메시지 전용이다(명세 2026-07-28 stdio 전송: 서버는 stdout에 올바른 MCP 메시지가 아닌 것을 쓰면 안 된다. 2025-11-25도 같다). 이 SDK의 클라이언트는 JSON이 아닌 줄을 조용히 버리지만 다른 클라이언트는 연결을 끊을 수 있다. 시작 기록이든 처리기 안의 기록이든 마찬가지다. 사람이 읽을 글을 둘 곳은 같은 절에 있다. ${writtenFrom(places)}`,
        `The server wrote lines to stdout that are not MCP messages. Over stdio, stdout carries protocol messages only (spec 2026-07-28, stdio transport: the server must not write anything to stdout that is not a valid MCP message; 2025-11-25 says the same). This SDK's client silently drops lines that are not JSON; other clients may drop the connection. Start-up and handler logs alike; where text for people may go is in the same section. ${writtenFrom(places)}`,
      ),
      sent: say(
        '연결, tools/list, count_tasks, summarize_document, 자원 목록과 읽기(허용된 것과 거절할 것), 자원 주소 틀 목록, 프롬프트 목록과 받기(이름이 있는 것과 없는 것), 틀린 인자, 허용 목록 밖 문서, 승인하지 않은 도구',
        'the opening, tools/list, count_tasks, summarize_document, listing and reading resources (allowed and refused), listing resource templates, listing and getting the prompt (with a name and without one), a bad argument, a document off the allowlist, an unapproved tool',
      ),
      got: described(`[${noise.map((line, index) => `${show(line)}${places[index] ? ` ← ${places[index]!.shown}` : ''}`).join(', ')}]`),
      expected: say('JSON-RPC 메시지만, 다른 줄 0개', 'JSON-RPC messages only, no other line'),
      ...pointAt(places),
    });
  });
}, startupTestLimitMs());

test('keeps serving after a line that is not JSON and answers with the request id', async () => {
  const left = await afterStartUp();
  await inEachEra(async (era) => {
    const raw = raws.get(era)!;
    await opened.get(era);
    raw.write('이 줄은 JSON이 아니다');
    raw.write(request(era, 41, 'tools/list'));
    const first = await raw.reply(41, left());
    raw.write('{"jsonrpc": "2.0", "id": 42, "method": ');
    raw.write(request(era, 43, 'tools/call', { name: 'count_tasks', arguments: { status: 'done' } }));
    // Any reply to id 43 counts (an error too: 03/1 grades what the tools answer); reply() already failed if none came.
    const second = await raw.reply(43, left());
    // tools/list after the bad line must be served as it is at any time: a result with the tool list, not an error the bad line left behind.
    const listed = (first['result'] as { tools?: unknown } | undefined)?.tools;
    ensure(Array.isArray(listed) && listed.length > 0, {
      what: say(
        'JSON이 아닌 줄 뒤에도 서버는 살아서, 다음 tools/list에는 여느 때처럼 도구 목록으로, 그 뒤 요청에도 그 요청의 id로 답해야 한다. 들어오는 줄을 직접 읽어 해석하는 코드가 있다면 그것이 멈추게 한다. 줄을 나누고 해석하는 일은 SDK의 전송 계층이 한다.',
        'After a line that is not JSON the server must stay up: answer the next tools/list with the tool list as at any time, and the request after it with that request id. Code of yours that reads and parses incoming lines itself is what stops it: the SDK transport frames and parses them.',
      ),
      sent: say('JSON이 아닌 줄 → tools/list(id 41) → 깨진 JSON → count_tasks(id 43)', 'a non-JSON line → tools/list (id 41) → broken JSON → count_tasks (id 43)'),
      got: { 41: first, 43: second },
      expected: say('id 41에 도구 목록이 든 result, id 43에 응답', 'a result listing the tools for id 41, a reply for id 43'),
    });
  });
}, startupTestLimitMs());
