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
