import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Stream } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { Client, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeLearnerDeadline, learnerCommand, learnerTimer, pastLimit } from '../_lib/learner-process.ts';
import type { LearnerCommand } from '../_lib/learner-process.ts';
import { learnerDeadlineMs } from '../_lib/limits.ts';
import { described, fail, say } from '../_lib/say.ts';
import { STDOUT_ORIGIN_PRELOAD, StdoutOrigins } from '../_lib/stdout-origin.ts';
import { describeError } from './errors.ts';
import { clientOptionsFor } from './eras.ts';
import type { Era } from './eras.ts';

/** The learner's stdio.ts inside the graded copy. */
const STDIO_FILE = fileURLToPath(new URL('../../../chapters/03-real-mcp-sdk/stdio.ts', import.meta.url));

/** The learner's chapters folder inside the graded copy, for naming the places a server wrote from. */
export const CHAPTERS_DIR = join(STDIO_FILE, '..', '..');

/**
 * How a learner's stdio server is started: the one place that names its entry and what it gets besides what every
 * learner process gets, the preload that reports where each stdout write came from (readable under the sandbox: it
 * lies in the graded copy, beside these suites).
 */
function serverCommand(file = STDIO_FILE): LearnerCommand {
  return learnerCommand(file, [STDOUT_ORIGIN_PRELOAD]);
}

/** The most stderr lines of one learner server kept to pass on as the learner's output; the report keeps fewer still. */
const ECHOED_LINES = 200;

/** The name of the test running now, or undefined between tests. */
function currentTest(): string | undefined {
  try {
    return expect.getState().currentTestName;
  } catch {
    return undefined;
  }
}

/** What readStderr gives: why the server stopped, where its stdout writes came from, and a way to show its stderr in the test using it. */
interface StderrReader {
  tail: () => string;
  origins: StdoutOrigins;
  /**
   * Passes on, through console.error, the server's stderr lines the test running now has not been shown yet, so a
   * failing test shows what the learner's server wrote there as the learner's own output: a server started before
   * the test (in another test, say) shows its start-up lines too. New lines follow as they come while a test uses it.
   */
  replay: () => void;
}

/**
 * Reads the stderr of the child `pid`: the records of stdout-origin.cjs go to `origins`; of the rest, the first kilobytes are
 * kept so a failure can show why the server stopped, and the first lines for replay.
 */
function readStderr(stream: Stream | null, pid: () => number | undefined): StderrReader {
  const origins = new StdoutOrigins(pid);
  const decoder = new StringDecoder('utf8');
  let text = '';
  const lines: string[] = [];
  let total = 0;
  let shown: { test: string | undefined; count: number } = { test: undefined, count: 0 };
  const replay = () => {
    const test = currentTest();
    if (test === undefined) return;
    if (shown.test !== test) shown = { test, count: 0 };
    for (; shown.count < lines.length; shown.count += 1) console.error(lines[shown.count]);
    // Lines past those kept go on as one write of as many empty lines, so the report still counts them in its "… N more".
    if (total > shown.count) {
      console.error('\n'.repeat(total - shown.count - 1));
      shown.count = total;
    }
  };
  const keep = (more: string) => {
    if (text.length < 4_000) text += more;
    for (const line of more.split('\n').slice(0, -1)) {
      total += 1;
      if (lines.length < ECHOED_LINES) lines.push(line);
    }
    replay();
  };
  stream?.on('data', (chunk: Buffer) => keep(origins.feed(decoder.write(chunk))));
  stream?.on('end', () => {
    // The last line may have no end: it is a line all the same.
    const rest = origins.feed(decoder.end()) + origins.end();
    keep(rest === '' || rest.endsWith('\n') ? rest : `${rest}\n`);
  });
  const tail = () => {
    const lines = text.trim().split('\n');
    // A crash prints the stack after the error line; the error line is the one worth showing.
    const thrown = lines.find((line) => /^\w*Error\b|\bERR_[A-Z_]+/.test(line));
    return thrown ? thrown.trim() : lines.slice(-3).join(' | ');
  };
  return { tail, origins, replay };
}

