import { expect, test } from 'vitest';
import { REVISION, requestMeta } from '../checker/suites/_lib/request-meta.ts';
import { startUntilReady } from './support/ready.ts';
import { REPO } from './support/run.ts';

/** The headers of one 2026-07-28 tools/call of count_tasks, as the printed curl example sends them. */
function callHeaders(token: string | undefined): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-method': 'tools/call',
    'mcp-name': 'count_tasks',
    'mcp-protocol-version': REVISION,
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  };
}

const CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'count_tasks', arguments: { status: 'open' }, _meta: requestMeta() },
});

test('npm run serve -- 04 listens on 127.0.0.1 with a printed token, answers a call with it, refuses one without it, and stops on SIGINT', async () => {
  // The solution, not chapters/: the learner's edits there must never turn the repository's tests red.
  const served = await startUntilReady(['checker/run.mjs', 'checker/commands/mcp-tools/serve.ts', '04', '--target', 'solutions', '--port', '0', '--lang', 'en'], REPO);
  const { child, lines, url, exited } = served;
  try {
    expect(new URL(url).hostname).toBe('127.0.0.1');
    const token = /Token: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(token, lines.join('\n')).toMatch(/^[\w-]{20,}$/);

    const answered = await fetch(url, { method: 'POST', headers: callHeaders(token), body: CALL });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('open: 2');

    const refused = await fetch(url, { method: 'POST', headers: callHeaders(undefined), body: CALL });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer .*resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/);
    await refused.text();

    child.kill('SIGINT');
    const [code] = await exited;
    expect(code, lines.join('\n')).toBe(0);
    expect(lines).toContain('Server stopped.');
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
