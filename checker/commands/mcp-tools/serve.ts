import { join } from 'node:path';
import { readCommandLine } from '../../usage/prologue.ts';
import { serveWords } from '../../usage/serve-words.ts';
import { parseHttpArgs } from './http-args.ts';
import { IssuerUnreachable, NotServable, REVISION, runnableChapter, serveBehindIssuer, serveChapter } from './http-chapter.ts';
import { requestMeta } from '../../suites/_lib/request-meta.ts';
import type { NotServableWhy } from './http-chapter.ts';
import type { ServeWords } from '../../usage/serve-words.ts';
import type { HttpArgs } from './http-args.ts';

/*
 * `npm run serve -- 04`: the learner's own HTTP server, started on the loopback interface so they can point curl or
 * the Inspector at it. It is not grading and not sandboxed: it runs the learner's code on the learner's machine, the
 * way `npx tsx main.ts` does.
 */

/** A curl command line for one tools/call of count_tasks, with every header a 2026-07-28 request carries. */
function exampleCurl(url: string, token: string): string {
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'count_tasks',
      arguments: { status: 'open' },
      _meta: requestMeta(),
    },
  };
  return [
    `curl -sS -i ${url}`,
    "  -H 'Content-Type: application/json'",
    "  -H 'Accept: application/json, text/event-stream'",
    "  -H 'Mcp-Method: tools/call'",
    "  -H 'Mcp-Name: count_tasks'",
    `  -H 'MCP-Protocol-Version: ${REVISION}'`,
    `  -H 'Authorization: Bearer ${token}'`,
    `  -d '${JSON.stringify(body)}'`,
  ].join(' \\\n');
}

/** Words why the chapter cannot be served, naming its files inside the folder as the learner knows it (SHOWN). */
function notServable(why: NotServableWhy, shown: string, say: ServeWords): string {
  if ('missingFile' in why) return say.missingFile(join(shown, why.missingFile));
  return say.missingExports(why.missingExports.map(({ file, name }) => ({ path: join(shown, file), name })));
}

/** What a started endpoint prints: its URL, then either its test token and curl, or the issuer it trusts. */
interface Started {
  url: URL;
  lines: string[];
  close: () => Promise<void>;
}

/** Starts the endpoint in DIR (the chapter, or its runnable copy) as the command line asks: with a test token, or behind the issuer of --issuer. */
async function start(args: HttpArgs, dir: string, say: ServeWords): Promise<Started> {
  const onAnswer = (line: string) => console.log(line);
  if (args.issuer !== undefined) {
    const served = await serveBehindIssuer(dir, { port: args.port, issuer: args.issuer, onAnswer });
    return { url: served.url, close: served.close, lines: [`  ${say.behind(served.issuer)}`, `  ${say.inspector(served.url.href)}`, `\n${say.getToken}\n`] };
  }
  const served = await serveChapter(dir, { port: args.port, scopes: args.scopes, onAnswer });
  const url = served.url.href;
  return {
    url: served.url,
    close: served.close,
    lines: [`  ${say.token}: ${served.token} (${say.tokenNote(served.scopes.join(' '))})`, `  ${say.inspector(url)}`, `\n${say.example}\n${exampleCurl(url, served.token)}\n`],
  };
}

/** Words why the endpoint did not start, or null for an error that is nobody's to word (rethrown). */
function startFailure(error: unknown, args: HttpArgs, say: ServeWords): string | null {
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return say.portInUse(args.port);
  if (error instanceof NotServable) return say.cannotLoad(args.shown, notServable(error.why, args.shown, say));
  if (error instanceof IssuerUnreachable) return say.noIssuer(args.issuer ?? '', error.why);
  if (error instanceof Error) return say.cannotLoad(args.shown, error.message.split('\n')[0] ?? '');
  return null;
}

/** Serves the chosen chapter until SIGINT; returns the exit code for a usage or start-up error. */
async function main(argv: readonly string[]): Promise<number | undefined> {
  const read = readCommandLine(argv, 'serve', (words) => parseHttpArgs('serve', words, 'chapters'));
  if (read.exitCode !== undefined) return read.exitCode;
  const { args } = read;
  const say = serveWords(args.lang);
  let served;
  // A chapter outside the repository runs from a copy beside its node_modules, removed when serve stops.
  const runnable = runnableChapter(args.chapterDir);
  try {
    served = await start(args, runnable.dir, say);
  } catch (error) {
    runnable.dispose();
    const why = startFailure(error, args, say);
    if (why === null) throw error;
    console.error(why);
    return 1;
  }
  const url = served.url.href;
  console.log(say.started(args.shown));
  console.log(`  ${say.url}: ${url} (${say.loopback})`);
  for (const line of served.lines) console.log(line);
  console.log(say.refusal);
  console.log(say.stop);
  process.once('SIGINT', () => {
    void served.close().then(() => {
      runnable.dispose();
      console.log(say.stopped);
      process.exit(0);
    });
  });
  // The test and any script wait for this line; everything above is printed before it.
  console.log(`READY ${url}`);
  return undefined;
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
