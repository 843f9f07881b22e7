/**
 * docs/sdk.md, the offline page of the SDK calls chapter 3 needs: each of its TypeScript blocks is a region of
 * docs/sdk-examples.ts word for word (so `npm run typecheck` checks what the page shows), and the examples do what the
 * page says they do.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, InMemoryTransport, ProtocolError } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { expect, test } from 'vitest';
import { OAuthError } from '@modelcontextprotocol/server';
import { buildShelf, knownRevisions, reservingShelf, roundsClient, tableOfTokens, tryShelf, whoIsAsking } from '../../../docs/sdk-examples.ts';

const DOCS = resolve(import.meta.dirname, '..', '..', '..', 'docs');

/** The text between `// #region NAME` and `// #endregion NAME`, by name, with the common indent removed. */
function regions(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(/\/\/ #region (\S+)\n([\s\S]*?)\n[ \t]*\/\/ #endregion \1/g)) {
    const lines = match[2]!.split('\n');
    const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length));
    found.set(match[1]!, lines.map((line) => line.slice(indent)).join('\n').trimEnd());
  }
  return found;
}

/** The ```ts blocks of a Markdown page. */
function tsBlocks(page: string): string[] {
  return [...page.matchAll(/^```ts\n([\s\S]*?)\n```$/gm)].map((match) => match[1]!.trimEnd());
}

test('every TypeScript block of docs/sdk.md is a region of docs/sdk-examples.ts, and every region is shown', () => {
  const shown = regions(readFileSync(join(DOCS, 'sdk-examples.ts'), 'utf8'));
  const blocks = tsBlocks(readFileSync(join(DOCS, 'sdk.md'), 'utf8'));
  expect(blocks.length).toBeGreaterThan(0);
  expect(blocks.filter((block) => ![...shown.values()].includes(block)), 'copy the block from docs/sdk-examples.ts').toEqual([]);
  expect([...shown].filter(([, region]) => !blocks.includes(region)).map(([name]) => name), 'show each region on the page').toEqual([]);
});

test('the example server answers a tool call, a resource read and a prompt request as the page says', async () => {
  const got = await tryShelf();
  expect(got.tools).toEqual(['page_count']);
  expect(got.result.structuredContent).toEqual({ id: 'dune', pages: 412 });
  expect(got.result.content).toEqual([{ type: 'text', text: JSON.stringify({ id: 'dune', pages: 412 }) }]);
  expect(got.text).toBe('Emma');
  expect(got.prompt).toContain('books://emma');
});

test('an isError result comes back as a result, and a thrown ProtocolError as a thrown ProtocolError', async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => buildShelf(), { transport: serverSide });
  const client = new Client({ name: 'page-test', version: '1.0.0' });
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: 'page_count', arguments: { id: 'nope' } });
    expect(result.isError).toBe(true);
    const read = await client.readResource({ uri: 'books://nope' }).then(() => undefined, (error: unknown) => error);
    expect(read).toBeInstanceOf(ProtocolError);
    expect((read as ProtocolError).code).toBe(-32602);
  } finally {
    await client.close();
    await served.close();
  }
});

test('the page covers every SDK API an exercise of chapters 4 and 5 needs', () => {
  const page = readFileSync(join(DOCS, 'sdk.md'), 'utf8');
  const apis = ['isLegacyRequest', 'SUPPORTED_PROTOCOL_VERSIONS', 'verifyBearerToken', 'inputRequired.maxRounds', 'validateResourceURL', 'createMcpHandler', 'legacyStatelessFallback', 'OAuthError', 'inputRequired(', 'setRequestHandler', 'InsufficientScopeError', 'UnauthorizedError', 'computeScopeUnion', 'auth(', 'finishAuth', 'InMemoryTransport', 'serveStdio'];
  expect(apis.filter((api) => !page.includes(api))).toEqual([]);
  const english = readFileSync(join(DOCS, 'sdk.en.md'), 'utf8');
  expect(apis.filter((api) => !english.includes(api)), 'docs/sdk.en.md, the English page').toEqual([]);
  expect(page).toContain('(sdk.en.md)');
  expect(english).toContain('(sdk.md)');
});

test('the chapter 4 and 5 examples do what the page says', async () => {
  expect(knownRevisions()).not.toContain('2026-07-28');
  expect(knownRevisions()).toContain('2025-11-25');
  const verifier = tableOfTokens(new Map([['t1', { token: 't1', clientId: 'c', scopes: ['books:read'], expiresAt: Math.floor(Date.now() / 1000) + 3600, resource: new URL('https://shelf.example/mcp') }]]));
  expect(await whoIsAsking('Bearer t1', verifier)).toMatchObject({ clientId: 'c' });
  expect(await whoIsAsking('Bearer nope', verifier)).toBeInstanceOf(OAuthError);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(() => reservingShelf(), { transport: serverSide });
  const asked: string[] = [];
  const client = roundsClient((message) => (asked.push(message), { action: 'accept', content: { edition: '2판' } }));
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: 'reserve', arguments: { id: 'dune' } });
    expect(asked).toEqual(['어느 판?']);
    expect(result.content).toEqual([{ type: 'text', text: 'dune 예약: {"action":"accept","content":{"edition":"2판"}}' }]);
  } finally {
    await client.close();
    await served.close();
  }
});

