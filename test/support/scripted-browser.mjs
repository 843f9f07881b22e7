// A stand-in for the person's browser in a sign-in, run as BROWSER with the authorization page's address: it follows
// the redirects, signs in on the authorization server's development login page as the test user, consents, and
// follows the last redirect to the host's loopback address, as a person clicking through would. Plain HTTP, no browser.
const cookies = new Map();
const login = process.env.SCRIPTED_LOGIN ?? 'learner';

/** One request with the cookies so far, keeping the ones it sets; redirects are not followed. */
async function go(url, init = {}) {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return response;
}

let url = new URL(process.argv[2]);
for (let hops = 0; hops < 20; hops += 1) {
  const response = await go(url);
  const location = response.headers.get('location');
  if (location !== null) {
    url = new URL(location, url);
    continue;
  }
  const page = await response.text();
  // The login and consent pages of the development interactions post a form to the interaction's own address.
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
  if (response.status !== 200 || action === undefined) break;
  const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1] ?? 'consent';
  const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: login } : { prompt });
  const submitted = await go(new URL(action, url), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const next = submitted.headers.get('location');
  if (next === null) break;
  url = new URL(next, url);
}
