/**
 * The examples of docs/sdk.md, type-checked by `npm run typecheck` (test/sdk-page.test.ts keeps the page's code blocks
 * verbatim parts of this file). A small book-shelf server, on purpose unlike chapter 3's: it shows the shape of each
 * SDK call, not what an exercise's rule demands.
 */
// #region imports
import { McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@modelcontextprotocol/server';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
// #endregion imports
// #region imports-later
import { OAuthError, OAuthErrorCode, SUPPORTED_PROTOCOL_VERSIONS, createMcpHandler, inputRequired, isLegacyRequest, legacyStatelessFallback, verifyBearerToken } from '@modelcontextprotocol/server';
import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { InsufficientScopeError, auth, computeScopeUnion } from '@modelcontextprotocol/client';
import type { ElicitResult, OAuthClientProvider } from '@modelcontextprotocol/client';
// #endregion imports-later

/** The shelf the example server serves: a book's id, its title and its page count. */
const BOOKS = new Map([
  ['dune', { title: 'Dune', pages: 412 }],
  ['emma', { title: 'Emma', pages: 474 }],
]);

/** Builds the example server: one tool, one resource template and one prompt. */
export function buildShelf(): McpServer {
  // #region server
  const server = new McpServer(
    { name: 'book-shelf', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } } },
  );
  // #endregion server

  // #region tool
  server.registerTool(
    'page_count',
    {
      title: '쪽수 보기',
      description: '책 한 권의 쪽수를 돌려준다.',
      inputSchema: z.object({ id: z.string().describe('책 식별자, 예: dune') }),
      outputSchema: z.object({ id: z.string(), pages: z.number() }),
      annotations: { readOnlyHint: true },
    },
    ({ id }): CallToolResult => {
      const book = BOOKS.get(id);
      if (book === undefined) return { content: [{ type: 'text', text: `모르는 책: ${id}` }], isError: true };
      const structuredContent = { id, pages: book.pages };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  );
  // #endregion tool

  // #region resource
  server.registerResource(
    'book',
    new ResourceTemplate('books://{id}', {
      list: () => ({ resources: [...BOOKS.keys()].map((id) => ({ uri: `books://${id}`, name: id, mimeType: 'text/plain' })) }),
    }),
    { title: '책', description: '책 한 권의 제목. 주소는 books://식별자다.', mimeType: 'text/plain' },
    (uri, { id }): ReadResourceResult => {
      const book = typeof id === 'string' ? BOOKS.get(id) : undefined;
      if (book === undefined) throw unknownBook(uri.href);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: book.title }] };
    },
  );
  // #endregion resource

  // #region prompt
  server.registerPrompt(
    'blurb',
    {
      title: '소개글',
      description: '책 한 권의 짧은 소개글을 청한다.',
      argsSchema: z.object({ id: z.string().describe('소개할 책의 식별자') }),
    },
    ({ id }): GetPromptResult => ({
      messages: [{ role: 'user', content: { type: 'text', text: `books://${id} 책의 소개글을 세 문장으로 써 달라.` } }],
    }),
  );
  // #endregion prompt

  return server;
}

/** The JSON-RPC error the shelf answers a read of an unknown book with. */
export function unknownBook(uri: string): ProtocolError {
  // #region protocol-error
  const error = new ProtocolError(ProtocolErrorCode.InvalidParams, `모르는 책 주소: ${uri}`);
  // error.code === -32602, error.message에는 위의 글이 들어 있다.
  // #endregion protocol-error
  return error;
}

/** Connects a client to a fresh shelf in memory, calls each feature once and returns what came back. */
export async function tryShelf(): Promise<{ tools: string[]; result: CallToolResult; text: string; prompt: string }> {
  // #region client
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => buildShelf(), { transport: serverSide });
  const client = new Client({ name: 'shelf-client', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    const result = await client.callTool({ name: 'page_count', arguments: { id: 'dune' } });
    const read = await client.readResource({ uri: 'books://emma' });
    const got = await client.getPrompt({ name: 'blurb', arguments: { id: 'emma' } });
    const first = read.contents[0];
    const message = got.messages[0]?.content;
    return {
      tools,
      result: result as CallToolResult,
      text: first !== undefined && 'text' in first ? first.text : '',
      prompt: message?.type === 'text' ? message.text : '',
    };
  } finally {
    await client.close();
    await served.close();
  }
  // #endregion client
}

