import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join, relative } from 'node:path';
import { REPO_ROOT } from '../../course/files.ts';
import { pathToFileURL } from 'node:url';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/server';

/*
 * Starts an HTTP chapter's own endpoint (its http.ts) on the loopback interface, with one test token issued for
 * exactly that endpoint. `npm run serve` runs the learner's code this way and `npm run conformance` the solution's.
 * Nothing here is grading: the code runs as it is, outside the checker's sandbox, on the machine of whoever ran it.
 */

/** The file an HTTP chapter serves from: it exports buildHandler and defaultOptions. */
const HTTP_ENTRY = 'http.ts';

/** The file that verifies a real issuer's JWTs (jwtVerifier), given code of the chapter. */
const JWT_ENTRY = 'jwt.ts';

/** The MCP revision the HTTP chapters are written for: serve's example request speaks it and conformance runs its scenarios at it. */
export { REVISION } from '../../suites/_lib/request-meta.ts';

/** The scopes a served token carries unless asked otherwise: the demo reader's, so read_note shows the step-up 403. */
export const DEFAULT_SCOPES: readonly string[] = ['tasks:read', 'docs:read'];

/** What the chapter's http.ts and tokens.ts must export for this to serve them (checked at run time, since learners edit them). */
interface ChapterModules {
  buildHandler: (options: Record<string, unknown>) => (request: Request) => Promise<Response>;
  defaultOptions: () => Record<string, unknown>;
  tableVerifier: (issued: ReadonlyMap<string, { clientId: string; scopes: readonly string[]; audience: URL; expiresAt: number }>) => OAuthTokenVerifier;
}

/** How to serve: the port (0 picks a free one), the token's scopes, and whether requests that carry no token get it added. */
export interface ServeOptions {
  port: number;
  scopes: readonly string[];
  /** For the conformance tool, which cannot send a bearer token: a request without Authorization is sent on with the test token. */
  addTokenWhenMissing?: boolean;
  /** Told one line per answered request: method, path, the Mcp-Method and Mcp-Name headers, and the status. */
  onAnswer?: (line: string) => void;
}

/** A running endpoint: where it listens, the token it accepts, and how to stop it. */
export interface ServedChapter {
  url: URL;
  token: string;
  scopes: readonly string[];
  close: () => Promise<void>;
}

/** Why a chapter folder cannot be served: a file missing from it, or functions its files do not export (paths inside the folder). */
export type NotServableWhy = { missingFile: string } | { missingExports: readonly { file: string; name: string }[] };

/** A chapter folder that has no http.ts or tokens.ts, or whose files lack what serving needs; `why` says which, for the caller to word. */
export class NotServable extends Error {
  /** Keeps the reason as data, so each command can word it in the learner's language with the folder as the learner knows it. */
  constructor(readonly why: NotServableWhy) {
    super('missingFile' in why ? `${why.missingFile} is missing` : why.missingExports.map(({ file, name }) => `${file}: ${name}`).join(', '));
  }
}

/** The issuer's metadata or keys could not be read when serving behind it; `why` is the first line of what went wrong. */
export class IssuerUnreachable extends Error {
  /** Keeps the reason for the command to word with the issuer as the learner typed it. */
  constructor(readonly why: string) {
    super(why);
  }
}

/** True when the chapter folder holds an HTTP endpoint to serve. */
export function isServable(chapterDir: string): boolean {
  return existsSync(join(chapterDir, HTTP_ENTRY));
}

/** Options of serving behind a real authorization server: the port, its issuer identifier, and the same answer log. */
export interface IssuerServeOptions {
  port: number;
  /** The issuer identifier exactly as the authorization server states it (such as `npm run auth-server` prints). */
  issuer: string;
  onAnswer?: (line: string) => void;
}

/** A running endpoint that trusts one issuer's tokens: where it listens and how to stop it. */
export interface ServedBehindIssuer {
  url: URL;
  issuer: string;
  close: () => Promise<void>;
}

/** A server on 127.0.0.1 that listens and has no handler yet, with the MCP endpoint's URL on its port. */
async function listenLoopback(port: number): Promise<{ server: Server; url: URL; origins: Set<string> }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  // The chapter's own list names port 3000; served elsewhere, the same two local origins are the ones of this port.
  return { server, url: new URL(`http://127.0.0.1:${bound}/mcp`), origins: new Set([`http://127.0.0.1:${bound}`, `http://localhost:${bound}`]) };
}

