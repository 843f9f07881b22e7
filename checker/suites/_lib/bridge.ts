import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { makePeer } from './bridge-peer.ts';
import type { Peer } from './bridge-peer.ts';
import { withRemoteStack } from './remote-stack.ts';

/*
 * The trusted end of the bridge to a learner process. When the checker grades a learner's chapter, a suite's import of
 * a learner module loads a generated module (checker/runner/bridge-plugin.ts) whose exports come from
 * learnerModule(): the learner's code runs in a process of its own, started here under the sandbox the lane names
 * (BRIDGE_NODE_ENV), and every value crosses as data or as a handle (bridge-peer.ts). Learner code never runs in the
 * process that runs the suites, vitest and the verdicts, and nothing it sends back is believed beyond its shape.
 *
 * Calls into learner code are synchronous, as chapters 1 and 2 need: a worker thread owns the pipes to the learner
 * process and hands each frame over through a MessagePort; the suite's thread waits on a SharedArrayBuffer
 * (Atomics.wait) and takes frames with receiveMessageOnPort, serving the learner's calls back meanwhile.
 */

/** The environment variable that holds how to start the learner process: `[node, ...sandbox flags]` as JSON (set by the lane). */
export const BRIDGE_NODE_ENV = 'CHECKER_BRIDGE_NODE';

/** The longest frame either end accepts, in characters; a longer one ends the learner process. */
const MAX_FRAME = 16 * 1024 * 1024;

/** The learner process's file descriptors: requests while it is idle (read as a stream), frames it sends, requests while it waits. */
const TO_IDLE = 3;
const FROM_LEARNER = 4;
const TO_WAITING = 5;

/**
 * The worker thread that owns the learner process: it starts it, passes the suite thread's frames to it, and passes
 * each line it sends (and each raw write to stdout or stderr, as a print) to the suite thread, counting them in the
 * shared buffer so a waiting suite thread wakes.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { StringDecoder } = require('node:string_decoder');
const { command, args, env, cwd, counter, port, max } = workerData;
const count = new Int32Array(counter);
const post = (frame) => { port.postMessage(frame); Atomics.add(count, 0, 1); Atomics.notify(count, 0); };
let child;
try {
  child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'] });
} catch (error) {
  post(JSON.stringify({ k: 'exit', code: null, signal: null, error: String(error && error.message) }));
}
if (child) {
  let exited = false;
  child.on('error', (error) => { if (!exited) { exited = true; post(JSON.stringify({ k: 'exit', code: null, signal: null, error: String(error.message) })); } });
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  child.stdio[${FROM_LEARNER}].on('data', (chunk) => {
    buffer += decoder.write(chunk);
    for (let nl = buffer.indexOf('\\n'); nl !== -1; nl = buffer.indexOf('\\n')) {
      post(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
    if (buffer.length > max) { buffer = ''; post(JSON.stringify({ k: 'overflow' })); try { child.kill('SIGKILL'); } catch {} }
  });
  for (const [fd, stream] of [[1, 'stdout'], [2, 'stderr']]) {
    const raw = new StringDecoder('utf8');
    child.stdio[fd].on('data', (chunk) => post(JSON.stringify({ k: 'print', stream, raw: true, text: raw.write(chunk).slice(0, max) })));
  }
  for (const fd of [${TO_IDLE}, ${TO_WAITING}]) child.stdio[fd].on('error', () => {});
  child.on('exit', (code, signal) => { if (!exited) { exited = true; setTimeout(() => post(JSON.stringify({ k: 'exit', code, signal })), 20); } });
  port.on('message', ({ fd, data }) => { try { child.stdio[fd].write(data); } catch {} });
}
`;

/** One learner process and the trusted end that talks to it; a suite file's modules share one. */
interface Session {
  peer: Peer;
  worker: Worker;
  port: MessagePort;
  dead: string | null;
}

/** The session of the suite file running now, kept across fresh module copies so a new file's session ends the last one's process. */
const CURRENT = Symbol.for('checker.bridge.session');

