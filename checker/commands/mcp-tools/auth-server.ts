import { readCommandLine } from '../../usage/prologue.ts';
import { authWords } from '../../usage/auth-words.ts';
import { langOption, readOptions } from '../../usage/command-line.ts';
import { portOption } from './http-args.ts';
import { COURSE_SCOPES, HOST_CLIENT_ID, SCRIPT_CLIENT, TEST_USER, startAuthServer } from './auth-provider.ts';
import type { Lang } from '../../usage/messages.ts';

/*
 * `npm run auth-server`: a real authorization server on the learner's machine (auth-provider.ts), for chapter 4's
 * server to trust (`npm run serve -- 04 --issuer URL`) and chapter 5's host to sign in through. Not grading.
 */

/** The port the server listens on unless --port says otherwise: beside chapter 4's 3000. */
export const DEFAULT_AUTH_PORT = 3100;

/** A parsed `auth-server` command line. */
interface AuthArgs {
  lang: Lang;
  port: number;
}

/** Reads `[--port PORT] [--lang ko|en]`; throws UsageError on anything else. */
function parseAuthArgs(argv: readonly string[]): AuthArgs {
  const { values } = readOptions('auth-server', argv);
  return { lang: langOption(values['--lang']), port: portOption(values['--port'], DEFAULT_AUTH_PORT) };
}

/** A curl command line that asks the token endpoint for a client-credentials token for RESOURCE. */
function tokenCurl(issuer: string): string {
  return [
    `curl -sS ${issuer}/token`,
    `  -u ${SCRIPT_CLIENT.id}:${SCRIPT_CLIENT.secret}`,
    '  -d grant_type=client_credentials',
    '  --data-urlencode resource=RESOURCE',
    `  --data-urlencode 'scope=${COURSE_SCOPES.join(' ')}'`,
  ].join(' \\\n');
}

/** Runs the server until SIGINT; returns the exit code of a usage or start-up error. */
async function main(argv: readonly string[]): Promise<number | undefined> {
  const read = readCommandLine(argv, 'auth-server', parseAuthArgs);
  if (read.exitCode !== undefined) return read.exitCode;
  const say = authWords(read.args.lang);
  let server;
  try {
    server = await startAuthServer({ port: read.args.port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(say.portInUse(read.args.port));
    return 1;
  }
  console.log(say.started);
  console.log(`  ${say.issuer}: ${server.issuer}`);
  console.log(`  ${say.metadata}: ${server.metadata.href}`);
  console.log(`  ${say.user(TEST_USER.login, TEST_USER.password)}`);
  console.log(`  ${say.hostClient(HOST_CLIENT_ID)}`);
  console.log(`  ${say.scriptClient(SCRIPT_CLIENT.id)}`);
  console.log(`\n${say.next}\n  1. ${say.serveStep(server.issuer)}\n  2. ${say.tokenStep}\n${tokenCurl(server.issuer)}\n`);
  console.log(say.stop);
  process.once('SIGINT', () => {
    void server.close().then(() => {
      console.log(say.stopped);
      process.exit(0);
    });
  });
  // Scripts and tests wait for this line; everything above is printed before it.
  console.log(`READY ${server.issuer}`);
  return undefined;
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
