import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { STATE_MISMATCH, loopbackBrowser } from '../checker/host/browser.ts';
import { RESOURCE, authWorld } from '../checker/suites/05-mcp-host/auth-server.ts';
import { TokenStore, callSignedIn, connectSignedIn } from '../solutions/05-mcp-host/oauth.ts';

/*
 * The host's sign-in sends a fresh `state` with every authorization request and uses a redirect back only when it
 * carries that same state: "MCP clients SHOULD use and verify state parameters in the authorization code flow and
 * discard any results that do not include or have a mismatch with the original state" (2026-07-28, Authorization
 * Security Considerations, Open Redirection). 05/5's rule sentence does not name state, so the chapter's own suite
 * does not grade it: this file proves it of the solution's OAuth client (oauth.ts, which the starter shares) and of
 * the loopback redirect listener `npm run host` signs in with (checker/host/browser.ts).
 */

const person = { approveSignIn: async () => true };

test('every authorization request carries a new unguessable state, and a redirect returning it signs in', async () => {
  const world = authWorld({ stepUp: 'until-granted' });
  const store = new TokenStore();
  const server = await connectSignedIn('notes', RESOURCE, { server: 'notes', person, browser: (url) => world.browser(url), store, fetch: world.fetch });
  try {
    // The write tool answers 403 insufficient_scope once: its step-up is a second authorization request.
    await callSignedIn(server, 'write_note', { text: 'x' });
  } finally {
    await server.close();
  }
  const states = world.authorizations.map((query) => query.get('state'));
  expect(states).toHaveLength(2);
  for (const state of states) expect(state ?? '').toMatch(/^[\w-]{43,}$/);
  expect(new Set(states).size).toBe(2);
  expect(world.tokenRequests).toHaveLength(2);
});

for (const [label, rewrite] of [
  ['another state', (back: URLSearchParams) => back.set('state', 'a-state-this-host-never-sent')],
  ['no state', (back: URLSearchParams) => back.delete('state')],
] as const) {
  test(`a redirect back with ${label} is refused before its code reaches the token endpoint`, async () => {
    const world = authWorld();
    const store = new TokenStore();
    // The authorization server's answer is real; only its state is not this sign-in's, as in a forged or replayed redirect.
    const browser = async (url: URL): Promise<URLSearchParams> => {
      const back = await world.browser(url);
      rewrite(back);
      return back;
    };
    const signedIn = connectSignedIn('notes', RESOURCE, { server: 'notes', person, browser, store, fetch: world.fetch });
    await expect(signedIn).rejects.toThrow(/state is not the one this sign-in sent/);
    expect(world.authorizations).toHaveLength(1);
    expect(world.tokenRequests).toHaveLength(0);
    expect(store.tokens.size).toBe(0);
  });
}

/** A port on 127.0.0.1 that was free a moment ago, for a redirect address no other test listens on. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the loopback browser for an authorization page carrying STATE and resolves, once it listens, with its outcome. */
async function listening(state: string): Promise<{ redirect: URL; outcome: Promise<URLSearchParams> }> {
  const redirect = new URL(`http://127.0.0.1:${await freePort()}/callback`);
  let ready: () => void = () => undefined;
  const printed = new Promise<void>((resolve) => (ready = resolve));
  // The page is "opened" by a program that does nothing: the test itself plays the redirect back.
  const outcome = loopbackBrowser(redirect, () => ready(), { BROWSER: `${process.execPath} -e 0` })(new URL(`http://127.0.0.1:9/auth?client_id=x&state=${state}`));
  outcome.catch(() => undefined);
  await printed;
  return { redirect, outcome };
}

test("the host's loopback redirect listener answers a redirect with another state 400 and ends the sign-in", async () => {
  const { redirect, outcome } = await listening('sent-state');
  const response = await fetch(new URL('?code=stolen&state=other-state&iss=http%3A%2F%2F127.0.0.1%3A9', redirect));
  expect(response.status).toBe(400);
  expect(await response.text()).toContain(STATE_MISMATCH);
  await expect(outcome).rejects.toThrow(STATE_MISMATCH);
});

test("the host's loopback redirect listener hands over a redirect carrying the state it sent", async () => {
  const { redirect, outcome } = await listening('sent-state');
  const response = await fetch(new URL('?code=the-code&state=sent-state', redirect));
  expect(response.status).toBe(200);
  expect((await outcome).get('code')).toBe('the-code');
});
