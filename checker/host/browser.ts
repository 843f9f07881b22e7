import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

/*
 * The browser side of a sign-in (chapter 5's `Browser`): the host listens on its loopback redirect address (OAuth 2.1
 * §8.4.2, a native app's loopback redirect), opens the authorization page in the system browser, and resolves with
 * the query the authorization server redirected back with. The page address is always printed, so a person without
 * a browser on this machine can open it elsewhere. `BROWSER`, as many command-line tools honour it, names the program
 * that opens the page (tests use it to drive the login pages over HTTP). A redirect whose `state` is not the one the
 * authorization request carried is answered 400 and ends the sign-in (2026-07-28, Authorization Security
 * Considerations, Open Redirection: "discard any results that do not include or have a mismatch with the original
 * state"); chapter 5's OAuth client checks it again before it hands the code to the SDK.
 */

/** Why a redirect back was refused: its state is missing or not the one sent (the state itself is never shown, as it is the sender's text). */
export const STATE_MISMATCH = "the redirect back to the host did not carry the state this sign-in sent, so it was refused: it may be forged, or from another sign-in";

/** How long the host waits for the redirect back before the sign-in ends unfinished. */
export const SIGN_IN_WAIT_MS = 5 * 60_000;

/** The platform's own opener for a URL, or undefined where there is none to try. */
function systemOpener(platform: NodeJS.Platform): { command: string; args: string[] } | undefined {
  if (platform === 'darwin') return { command: 'open', args: [] };
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""'] };
  if (platform === 'linux') return { command: 'xdg-open', args: [] };
  return undefined;
}

/** Opens URL with BROWSER (split on spaces) or the system opener; a failure to open is not an error, since the address is printed. */
function openPage(url: URL, env: NodeJS.ProcessEnv): void {
  const chosen = env['BROWSER'] !== undefined && env['BROWSER'] !== '' ? { command: env['BROWSER'].split(' ')[0]!, args: env['BROWSER'].split(' ').slice(1) } : systemOpener(process.platform);
  if (chosen === undefined) return;
  const child = spawn(chosen.command, [...chosen.args, url.href], { stdio: 'ignore', detached: false });
  child.on('error', () => undefined);
}

/** A browser for REDIRECT (the host's registered loopback redirect address): PRINT is told the page to open. */
export function loopbackBrowser(redirect: URL, print: (line: string) => void, env: NodeJS.ProcessEnv = process.env): (authorizationUrl: URL) => Promise<URLSearchParams> {
  return (authorizationUrl) =>
    new Promise<URLSearchParams>((resolve, reject) => {
      if (authorizationUrl.protocol !== 'https:' && !(authorizationUrl.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(authorizationUrl.hostname))) {
        // Only an https page, or http on this machine, is ever opened: never javascript:, data: or file: (2026-07-28, Security Best Practices).
        reject(new Error(`refused to open an authorization page that is not https: ${authorizationUrl.protocol}`));
        return;
      }
      const server = createServer((request, response) => {
        const url = new URL(request.url ?? '/', redirect);
        if (url.pathname !== redirect.pathname) {
          response.writeHead(404).end();
          return;
        }
        const sent = authorizationUrl.searchParams.get('state');
        const refused = sent !== null && url.searchParams.get('state') !== sent;
        response.writeHead(refused ? 400 : 200, { 'content-type': 'text/plain; charset=utf-8' }).end(refused ? `Not signed in: ${STATE_MISMATCH}.\n` : 'Signed in: you may close this window and return to the terminal.\n');
        clearTimeout(timer);
        server.close();
        if (refused) reject(new Error(STATE_MISMATCH));
        else resolve(url.searchParams);
      });
      const timer = setTimeout(() => {
        server.close();
        reject(new Error('no redirect came back from the authorization server in time'));
      }, SIGN_IN_WAIT_MS);
      server.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      server.listen(Number(redirect.port), redirect.hostname, () => {
        print(authorizationUrl.href);
        openPage(authorizationUrl, env);
      });
    });
}