/** The revisions the SDK's HTTP helpers know besides 2026-07-28 (chapter 4). */
export function knownRevisions(): readonly string[] {
  // #region revisions
  const known: readonly string[] = SUPPORTED_PROTOCOL_VERSIONS;
  // SDK 2.4.0: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] (2026-07-28 is not in it)
  // #endregion revisions
  return known;
}

/** The shelf served over Streamable HTTP: 2026-07-28 requests to one handler, 2025-era requests to the stateless fallback. */
export function shelfOverHttp(): (request: Request) => Promise<Response> {
  // #region http-handler
  const modern = createMcpHandler(() => buildShelf(), { legacy: 'reject' });
  const legacy = legacyStatelessFallback(() => buildShelf());
  return async (request) => ((await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request));
  // #endregion http-handler
}

/** A verifier over a table of issued tokens, for the example only. */
export function tableOfTokens(issued: ReadonlyMap<string, AuthInfo>): OAuthTokenVerifier {
  // #region verifier
  const verifier: OAuthTokenVerifier = {
    verifyAccessToken: async (token) => {
      const info = issued.get(token);
      if (info === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
      return info;
    },
  };
  // #endregion verifier
  return verifier;
}

/** Who sent a request, by its Authorization header: the token's AuthInfo, or the OAuthError that refused it. */
export async function whoIsAsking(header: string | null, verifier: OAuthTokenVerifier): Promise<AuthInfo | OAuthError> {
  // #region bearer
  try {
    return await verifyBearerToken(header, { verifier, expectedResource: new URL('https://shelf.example/mcp') });
  } catch (error) {
    if (error instanceof OAuthError) return error; // error.code: OAuthErrorCode.InvalidToken, …
    throw error;
  }
  // #endregion bearer
}

/** A shelf server whose reserve tool asks which edition, in rounds, until it has an answer (chapter 5). */
export function reservingShelf(): McpServer {
  const server = new McpServer({ name: 'shelf-desk', version: '1.0.0' });
  // #region input-required
  server.registerTool('reserve', { description: '책 한 권을 예약한다.', inputSchema: z.object({ id: z.string() }) }, ({ id }, ctx) => {
    const answers = ctx.mcpReq.inputResponses;
    if (answers !== undefined) return { content: [{ type: 'text', text: `${id} 예약: ${JSON.stringify(answers['edition'])}` }] };
    const requestedSchema = { type: 'object' as const, properties: { edition: { type: 'string' as const, title: '판' } } };
    return inputRequired({ inputRequests: { edition: { method: 'elicitation/create', params: { mode: 'form', message: '어느 판?', requestedSchema } } }, requestState: 'round-1' });
  });
  // #endregion input-required
  return server;
}

/** A client that runs a server's input-required rounds, answering every form through `answer`. */
export function roundsClient(answer: (message: string) => ElicitResult): Client {
  // #region rounds-client
  const client = new Client(
    { name: 'shelf-host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } }, inputRequired: { maxRounds: 10 } },
  );
  client.setRequestHandler('elicitation/create', (request) => answer(request.params.message));
  // #endregion rounds-client
  return client;
}

/** The resource check of an OAuth client provider, here accepting whatever the metadata names: what a host should accept is 05/5's question. */
export function anyResource(): NonNullable<OAuthClientProvider['validateResourceURL']> {
  // #region validate-resource
  const validateResourceURL: NonNullable<OAuthClientProvider['validateResourceURL']> = async (serverUrl, resource) => {
    // serverUrl: the server being connected to; resource: the `resource` its protected-resource metadata advertised.
    // The URL returned goes into the authorization and token requests; undefined sends none; a throw stops the sign-in.
    return resource === undefined ? undefined : new URL(resource);
  };
  // #endregion validate-resource
  return validateResourceURL;
}

/** A new sign-in for the scopes a 403 asked for, on top of those held: true once authorized. */
export async function widenScopes(provider: OAuthClientProvider, serverUrl: URL, held: string | undefined, error: unknown): Promise<boolean> {
  // #region step-up
  if (!(error instanceof InsufficientScopeError)) return false;
  const scope = computeScopeUnion(held, error.requiredScope);
  const result = await auth(provider, { serverUrl, ...(scope === undefined ? {} : { scope }), forceReauthorization: true });
  return result === 'AUTHORIZED';
  // #endregion step-up
}