/** Hands SERVER's requests to HANDLER (after PREPARE), telling ONANSWER one line per answer; returns how to stop it. */
function answerWith(server: Server, handler: (request: Request) => Promise<Response>, onAnswer: ((line: string) => void) | undefined, prepare: (request: Request) => Request = (request) => request): () => Promise<void> {
  const answer = async (request: Request): Promise<Response> => {
    const response = await handler(prepare(request));
    const named = ['mcp-method', 'mcp-name'].map((name) => request.headers.get(name)).filter((value) => value !== null);
    onAnswer?.([request.method, new URL(request.url).pathname, ...named, '->', response.status].join(' '));
    return response;
  };
  server.on('request', toNodeHandler({ fetch: answer }));
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Loads the chapter's endpoint, listens on 127.0.0.1 only, and resolves once it accepts connections. */
export async function serveChapter(chapterDir: string, options: ServeOptions): Promise<ServedChapter> {
  const modules = await loadModules(chapterDir);
  const { server, url, origins } = await listenLoopback(options.port);
  const token = randomBytes(24).toString('base64url');
  const issued = new Map([[token, { clientId: 'course-serve', scopes: [...options.scopes], audience: url, expiresAt: Math.floor(Date.now() / 1000) + 24 * 3600 }]]);
  const handler = modules.buildHandler({ ...modules.defaultOptions(), resource: url, verifier: modules.tableVerifier(issued), allowedOrigins: origins });
  const withToken = (request: Request): Request => {
    if (!options.addTokenWhenMissing || request.headers.has('authorization')) return request;
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${token}`);
    return new Request(request, { headers });
  };
  return { url, token, scopes: options.scopes, close: answerWith(server, handler, options.onAnswer, withToken) };
}

/**
 * Serves the chapter's endpoint behind a real authorization server: its protected resource metadata names ISSUER,
 * and its verifier is the chapter's own jwt.ts (signature through the issuer's JWKS, issuer, audience equal to this
 * endpoint's URL, expiry). The learner's 04/3 and 04/4 code runs unchanged on what that verifier returns.
 */
export async function serveBehindIssuer(chapterDir: string, options: IssuerServeOptions): Promise<ServedBehindIssuer> {
  const modules = await loadModules(chapterDir);
  if (!existsSync(join(chapterDir, JWT_ENTRY))) throw new NotServable({ missingFile: JWT_ENTRY });
  const jwt = (await import(pathToFileURL(join(chapterDir, JWT_ENTRY)).href)) as Record<string, unknown>;
  if (typeof jwt['jwtVerifier'] !== 'function') throw new NotServable({ missingExports: [{ file: JWT_ENTRY, name: 'jwtVerifier' }] });
  const makeVerifier = jwt['jwtVerifier'] as (issuer: string, resource: URL) => Promise<OAuthTokenVerifier>;
  const { server, url, origins } = await listenLoopback(options.port);
  let verifier: OAuthTokenVerifier;
  try {
    verifier = await makeVerifier(options.issuer, url);
  } catch (error) {
    server.close();
    throw new IssuerUnreachable(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
  }
  const handler = modules.buildHandler({ ...modules.defaultOptions(), resource: url, authorizationServers: [options.issuer], verifier, allowedOrigins: origins });
  return { url, issuer: options.issuer, close: answerWith(server, handler, options.onAnswer) };
}

/** Imports the chapter's http.ts and tokens.ts and checks that they export functions by the expected names. */
async function loadModules(chapterDir: string): Promise<ChapterModules> {
  for (const file of [HTTP_ENTRY, 'tokens.ts']) if (!existsSync(join(chapterDir, file))) throw new NotServable({ missingFile: file });
  const http = (await import(pathToFileURL(join(chapterDir, HTTP_ENTRY)).href)) as Record<string, unknown>;
  const tokens = (await import(pathToFileURL(join(chapterDir, 'tokens.ts')).href)) as Record<string, unknown>;
  const missing = [
    { file: HTTP_ENTRY, name: 'buildHandler', value: http['buildHandler'] },
    { file: HTTP_ENTRY, name: 'defaultOptions', value: http['defaultOptions'] },
    { file: 'tokens.ts', name: 'tableVerifier', value: tokens['tableVerifier'] },
  ].filter(({ value }) => typeof value !== 'function');
  if (missing.length > 0) throw new NotServable({ missingExports: missing.map(({ file, name }) => ({ file, name })) });
  return { buildHandler: http['buildHandler'], defaultOptions: http['defaultOptions'], tableVerifier: tokens['tableVerifier'] } as ChapterModules;
}

/** A chapter folder the learner's code can run from, and how to remove it when it is a copy. */
export interface RunnableChapter {
  dir: string;
  /** True when `dir` is a copy made for this run (a folder outside the repository). */
  copied: boolean;
  dispose: () => void;
}

/**
 * The chapter folder itself when it is inside this repository; otherwise a copy of its files (links left out) in a new
 * temporary folder beside this repository's node_modules and a package.json of ESM, so its imports of the SDK resolve
 * and its .ts files load as ESM: a folder elsewhere has neither (Node 20 then stops with "Cannot require() ES Module …
 * in a cycle", Node 24 cannot find @modelcontextprotocol/server). The copy lasts until `dispose`.
 */
export function runnableChapter(chapterDir: string): RunnableChapter {
  const real = existsSync(chapterDir) ? realpathSync(chapterDir) : chapterDir;
  const inside = relative(realpathSync(REPO_ROOT), real);
  if (!inside.startsWith('..') && !inside.startsWith('/')) return { dir: chapterDir, copied: false, dispose: () => undefined };
  const root = mkdtempSync(join(tmpdir(), 'course-run-'));
  symlinkSync(realpathSync(join(REPO_ROOT, 'node_modules')), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'package.json'), '{ "private": true, "type": "module" }\n');
  const dir = join(root, basename(real));
  cpSync(real, dir, { recursive: true, filter: (source) => !lstatSync(source).isSymbolicLink() });
  return { dir, copied: true, dispose: () => rmSync(root, { recursive: true, force: true }) };
}