/** What the learner end runs: the peer's code, the channel on its descriptors, its console turned into frames, and the loop guard. */
function harnessSource(): string {
  return `'use strict';
const fs = require('node:fs');
const net = require('node:net');
const util = require('node:util');
const { syncBuiltinESMExports } = require('node:module');
const { pathToFileURL } = require('node:url');
const { StringDecoder } = require('node:string_decoder');
// The helper a TypeScript transform may add to keep function names, which the peer's source text then calls.
const __name = (fn) => fn;
const makePeer = (${makePeer.toString()});
const MAX = ${MAX_FRAME};
const send = (frame) => {
  const text = JSON.stringify(frame) + '\\n';
  const bytes = Buffer.from(text.length > MAX ? JSON.stringify({ k: 'overflow' }) + '\\n' : text);
  for (let at = 0; at < bytes.length; ) {
    try { at += fs.writeSync(${FROM_LEARNER}, bytes, at); } catch (error) { if (error.code !== 'EAGAIN') process.exit(0); }
  }
};
const syncDecoder = new StringDecoder('utf8');
let syncBuffer = '';
const chunk = Buffer.alloc(65536);
const receive = () => {
  for (;;) {
    const nl = syncBuffer.indexOf('\\n');
    if (nl !== -1) { const line = syncBuffer.slice(0, nl); syncBuffer = syncBuffer.slice(nl + 1); return JSON.parse(line); }
    let read;
    try { read = fs.readSync(${TO_WAITING}, chunk, 0, chunk.length, null); } catch (error) { if (error.code === 'EAGAIN') continue; process.exit(0); }
    if (read === 0) process.exit(0);
    syncBuffer += syncDecoder.write(chunk.subarray(0, read));
    if (syncBuffer.length > MAX) process.exit(0);
  }
};
const stackLimit = () => { const limit = Error.stackTraceLimit; Error.stackTraceLimit = 50; try { return new Error().stack || ''; } finally { Error.stackTraceLimit = limit; } };
const DISK = ${JSON.stringify(['readFileSync', 'openSync', 'existsSync', 'statSync', 'lstatSync', 'accessSync', 'readdirSync', 'realpathSync', 'readFile', 'open', 'exists', 'stat', 'lstat', 'access', 'readdir', 'realpath', 'createReadStream', 'opendir', 'opendirSync'])};
const DISK_PROMISES = ${JSON.stringify(['readFile', 'open', 'stat', 'lstat', 'access', 'readdir', 'realpath', 'opendir'])};
let watch = null;
const modules = new Map();
const path = require('node:path');
const startWatch = (near) => {
  const within = path.resolve(near);
  const state = { touched: [], stack: undefined, replaced: [] };
  const wrap = (module, names) => {
    for (const name of names) {
      const original = module[name];
      if (typeof original !== 'function') continue;
      const watched = function (...args) {
        const target = args[0];
        const file = target instanceof URL ? require('node:url').fileURLToPath(target) : typeof target === 'string' || Buffer.isBuffer(target) ? path.resolve(String(target)) : undefined;
        if (file !== undefined && (file === within || file.startsWith(within + path.sep)) && !state.touched.includes(file)) {
          state.touched.push(file);
          if (state.touched.length === 1) { try { state.stack = stackLimit(); } catch {} }
        }
        return original.apply(this, args);
      };
      Object.assign(watched, original);
      module[name] = watched;
      state.replaced.push([module, name, original]);
    }
  };
  wrap(fs, DISK);
  wrap(fs.promises, DISK_PROMISES);
  syncBuiltinESMExports();
  return state;
};
const stopWatch = () => {
  const state = watch;
  watch = null;
  if (!state) return { touched: [] };
  for (const [module, name, original] of state.replaced) module[name] = original;
  syncBuiltinESMExports();
  return { touched: state.touched, stack: state.stack };
};
const peer = makePeer({
  send,
  receive,
  event: () => {},
  around: (_stack, fn) => fn(),
  stack: stackLimit,
  handlers: {
    import: (frame) => import(pathToFileURL(String(frame.path)).href).then((namespace) => { modules.set(String(frame.path), namespace); return Object.keys(namespace); }),
    export: (frame) => modules.get(String(frame.path))?.[String(frame.name)],
    watch: (frame) => { stopWatch(); watch = startWatch(String(frame.near)); return true; },
    unwatch: () => stopWatch(),
  },
});
// Node 20's module resolution is not under its permission model: asked for a file outside the read list, it would say
// whether the file exists. So CommonJS resolution and every computed import() (routed here by the bundle) refuse such a
// path first, the same way whether it exists or not, and look for packages only in the node_modules the process may read.
const Module = require('node:module');
const { fileURLToPath } = require('node:url');
const readable = process.execArgv.filter((flag) => flag.startsWith('--allow-fs-read=')).map((flag) => path.resolve(flag.slice('--allow-fs-read='.length)));
const inside = (file) => readable.some((folder) => file === folder || file.startsWith(folder + path.sep));
const refuse = (resource) => Object.assign(new Error('Access to this API has been restricted'), { code: 'ERR_ACCESS_DENIED', permission: 'FileSystemRead', resource });
const targetOf = (request, from) => {
  if (request.startsWith('file:')) { try { return fileURLToPath(request); } catch { return request; } }
  if (path.isAbsolute(request)) return path.resolve(request);
  if (request === '.' || request === '..' || request.startsWith('./') || request.startsWith('../')) return path.resolve(from, request);
  return null;
};
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const target = targetOf(String(request), parent && parent.filename ? path.dirname(parent.filename) : process.cwd());
  if (target !== null && !inside(target)) throw refuse(target);
  return resolveFilename.call(this, request, parent, ...rest);
};
const findPath = Module._findPath;
Module._findPath = function (request, paths, isMain) {
  // A relative request is looked for in each folder of paths (its parent's folder), never in the working directory.
  const folders = Array.isArray(paths) ? paths.map((folder) => path.resolve(String(folder))) : [process.cwd()];
  const relative = targetOf(String(request), '/') !== null && !path.isAbsolute(String(request)) && !String(request).startsWith('file:');
  const allowed = folders.filter((folder) => inside(folder) && (!relative || inside(path.resolve(folder, String(request)))));
  const absolute = targetOf(String(request), process.cwd());
  if (!relative && absolute !== null && !inside(absolute)) return false;
  if (relative && allowed.length === 0) return false;
  return findPath.call(this, request, Array.isArray(paths) ? allowed : paths, isMain);
};
const nodeModulePaths = Module._nodeModulePaths;
Module._nodeModulePaths = function (from) { return nodeModulePaths.call(this, from).filter((folder) => inside(folder)); };
Object.defineProperty(globalThis, '__checkerImport', {
  value: (specifier, parentURL) => {
    try {
      const request = String(specifier);
      if (Module.isBuiltin(request)) return import(request);
      const parent = fileURLToPath(String(parentURL));
      const target = targetOf(request, path.dirname(parent));
      if (target !== null && !inside(target)) throw refuse(target);
      const resolved = target ?? Module.createRequire(parent).resolve(request);
      return import(pathToFileURL(resolved).href);
    } catch (error) {
      return Promise.reject(error);
    }
  },
  writable: false,
  enumerable: false,
  configurable: false,
});
// The learner process has no network (the operating system's confinement): fetch is refused here on every machine,
// and each address asked for is told to the trusted end, which a suite may watch (recordLearnerFetches) to fail a host
// that fetches what a server named. Learner-written, so it can only fail a program.
Object.defineProperty(globalThis, 'fetch', {
  value: function fetch(input) {
    let url = '';
    try { url = String(input instanceof Request ? input.url : input instanceof URL ? input.href : input); } catch {}
    send({ k: 'fetched', url: url.slice(0, 2000), stack: stackLimit() });
    return Promise.reject(new TypeError('fetch failed: the grading process has no network'));
  },
  writable: true,
  enumerable: false,
  configurable: true,
});
const print = (stream) => (...args) => send({ k: 'print', stream, text: util.format(...args), stack: stackLimit() });
console.log = console.info = console.debug = print('stdout');
console.error = console.warn = console.trace = print('stderr');
for (const stream of ['stdout', 'stderr']) {
  process[stream].write = (text, encoding, done) => {
    send({ k: 'print', stream, text: String(text).replace(/\\n$/, ''), stack: stackLimit() });
    if (typeof encoding === 'function') encoding(); else if (typeof done === 'function') done();
    return true;
  };
}
// process.exit ends the learner process; the checker says so, naming the call (the trusted end words the message).
const exit = process.exit.bind(process);
process.exit = (code) => { send({ k: 'exiting', code: code === undefined ? '' : String(code).slice(0, 40), stack: stackLimit() }); exit(code); };
process.on('uncaughtException', (error) => send({ k: 'print', stream: 'stderr', text: util.format(error) }));
process.on('unhandledRejection', () => {});
let turns = 0;
let since = 0;
let told = false;
const clock = Date.now;
const later = queueMicrotask;
Object.defineProperty(globalThis, '__checkerLoop', {
  value: (loop) => {
    turns += 1;
    if (turns % 1024 !== 0 || typeof loop !== 'number') return;
    const now = clock();
    if (since === 0) {
      since = now;
      later(() => { if (told) send({ k: 'loop', n: null }); told = false; since = 0; });
    } else if (!told && now - since >= 1000) {
      told = true;
      send({ k: 'loop', n: loop });
    }
  },
  writable: false,
  enumerable: false,
  configurable: true,
});
const idle = new net.Socket({ fd: ${TO_IDLE}, readable: true, writable: false });
const idleDecoder = new StringDecoder('utf8');
let idleBuffer = '';
idle.on('data', (data) => {
  idleBuffer += idleDecoder.write(data);
  if (idleBuffer.length > MAX) process.exit(0);
  for (let nl = idleBuffer.indexOf('\\n'); nl !== -1; nl = idleBuffer.indexOf('\\n')) {
    const line = idleBuffer.slice(0, nl);
    idleBuffer = idleBuffer.slice(nl + 1);
    peer.handle(JSON.parse(line));
  }
});
idle.on('end', () => process.exit(0));
idle.on('error', () => process.exit(0));
send({ k: 'ready' });
`;
}

