import { isDeepStrictEqual } from 'node:util';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client, Tool, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { HostWords } from '../usage/host-words.ts';
import type { ApprovalsFile } from './approvals-file.ts';
import { describeServer, serverIdentity } from './config.ts';
import type { ServerConfig } from './config.ts';
import type { Model, ModelMessage } from './models.ts';
import type { Person } from './person.ts';
import { loopbackBrowser } from './browser.ts';

/*
 * `npm run host`: the learner's own chapter 5 host, run for real. The servers come from a host config, the person
 * answers at the terminal (or through a pipe), the model is the one chosen. Everything that decides (pinning,
 * consent, the loop and its bounds) is the learner's own code from their chapter 5 folder; this module only wires it
 * to real servers, a real person and a real model.
 */

/** A connected server (chapter 5's ConnectedServer). */
interface ConnectedServer {
  name: string;
  client: Client;
  close(): Promise<void>;
}

/** Chapter 5's approvals (approvals.ts), as this module uses them. */
interface Approvals {
  approve(server: string, tool: Tool): void;
  isApproved(server: string, tool: Tool): boolean;
}

/** How a loop run ended (chapter 5's LoopEnd). */
type LoopEnd =
  | { kind: 'answer'; text: string; messages: ModelMessage[] }
  | { kind: 'step-limit'; messages: ModelMessage[] }
  | { kind: 'time-limit'; messages: ModelMessage[] }
  | { kind: 'host-error'; error: string; messages: ModelMessage[] };

/** The person's consent to one call (chapter 5's Consent), with the server's words kept apart. */
type Consent = (request: { server: string; tool: string; arguments: Record<string, unknown>; fromServer: { title?: string; description: string } }) => Promise<boolean>;

/** What the chapter's files must export for the host to run them (checked at run time, since learners edit them). */
interface HostModules {
  connectServer: (name: string, target: { transport: Transport } | { http: URL; fetch?: typeof fetch }) => Promise<ConnectedServer>;
  Approvals: new () => Approvals;
  runLoop: (options: {
    model: Model;
    servers: readonly ConnectedServer[];
    approvals: Approvals;
    consent: Consent;
    prompt: string;
    maxSteps: number;
    timeLimitMs: number;
    answerTimeoutMs?: number;
  }) => Promise<LoopEnd>;
  /** Absent when the chapter's oauth.ts is missing or lacks what sign-in needs: HTTP servers then get no sign-in. */
  oauth?: OAuthModule;
}

/** Chapter 5's OAuth client (oauth.ts, 05/5), used for HTTP servers that the config gives no Authorization header. */
interface OAuthModule {
  connectSignedIn: (name: string, url: URL, options: { server: string; person: { approveSignIn(request: { server: string; authorizationServer: string; scope: string | undefined }): Promise<boolean> }; browser: (url: URL) => Promise<URLSearchParams>; store: object; fetch?: typeof fetch }) => Promise<ConnectedServer>;
  sendSignedIn: <T>(server: ConnectedServer, send: (client: Client) => Promise<T>) => Promise<T>;
  TokenStore: new () => object;
  REDIRECT_URL: string;
}

/** A chapter file, and the export the host needs from it. */
const NEEDED = [
  { file: 'host.ts', name: 'connectServer' },
  { file: 'approvals.ts', name: 'Approvals' },
  { file: 'loop.ts', name: 'runLoop' },
] as const;

/** The chapter folder lacks a file or an export the host needs: each as `file: name`. */
export class NotRunnable extends Error {
  /** `missing` names each file and export, inside the chapter folder. */
  constructor(readonly missing: readonly string[]) {
    super(missing.join(', '));
  }
}

