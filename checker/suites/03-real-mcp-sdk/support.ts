import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { McpServer } from '@modelcontextprotocol/server';
import type { ServerOptions, Task } from '../../../chapters/03-real-mcp-sdk/server.ts';
import { serveInMemory } from './in-learner.ts';
import type { InMemoryServer } from './in-learner.ts';
import { fail, say } from '../_lib/say.ts';
import { describeError } from './errors.ts';
import { clientOptionsFor } from './eras.ts';
import type { Era } from './eras.ts';
import { showOutcome as showOutcomeAsIs } from './outcome.ts';
import type { Outcome } from './outcome.ts';
export { outcome } from './outcome.ts';
export type { Outcome } from './outcome.ts';
export { ERAS, eraLabel, inEachEra } from './eras.ts';
export type { Era } from './eras.ts';

/** Chapter 2's task data, written out here so a learner's TASKS cannot change what the suites expect. */
const CHAPTER2_TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** The report the suites serve: a title and three body lines, unlike the chapter's own report.txt. */
export const REPORT = '점검 보고서\n스키마 확인\n허용 목록 확인\n표준 출력 확인\n';

/** A secret beside the report: it must never come back through any capability. */
export const SECRET = 'TOKEN=suite-secret-7f3a\n';

/** Suite settings for buildServer; each call gets a fresh documents folder holding report.txt and secret.txt. */
export function suiteOptions(overrides: Partial<ServerOptions> = {}): ServerOptions {
  const documentsDir = mkdtempSync(join(tmpdir(), 'mcp-03-docs-'));
  writeFileSync(join(documentsDir, 'report.txt'), REPORT, 'utf8');
  writeFileSync(join(documentsDir, 'secret.txt'), SECRET, 'utf8');
  folders.push(documentsDir);
  return {
    documentsDir,
    documents: new Set(['report.txt']),
    tools: new Set(['count_tasks', 'summarize_document']),
    tasks: CHAPTER2_TASKS,
    ...overrides,
  };
}

const folders: string[] = [];
process.on('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A text from the learner's code with every documents folder suiteOptions made written as docs, so no temporary path is shown. */
export function inDocs(text: string): string {
  return folders.reduce((shown, folder) => shown.split(folder).join('docs'), text);
}

/** A value to show (a result the learner's server sent) with inDocs applied to every string inside it. */
export function inDocsValue(value: unknown): unknown {
  if (typeof value === 'string') return inDocs(value);
  if (Array.isArray(value)) return value.map(inDocsValue);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, inDocsValue(inner)]));
  return value;
}

/** A short line for an outcome, used as "got" in failure messages, with the documents folder written as docs. */
export function showOutcome(result: Outcome): string {
  return inDocs(showOutcomeAsIs(result));
}

/** An SDK client connected in memory to the learner's server, with every request method it sent. */
export interface Connection {
  client: Client;
  sentMethods: string[];
  close(): Promise<void>;
}

/**
 * The suites' client end of a connection to the learner's buildServer(options), served by the SDK in the learner
 * process (in-learner.ts): each message crosses the bridge as data, and the learner's server never runs here.
 */
class LearnerServerTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private server: InMemoryServer | undefined;
  private closed = false;

  constructor(
    private readonly options: ServerOptions,
    private readonly failed: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.server = await serveInMemory(this.options, (message) => this.onmessage?.(message), this.failed);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.server) throw new Error('not started');
    await this.server.send(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.server?.close().catch(() => undefined);
    this.onclose?.();
  }
}

/** The server end of one connection and a way to end it: the learner's, across the bridge, or a suite's own McpServer in this process. */
function serverEnd(options: ServerOptions, make: ((options: ServerOptions) => McpServer) | undefined, failed: (error: unknown) => void): { transport: Transport; close(): Promise<void> } {
  if (make === undefined) {
    const transport = new LearnerServerTransport(options, failed);
    return { transport, close: () => transport.close() };
  }
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(
    () => {
      try {
        return make(options);
      } catch (error) {
        failed(error);
        throw error;
      }
    },
    { transport: serverSide },
  );
  return { transport: clientSide, close: () => served.close() };
}

/** Connects an SDK client to buildServer(options) (or a suite's `make`) opening the way `era` opens; fails in the learner's terms if that breaks. */
async function connect(era: Era, options: ServerOptions = suiteOptions(), make?: (options: ServerOptions) => McpServer): Promise<Connection> {
  let buildError = '';
  const server = serverEnd(options, make, (error) => {
    buildError = describeError(error);
  });
  const clientSide = server.transport;
  const sentMethods: string[] = [];
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, sendOptions) => {
    if ('method' in message) sentMethods.push(message.method);
    return send(message, sendOptions);
  };
  const served = { close: () => server.close() };
  const client = new Client({ name: 'course-checker', version: '1.0.0' }, clientOptionsFor(era));
  try {
    await client.connect(clientSide);
  } catch (error) {
    await served.close().catch(() => undefined);
    fail({
      what: say('SDK 클라이언트가 buildServer(options)로 만든 서버에 연결하지 못했다.', 'An SDK client could not connect to the server buildServer(options) made.'),
      got: inDocs(buildError || describeError(error)),
      expected: say('buildServer가 McpServer를 돌려주고 연결이 끝남', 'buildServer returns an McpServer and the connection completes'),
    });
  }
  if (client.getNegotiatedProtocolVersion() !== era) {
    await client.close().catch(() => undefined);
    await served.close().catch(() => undefined);
    fail({
      what: say(`연결은 됐지만 ${era} 개정판으로 열리지 않았다.`, `The connection opened, but not on revision ${era}.`),
      got: client.getNegotiatedProtocolVersion() ?? say('(개정판 없음)', '(no revision)'),
      expected: era,
    });
  }
  return {
    client,
    sentMethods,
    close: async () => {
      await client.close().catch(() => undefined);
      await served.close().catch(() => undefined);
    },
  };
}

/** Runs fn with a fresh in-memory connection of `era` to make(options) (the learner's buildServer unless given) and closes it, whatever fn does. */
export async function withConnection<T>(
  era: Era,
  fn: (connection: Connection) => Promise<T>,
  { options, make }: { options?: ServerOptions; make?: (options: ServerOptions) => McpServer } = {},
): Promise<T> {
  const connection = await connect(era, options, make);
  try {
    return await fn(connection);
  } finally {
    await connection.close();
  }
}

/** A copy of a listed schema or tool without `$schema` keys, which only name the JSON Schema dialect and crowd a message. */
export function withoutDialect(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === '$schema' ? undefined : inner)));
}
