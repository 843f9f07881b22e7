import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MiniServer } from '../../../chapters/01-mini-mcp/server.ts';
import { attempt } from '../_lib/run.ts';
import { ensure, fail, say, show } from '../_lib/say.ts';
import { josa } from '../_lib/josa.ts';
export { watchDisk } from '../_lib/disk.ts';

/** The report body main writes: a title line and two body lines. */
export const REPORT = '작업 보고서\n명세 확인\n테스트 통과\n';

/** A parsed reply object. */
export type Reply = { [key: string]: unknown };

/** One request sent to the server and the reply it produced. */
export interface Exchange {
  /** What was sent, as the learner would write it (the request object, or the raw text when it was not JSON), with no temporary path. */
  sent: unknown;
  /** The reply text exactly as handle returned it. */
  raw: string;
  reply: Reply;
}

/** The temporary folder withServer made for the server running now, or null between servers. */
let current: string | null = null;

/**
 * Creates a temporary folder holding the given files, runs fn with a server on it, then removes the folder.
 * The server's root is a folder inside a fresh temporary folder, so `outside` can put files next to the root
 * (where a path such as ../report.txt leads) without touching anything else on the machine.
 */
export function withServer<T>(files: Record<string, string>, fn: (server: MiniServer, root: string) => T, outside: Record<string, string> = {}): T {
  const holder = mkdtempSync(join(tmpdir(), 'mini-mcp-suite-'));
  const root = join(holder, 'docs');
  current = holder;
  try {
    mkdirSync(root);
    for (const [name, body] of Object.entries(outside)) writeFileSync(join(holder, name), body, 'utf8');
    for (const [name, body] of Object.entries(files)) writeFileSync(join(root, name), body, 'utf8');
    const made = attempt(() => new MiniServer(root));
    if (!made.ok) fail({ what: say(`MiniServer를 만들다가 예외가 났다: ${inDocs(made.error)}`, `Creating MiniServer threw: ${inDocs(made.error)}`) });
    return fn(made.value, root);
  } finally {
    current = null;
    rmSync(holder, { recursive: true, force: true });
  }
}


/** A text from the learner's code with the suite's temporary folder taken out, so `docs/report.txt` reads as the server's own folder and no temporary path is shown. */
export function inDocs(text: string): string {
  return current === null ? text : text.split(`${current}/`).join('');
}

/** A value to show (a request, a reply) with inDocs applied to every string inside it, so a sent or echoed address shows no temporary path. */
export function inDocsValue(value: unknown): unknown {
  if (typeof value === 'string') return inDocs(value);
  if (Array.isArray(value)) return value.map(inDocsValue);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inDocsValue(inner)]));
  return value;
}

/** True for a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sends raw text to handle; fails (instead of crashing) when handle throws or answers with something not an object. */
export function sendRaw(server: MiniServer, text: string, request: unknown = text): Exchange {
  const sent = inDocsValue(request);
  const outcome = attempt(() => server.handle(text));
  if (!outcome.ok) {
    const readFile = outcome.error.includes('ENOENT') || outcome.error.includes('ERR_INVALID_ARG_TYPE');
    fail({
      what: readFile
        ? say(
            '서버가 응답 대신 예외를 던졌다. 예외는 파일을 읽는 자리에서 났다: 보낸 인자는 -32602로 거절됐어야 하는데, 그것을 막는 검사가 파일 읽기 전에 하나도 걸리지 않았다.',
            'The server threw instead of replying, and the exception came from reading a file: the arguments sent should have been refused with -32602, but no check stopped them before the read.',
          )
        : say('서버가 응답 대신 예외를 던졌다.', 'The server threw instead of replying.'),
      sent,
      got: inDocs(outcome.error),
      expected: say('JSON 응답 문자열', 'a JSON reply string'),
      ...(outcome.where ? { where: outcome.where } : {}),
    });
  }
  const raw = outcome.value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail({ what: say('응답이 JSON이 아니다.', 'The reply is not JSON.'), sent, got: inDocs(raw) });
  }
  ensure(isObject(parsed), { what: say('응답이 JSON 객체가 아니다.', 'The reply is not a JSON object.'), sent, got: inDocsValue(parsed) });
  return { sent, raw, reply: parsed };
}

/** Sends one well-formed request with the given id. */
export function send(server: MiniServer, method: string, params: unknown, id = 7): Exchange {
  const request = { jsonrpc: '2.0', id, method, params };
  return sendRaw(server, JSON.stringify(request), request);
}

/** Checks that the reply is an error with this code (and message, and id), and has no result. */
export function expectError(
  exchange: Exchange,
  code: number,
  options: { message?: string; id?: number | null } = {},
): void {
  const { sent, reply } = exchange;
  const error = reply['error'];
  const wanted = options.message === undefined ? `code ${code}` : `code ${code}, message ${show(options.message)}`;
  ensure(isObject(error) && error['code'] === code, {
    what: say(`오류 코드 ${code} 응답이 와야 한다.`, `Expected an error reply with code ${code}.`),
    sent,
    got: inDocsValue(reply),
    expected: wanted,
  });
  if (options.message !== undefined) {
    ensure(error['message'] === options.message, {
      what: say('오류 메시지가 다르다.', 'The error message differs.'),
      sent,
      got: inDocsValue(reply),
      expected: wanted,
    });
  }
  ensure(!Object.hasOwn(reply, 'result'), {
    what: say('오류 응답에 result가 함께 들어 있다.', 'The error reply also carries a result.'),
    sent,
    got: inDocsValue(reply),
    expected: say('error만 있는 응답', 'a reply with error only'),
  });
  if (options.id !== undefined) {
    ensure(Object.hasOwn(reply, 'id') && reply['id'] === options.id, {
      what: say(`응답의 "id"는 ${josa(show(options.id), '으로/로')} 실제로 들어 있어야 한다.`, `The reply must carry "id": ${show(options.id)}.`),
      sent,
      got: inDocsValue(reply),
      expected: `"id": ${show(options.id)}`,
    });
  }
}

/** Checks that the reply is a success for this id and returns its result. */
export function expectResult(exchange: Exchange, id = 7): Reply {
  const { sent, reply } = exchange;
  ensure(!Object.hasOwn(reply, 'error') && isObject(reply['result']) && reply['id'] === id, {
    what: say('성공 응답이 와야 한다.', 'Expected a successful reply.'),
    sent,
    got: inDocsValue(reply),
    expected: say(`"id": ${josa(id, '와/과')} 객체 result가 있는 응답`, `a reply with "id": ${id} and an object result`),
  });
  return reply['result'];
}