/** Imports the learner's chapter 5 files from CHAPTERDIR and checks their exports. */
export async function loadHost(chapterDir: string): Promise<HostModules> {
  const found: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const { file, name } of NEEDED) {
    const path = join(chapterDir, file);
    if (!existsSync(path)) {
      missing.push(file);
      continue;
    }
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    if (typeof module[name] !== 'function') missing.push(`${file}: ${name}`);
    found[name] = module[name];
  }
  if (missing.length > 0) throw new NotRunnable(missing);
  const oauthPath = join(chapterDir, 'oauth.ts');
  if (existsSync(oauthPath)) {
    const oauth = (await import(pathToFileURL(oauthPath).href)) as Record<string, unknown>;
    const usable = ['connectSignedIn', 'sendSignedIn', 'TokenStore'].every((name) => typeof oauth[name] === 'function') && typeof oauth['REDIRECT_URL'] === 'string';
    if (usable) found['oauth'] = oauth;
  }
  return found as unknown as HostModules;
}

/** The bounds of one prompt's run: model turns, time on the clock, and the wait for one answer (longer than a model call with its retry). */
export const LOOP_BOUNDS = { maxSteps: 12, timeLimitMs: 5 * 60_000, answerTimeoutMs: 4 * 60_000 };

/** Everything one host session needs. */
export interface HostSession {
  modules: HostModules;
  servers: ReadonlyMap<string, ServerConfig>;
  model: Model;
  person: Person;
  approvalsFile: ApprovalsFile;
  say: HostWords;
  /** Where the host prints (standard output). */
  print: (line: string) => void;
}

/** A fetch that adds the config's headers (such as Authorization) to every request to one server. */
function withHeaders(headers: Record<string, string>): typeof fetch {
  return (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return fetch(input, { ...init, headers: merged });
  };
}

/** The tokens signed in during this run, for every server: the learner's TokenStore keeps each under its own resource. */
const stores = new WeakMap<HostSession, object>();

/**
 * Connects a Streamable HTTP server: with the config's headers as given, or, when they carry no Authorization and the
 * chapter has its OAuth client, through the learner's connectSignedIn, which signs in through the person on a 401.
 * Tool calls on a signed-in server go through the learner's sendSignedIn, so a 403 insufficient_scope gets its step-up.
 */