/** Words of the bridge's own failures, in the language the suites speak. */
function said(ko: string, en: string): string {
  return process.env['CHECKER_LANG'] === 'en' ? en : ko;
}

/** Parses one line from the worker; a line that is no JSON object is refused, never believed. */
function frameOf(line: unknown): Record<string, unknown> {
  if (typeof line !== 'string' || line.length > MAX_FRAME) throw new Error('bridge: malformed frame');
  const parsed: unknown = JSON.parse(line);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('bridge: malformed frame');
  return parsed as Record<string, unknown>;
}

/** Starts the learner process of this suite file (ending the previous file's, if any) and the trusted end that talks to it. */
function startSession(): Session {
  const previous = (globalThis as Record<symbol, Session | undefined>)[CURRENT];
  if (previous) void previous.worker.terminate();
  const given = process.env[BRIDGE_NODE_ENV];
  if (!given) throw new Error(`bridge: ${BRIDGE_NODE_ENV} is not set: learner modules are loaded only by the checker's lanes`);
  const [command, ...flags] = JSON.parse(given) as string[];
  const counter = new SharedArrayBuffer(4);
  const count = new Int32Array(counter);
  const { port1, port2 } = new MessageChannel();
  const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };
  for (const name of ['HOME', 'TMPDIR'] as const) if (process.env[name]) env[name] = process.env[name]!;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { command, args: [...flags, '--enable-source-maps', '-e', harnessSource()], env, cwd: process.cwd(), counter, port: port2, max: MAX_FRAME },
    transferList: [port2],
    stdout: false,
    stderr: false,
  });
  worker.unref();
  const session: Session = { peer: undefined as unknown as Peer, worker, port: port1, dead: null };
  let exitCalled: string | undefined;
  let exitStack: string | undefined;
  // The error a call gets once the learner process is gone: after process.exit, with the learner's frames of that call.
  const gone = (): Error => {
    const error = new Error(session.dead ?? '');
    if (exitStack !== undefined) error.stack = `Error: ${session.dead}\n${exitStack.split('\n').slice(1).join('\n')}`;
    return error;
  };
  const ended = (frame: Record<string, unknown>): string => {
    const how = typeof frame['signal'] === 'string' ? frame['signal'] : `code ${String(frame['code'])}`;
    if (exitCalled !== undefined && frame['k'] !== 'overflow') {
      return said(`학습자 코드가 process.exit(${exitCalled})을 불러 그 프로세스가 끝났다.`, `The learner's code called process.exit(${exitCalled}), which ended its process.`);
    }
    return frame['k'] === 'overflow'
      ? said('학습자 코드의 프로세스가 너무 큰 값을 보냈다(16 MB 넘게): 그 프로세스를 끝냈다.', "The learner code's process sent a value too large (over 16 MB): it was ended.")
      : said(`학습자 코드를 돌리던 프로세스가 끝났다(${how}).`, `The process running the learner's code ended (${how}).`);
  };
  const receive = (): Record<string, unknown> => {
    for (;;) {
      if (session.dead) throw gone();
      const seen = Atomics.load(count, 0);
      const got = receiveMessageOnPort(port1);
      if (got) {
        const frame = frameOf(got.message);
        if (frame['k'] === 'exit' || frame['k'] === 'overflow') {
          session.dead = ended(frame);
          session.peer?.abandon(gone());
          throw gone();
        }
        return frame;
      }
      Atomics.wait(count, 0, seen);
    }
  };
  let ready = false;
  const event = (frame: Record<string, unknown>): void => {
    if (frame['k'] === 'ready') ready = true;
    else if (frame['k'] === 'exiting') {
      exitCalled = typeof frame['code'] === 'string' ? frame['code'] : '';
      exitStack = typeof frame['stack'] === 'string' ? frame['stack'].slice(0, 64 * 1024) : undefined;
    }
    else if (frame['k'] === 'print') {
      const text = typeof frame['text'] === 'string' ? frame['text'] : '';
      const stack = typeof frame['stack'] === 'string' ? frame['stack'] : undefined;
      withRemoteStack(stack, () => (frame['stream'] === 'stderr' ? console.error(text) : console.log(text)));
    } else if (frame['k'] === 'fetched') {
      if (fetches !== null && typeof frame['url'] === 'string' && fetches.length < 1_000) fetches.push(frame['url']);
    } else if (frame['k'] === 'loop') {
      const loop = frame['n'];
      const tell = (globalThis as Record<string, unknown>)['__checkerRemoteLoop'];
      if (typeof tell === 'function' && (loop === null || typeof loop === 'number')) tell(loop);
    } else if (frame['k'] === 'exit' || frame['k'] === 'overflow') {
      session.dead = ended(frame);
      // A promise of the learner's that was still unsettled never will be: whoever awaits it gets the reason.
      session.peer.abandon(gone());
    }
    else throw new Error('bridge: malformed event');
  };
  session.peer = makePeer({
    send: (frame) => session.port.postMessage({ fd: session.peer.serving() > 0 ? TO_WAITING : TO_IDLE, data: `${JSON.stringify(frame)}\n` }),
    receive,
    event,
    around: withRemoteStack,
    // While a learner promise is unsettled, its settlement is what the suite waits for: the port keeps the process alive.
    pending: (count) => (count > 0 ? port1.ref() : port1.unref()),
  });
  // Frames that come while the suite waits for nothing: a promise the learner settled, a print from a timer, a callback.
  port1.on('message', (line: unknown) => {
    try {
      session.peer.handle(frameOf(line));
    } catch {
      // A frame that cannot be handled changes no verdict: the call that waits for it fails on its own.
    }
  });
  port1.unref();
  (globalThis as Record<symbol, Session | undefined>)[CURRENT] = session;
  while (!ready) event(receive());
  return session;
}