/** An SDK client connected over stdio to the learner's server, and every error the client reported. */
export interface StdioConnection {
  client: Client;
  /** The pid of the server's guard process, once it started. */
  pid(): number | undefined;
  /**
   * Sends one request with `send` and fails it as the SDK's timeout would when the server has had `deadlineMs` of its
   * own time (learnerTimer) without answering; the SDK's own timeout, on the clock, is left a few deadlines.
   */
  within<T>(deadlineMs: number, send: (options: { timeout: number }) => Promise<T>): Promise<T>;
  errors: string[];
  stderr(): string;
  /** The learner files and lines (paths in the graded copy) that wrote to stdout so far, waiting up to `deadlineMs` for a first one. */
  stdoutWriters(deadlineMs: number): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Starts the learner's stdio.ts through a StdioClientTransport and connects the way `era` opens; fails in the
 * learner's terms when the connection is not open `deadlineMs` after this call, spawning and probing included.
 */
export async function connectStdio(era: Era, file = STDIO_FILE, deadlineMs = learnerDeadlineMs()): Promise<StdioConnection> {
  const transport = new StdioClientTransport({ ...serverCommand(file), stderr: 'pipe' });
  const pid = () => transport.pid ?? undefined;
  const { tail: stderr, origins, replay } = readStderr(transport.stderr, pid);
  const errors: string[] = [];
  const client = new Client({ name: 'course-checker', version: '1.0.0' }, clientOptionsFor(era));
  client.onerror = (error) => {
    // The SDK reports a stdout line that is JSON but not JSON-RPC as a long schema error; one line says it better.
    const jsonButNotMessage = error.name === 'ZodError' || error.constructor.name === 'ZodError';
    errors.push(jsonButNotMessage ? say('stdout에 JSON-RPC 메시지가 아닌 JSON 줄이 왔다', 'a JSON line that is not a JSON-RPC message arrived on stdout') : describeError(error).slice(0, 300));
  };
  // The SDK's timeout counts the clock from each request it sends; this one counts from the start, and only the
  // learner's own time (learnerTimer): a machine busy with other work does not use up the learner's deadline. The
  // SDK's clock is left a few deadlines, so it stops only a server that a loaded machine cannot excuse.
  try {
    await beforeLearnerDeadline(pid, deadlineMs, client.connect(transport, { timeout: deadlineMs * 4 }), (limit) => new SdkError(SdkErrorCode.RequestTimeout, pastLimit(limit, deadlineMs, { ko: '연결이 열리지 않았다', en: 'the connection did not open' })));
  } catch (error) {
    await transport.close().catch(() => undefined);
    replay();
    fail({
      what: say(`StdioClientTransport로 stdio.ts 서버에 연결하지 못했다. 이 파일을 실행하면 서버가 표준 입출력으로 클라이언트를 맞아야 한다. serveStdio에 준 설정이 이 클라이언트의 여는 방식을 막지 않는지도 보라.`, `A StdioClientTransport client could not connect to the stdio.ts server; running this file must serve clients over standard input and output. Check too that the settings given to serveStdio do not refuse this client's way of opening.`),
      got: described(`${describeError(error)}${stderr() ? ` | stderr: ${stderr()}` : ''}`),
      expected: say(`stdio.ts가 ${era} 클라이언트의 연결 요청에 답함`, `stdio.ts answers the opening request of a ${era} client`),
    });
  }
  const within = <T>(ms: number, send: (options: { timeout: number }) => Promise<T>): Promise<T> => {
    replay();
    return beforeLearnerDeadline(pid, ms, send({ timeout: ms * 4 }), (limit) => new SdkError(SdkErrorCode.RequestTimeout, pastLimit(limit, ms, { ko: '답이 없었다', en: 'no answer came' })));
  };
  return { client, pid, within, errors, stderr, stdoutWriters: (deadlineMs) => origins.someLearnerWrite(deadlineMs), close: () => transport.close() };
}

/** A learner server started from the same command, driven line by line, for what no SDK client would send. */
export interface RawServer {
  /** The pid of the server's guard process, once it started. */
  pid(): number | undefined;
  write(line: string): void;
  /** Every stdout line so far that was not a JSON-RPC message (not JSON, or JSON without "jsonrpc": "2.0"). */
  noise(): string[];
  /**
   * For each line of noise(), the learner file:line (a path in the graded copy) whose write began it, or null where
   * none is known; waits up to `deadlineMs` for the server's reports of its writes to catch up with its stdout.
   */
  noiseOrigins(deadlineMs: number): Promise<(string | null)[]>;
  /** Resolves with the parsed message whose id is `id`; fails when the server exits or stays silent past the deadline (learnerDeadlineMs unless given). */
  reply(id: number, deadlineMs?: number): Promise<Record<string, unknown>>;
  close(): void;
}

/** Spawns the learner's stdio.ts with serverCommand and reads its stdout as lines of JSON. */
export function startRaw(file = STDIO_FILE): RawServer {
  const { command, args, cwd } = serverCommand(file);
  const child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  const { tail: stderr, origins, replay } = readStderr(child.stderr, () => child.pid);
  const messages: Record<string, unknown>[] = [];
  // Each noise line with the stdout byte it starts at, where the server's reports of its writes place it.
  const noise: { line: string; offset: number }[] = [];
  const waiting = new Set<() => void>();
  // The line being read, in pieces, and where it starts on stdout; `seen` counts every stdout byte so far.
  let pieces: Buffer[] = [];
  let kept = 0;
  let lineStart = 0;
  let seen = 0;
  let exited: string | null = null;
  const endLine = () => {
    const line = Buffer.concat(pieces).toString('utf8');
    let message: unknown = null;
    try {
      message = JSON.parse(line);
    } catch {
      // Not JSON: kept as noise below.
    }
    if (typeof message === 'object' && message !== null && (message as Record<string, unknown>)['jsonrpc'] === '2.0') {
      if (messages.length < 1_000) messages.push(message as Record<string, unknown>);
    } else if (noise.length < 20) {
      noise.push({ line: line.slice(0, 200), offset: lineStart });
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    for (let from = 0; ; ) {
      const end = chunk.indexOf(10, from);
      const piece = chunk.subarray(from, end === -1 ? chunk.length : end);
      // A flood without line breaks must not grow without bound; the rest of a giant line is dropped.
      if (kept < 1_000_000) pieces.push(piece.subarray(0, 1_000_000 - kept));
      kept += piece.length;
      if (end === -1) break;
      endLine();
      pieces = [];
      kept = 0;
      lineStart = seen + end + 1;
      from = end + 1;
    }
    seen += chunk.length;
    for (const wake of waiting) wake();
  });
  child.on('exit', (code, signal) => {
    exited = signal ?? `exit ${code}`;
    for (const wake of waiting) wake();
  });
  child.stdin.on('error', () => undefined);
  return {
    pid: () => child.pid,
    write: (line) => {
      replay();
      child.stdin.write(`${line}\n`);
    },
    noise: () => noise.map(({ line }) => line),
    noiseOrigins: (deadlineMs) => origins.at(noise.map(({ offset }) => offset), seen, deadlineMs),
    reply: (id, deadlineMs = learnerDeadlineMs()) =>
      new Promise((resolve, reject) => {
        const noReply = (why: string) => {
          try {
            fail({
              what: say(`id ${id} 요청에 대한 응답을 받지 못했다: ${why}.`, `No reply to the request with id ${id}: ${why}.`),
              got: described(stderr() ? `stderr: ${stderr()}` : say('(응답 없음)', '(no reply)')),
              expected: say(`"id": ${id}인 JSON-RPC 응답 한 줄`, `one JSON-RPC line with "id": ${id}`),
            });
          } catch (error) {
            reject(error);
          }
        };
        const check = () => {
          const found = messages.find((message) => message['id'] === id);
          if (found) finish(() => resolve(found));
          else if (exited !== null) finish(() => noReply(say(`서버 프로세스가 끝났다(${exited})`, `the server process ended (${exited})`)));
        };
        const cancel = learnerTimer(() => child.pid, deadlineMs, (limit) => finish(() => noReply(pastLimit(limit, deadlineMs, { ko: '아무것도 오지 않았다', en: 'nothing came' }))));
        const finish = (then: () => void) => {
          cancel();
          waiting.delete(check);
          then();
        };
        waiting.add(check);
        check();
      }),
    close: () => child.stdin.end(),
  };
}
