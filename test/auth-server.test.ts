import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SCRIPT_CLIENT } from '../checker/commands/mcp-tools/auth-provider.ts';
import { REVISION, requestMeta } from '../checker/suites/_lib/request-meta.ts';
import { startUntilReady, stopReady } from './support/ready.ts';
import type { Ready } from './support/ready.ts';
import { REPO } from './support/run.ts';

/*
 * The authorization server as a learner starts it (`npm run auth-server`), and chapter 4's solution served behind it
 * (`npm run serve -- 04 --issuer`): a client-credentials token issued for the server's URL is served; a token for
 * another resource, or one signed by another key, is refused with 401 invalid_token.
 */

const started: Ready[] = [];

/** Starts `node checker/run.mjs ENTRY ...ARGS` in English and resolves with its READY URL. */
async function start(entry: string, args: readonly string[]): Promise<string> {
  const ready = await startUntilReady(['checker/run.mjs', entry, ...args, '--lang', 'en'], REPO);
  started.push(ready);
  return ready.url;
}

let issuer = '';
let server = '';

beforeAll(async () => {
  issuer = await start('checker/commands/mcp-tools/auth-server.ts', ['--port', '0']);
  // The solution, not chapters/: the learner's edits there must never turn the repository's tests red.
  server = await start('checker/commands/mcp-tools/serve.ts', ['04', '--target', 'solutions', '--port', '0', '--issuer', issuer]);
});

afterAll(async () => {
  await Promise.all(started.map(stopReady));
});

/** A client-credentials token from the authorization server for RESOURCE with SCOPE. */
async function tokenFor(resource: string, scope: string): Promise<string> {
  const metadata = (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as { token_endpoint: string };
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${SCRIPT_CLIENT.id}:${SCRIPT_CLIENT.secret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource, scope }),
  });
  const body = (await response.json()) as { access_token?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.access_token!;
}

/** One 2026-07-28 tools/call of count_tasks with TOKEN. */
function callCountTasks(token: string): Promise<Response> {
  return fetch(server, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-method': 'tools/call',
      'mcp-name': 'count_tasks',
      'mcp-protocol-version': REVISION,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'count_tasks', arguments: { status: 'open' }, _meta: requestMeta() } }),
  });
}

test('the authorization server serves RFC 8414 metadata with PKCE S256 and the iss authorization response parameter', async () => {
  const response = await fetch(`${issuer}/.well-known/oauth-authorization-server`);
  expect(response.status).toBe(200);
  const metadata = (await response.json()) as Record<string, unknown>;
  expect(metadata['issuer']).toBe(issuer);
  expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);
  expect(metadata['authorization_response_iss_parameter_supported']).toBe(true);
  expect(metadata['grant_types_supported']).toEqual(expect.arrayContaining(['authorization_code', 'client_credentials']));
});

test('the served chapter names the issuer in its protected resource metadata', async () => {
  const refused = await fetch(server, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(refused.status).toBe(401);
  const challenge = refused.headers.get('www-authenticate') ?? '';
  await refused.text();
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
  expect(metadataUrl, challenge).toBeDefined();
  const metadata = (await (await fetch(metadataUrl!)).json()) as Record<string, unknown>;
  expect(metadata['resource']).toBe(server);
  expect(metadata['authorization_servers']).toEqual([issuer]);
});

test('a client-credentials token issued for the server is served', async () => {
  const answered = await callCountTasks(await tokenFor(server, 'tasks:read docs:read'));
  expect(answered.status).toBe(200);
  expect(await answered.text()).toContain('open: 2');
});

test('a token issued for another resource gets 401 invalid_token', async () => {
  const refused = await callCountTasks(await tokenFor('http://127.0.0.1:9/mcp', 'tasks:read docs:read'));
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  await refused.text();
});

test('a token signed by another key, with the right issuer, audience and scopes, gets 401 invalid_token', async () => {
  const { privateKey } = await generateKeyPair('ES256');
  const forged = await new SignJWT({ scope: 'tasks:read docs:read', client_id: SCRIPT_CLIENT.id })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
    .setIssuer(issuer)
    .setAudience(server)
    .setSubject(SCRIPT_CLIENT.id)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  const refused = await callCountTasks(forged);
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  await refused.text();
});