let session: Session | null = null;

/** The addresses learner code asked `fetch` for while a suite records them (recordLearnerFetches), or null. */
let fetches: string[] | null = null;

/**
 * Starts recording the addresses learner code asks the learner process's `fetch` for (always refused: that process has
 * no network); `stop` ends it and returns them, in order. Learner-written, so a suite uses them only to fail a program.
 */
export function recordLearnerFetches(): { stop(): string[] } {
  const mine: string[] = [];
  fetches = mine;
  return {
    stop: () => {
      if (fetches === mine) fetches = null;
      return [...mine];
    },
  };
}

/** The learner process of this suite file, started on first use. */
function current(): Session {
  session ??= startSession();
  return session;
}

/**
 * The exports of one learner module (its bundle, built by the checker), loaded in the learner process: functions and
 * classes come as handles that call into it, data as copies.
 */
export async function learnerModule(bundle: string): Promise<Record<string, unknown>> {
  const { peer } = current();
  const names = await (peer.request({ k: 'import', path: bundle }) as Promise<unknown>);
  if (!Array.isArray(names)) throw new Error('bridge: malformed module');
  const exports: Record<string, unknown> = {};
  // Each export by reference: a list or Set the module exports is the learner's own, so a suite's change to it is seen there.
  for (const name of names.slice(0, 10_000)) if (typeof name === 'string') exports[name] = peer.request({ k: 'export', path: bundle, name });
  return exports;
}

/** True when learner code runs in a process of its own for this suite file (its modules came through the bridge). */
export function bridged(): boolean {
  return session !== null;
}

/** Starts a watch, in the learner process, of the paths its code reads or looks at under `near` (see disk.ts). */
export function startLearnerWatch(near: string): void {
  if (session) session.peer.request({ k: 'watch', near });
}

/** Ends the watch: the paths touched, and the learner's stack at the first touch (learner-written: used only to fail). */
export function stopLearnerWatch(): { touched: string[]; stack?: string } {
  if (!session || session.dead) return { touched: [] };
  const got = session.peer.request({ k: 'unwatch' });
  if (typeof got !== 'object' || got === null) return { touched: [] };
  const { touched, stack } = got as { touched?: unknown; stack?: unknown };
  return {
    touched: Array.isArray(touched) ? touched.filter((path): path is string => typeof path === 'string').slice(0, 1_000) : [],
    ...(typeof stack === 'string' ? { stack } : {}),
  };
}