async function connectHttp(session: HostSession, name: string, server: Extract<ServerConfig, { kind: 'http' }>): Promise<ConnectedServer> {
  const fetchWith = withHeaders(server.headers);
  const oauth = session.modules.oauth;
  if (oauth === undefined || Object.keys(server.headers).some((header) => header.toLowerCase() === 'authorization')) return session.modules.connectServer(name, { http: server.url, fetch: fetchWith });
  const store = stores.get(session) ?? new oauth.TokenStore();
  stores.set(session, store);
  const person = {
    approveSignIn: (request: { server: string; authorizationServer: string; scope: string | undefined }) => session.person.confirm(session.say.signIn(request.server, request.authorizationServer, request.scope ?? '')),
  };
  const signedIn = await oauth.connectSignedIn(name, server.url, { server: name, person, browser: loopbackBrowser(new URL(oauth.REDIRECT_URL), (line) => session.print(session.say.openPage(line))), store, fetch: fetchWith });
  const callTool = (...args: Parameters<Client['callTool']>) => oauth.sendSignedIn(signedIn, (client) => client.callTool(...args));
  // The learner's loop calls client.callTool; on a signed-in server that call goes through sendSignedIn.
  const client = new Proxy(signedIn.client, {
    get: (target, property) => {
      if (property === 'callTool') return callTool;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { name, client, close: () => signedIn.close() };
}

/** Connects one configured server through the learner's connectServer, after the person has seen and allowed a stdio command. */
async function connectOne(session: HostSession, name: string, server: ServerConfig): Promise<ConnectedServer | undefined> {
  const { say, person, print } = session;
  if (server.kind === 'stdio' && !(await person.confirm(say.startCommand(name, describeServer(server))))) {
    print(say.notStarted(name));
    return undefined;
  }
  try {
    const connected =
      server.kind === 'stdio'
        ? await session.modules.connectServer(name, {
            transport: new StdioClientTransport({ command: server.command, args: server.args, env: { ...getDefaultEnvironment(), ...server.env }, ...(server.cwd === undefined ? {} : { cwd: server.cwd }), stderr: 'ignore' }),
          })
        : await connectHttp(session, name, server);
    print(say.connected(name, describeServer(server)));
    return connected;
  } catch (error) {
    print(say.cannotConnect(name, error instanceof Error ? error.message : String(error)));
    return undefined;
  }
}

/** The fields of a tool definition the person reads, and which of them differ from an earlier definition. */
function changedFields(before: Tool, now: Tool): string[] {
  const fields = ['title', 'description', 'annotations', 'inputSchema', 'outputSchema'] as const;
  return fields.filter((field) => !isDeepStrictEqual(before[field], now[field]));
}

/** A tool definition as the person is shown it: every field the server wrote, marked as the server's. */
function showTool(tool: Tool): string {
  const shown = { name: tool.name, title: tool.title, description: tool.description, annotations: tool.annotations, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema };
  return JSON.stringify(shown, null, 2).split('\n').map((line) => `  | ${line}`).join('\n');
}

/** Asks the person about each listed tool the learner's approvals do not hold as it is now, and records each yes. */
async function approveTools(session: HostSession, approvals: Approvals, name: string, server: ServerConfig, connected: ConnectedServer): Promise<void> {
  const identity = serverIdentity(name, server);
  const saved = session.approvalsFile.approved(identity);
  for (const tool of saved) approvals.approve(name, tool);
  const listed = (await connected.client.listTools()).tools;
  for (const tool of listed) {
    if (approvals.isApproved(name, tool)) continue;
    const before = saved.find((old) => old.name === tool.name);
    session.print(before === undefined ? session.say.newTool(name, tool.name) : session.say.changedTool(name, tool.name, changedFields(before, tool).join(', ') || '?'));
    session.print(showTool(tool));
    if (!(await session.person.confirm(session.say.approveTool))) continue;
    approvals.approve(name, tool);
    session.approvalsFile.record(identity, tool);
  }
}

/** Prints how a run ended: the answer, or why it stopped. */
function printEnd(session: HostSession, end: LoopEnd): void {
  if (end.kind === 'answer') session.print(`${session.say.answer} ${end.text}`);
  else if (end.kind === 'step-limit') session.print(session.say.stepLimit);
  else if (end.kind === 'time-limit') session.print(session.say.timeLimit);
  else session.print(session.say.hostError(end.error));
}

/** Runs the host: connects every server, asks about their tools, then answers PROMPT (or each prompt the person types) with the learner's loop. */
export async function runHost(session: HostSession, prompt: string | undefined): Promise<number> {
  const approvals = new session.modules.Approvals();
  const connected: ConnectedServer[] = [];
  try {
    for (const [name, server] of session.servers) {
      const one = await connectOne(session, name, server);
      if (one === undefined) continue;
      connected.push(one);
      await approveTools(session, approvals, name, server, one);
    }
    if (connected.length === 0) session.print(session.say.noServers);
    const consent: Consent = async (request) => {
      session.print(session.say.call(request.server, request.tool));
      session.print(session.say.consent(request.server, request.tool, JSON.stringify(request.arguments)));
      const words = [request.fromServer.title, request.fromServer.description].filter((text) => text !== undefined && text !== '').join('\n');
      if (words !== '') session.print(`  ${session.say.serverWords}:\n${words.split('\n').map((line) => `  | ${line}`).join('\n')}`);
      return session.person.confirm(session.say.allowCall);
    };
    // One prompt's run; an error that escapes the learner's loop (the model's API unreachable, say) ends that run in one line.
    const once = async (text: string): Promise<boolean> => {
      try {
        printEnd(session, await session.modules.runLoop({ model: session.model, servers: connected, approvals, consent, prompt: text, ...LOOP_BOUNDS }));
        return true;
      } catch (error) {
        session.print(session.say.runFailed(error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error)));
        return false;
      }
    };
    if (prompt !== undefined) return (await once(prompt)) ? 0 : 1;
    for (;;) {
      const text = (await session.person.ask(session.say.prompt)).trim();
      if (text === '') return 0;
      await once(text);
    }
  } finally {
    await Promise.allSettled(connected.map((server) => server.close()));
  }
}
