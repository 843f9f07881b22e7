import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHAPTERS } from '../../course/current.ts';
import { chapterFolder, gradedTarget, shownPath } from '../../course/target.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import { hostsWords } from '../../usage/hosts-words.ts';
import type { HostsWords } from '../../usage/hosts-words.ts';
import type { Lang } from '../../usage/messages.ts';
import { readCommandLine } from '../../usage/prologue.ts';
import {
  CODEX_TOKEN_VARIABLE,
  HOST_SERVERS,
  claudeAddArgs,
  claudeDesktopJson,
  codexAddArgs,
  codexToml,
  cursorJson,
  geminiEntry,
  geminiJson,
  geminiTrustJson,
  readClaudeList,
  readCodexList,
  readGeminiList,
  shellLine,
  showJson,
  vscodeJson,
} from './host-configs.ts';
import type { HostId, HostVerdict, Launch } from './host-configs.ts';
import { NotServable, isServable, runnableChapter, serveChapter } from './http-chapter.ts';
import type { RunnableChapter, ServedChapter } from './http-chapter.ts';

/*
 * `npm run hosts -- 03|04`: registers the learner's server in real hosts the way the lesson tells the learner to, and
 * runs each host's own check. The host CLIs come pinned from the npm registry into a temporary folder and never into
 * the repository; each runs in a temporary HOME, with no node on its PATH (so the launch form is proven not to need
 * one), and with a proxy on a closed loopback port for anything beyond 127.0.0.1. It starts processes and a socket,
 * so it is not part of `npm test`; .ci/run runs it for the solutions as a step of its own.
 */

/** The host CLIs, pinned exactly (checked with `npm view` on 2026-12-02), with the file inside each package that `node` starts. */
const HOSTS: readonly { id: HostId; title: string; pkg: string; version: string; entry: (dir: string) => string }[] = [
  // The wrapper finds the platform's native binary itself; the postinstall that would copy it over bin/claude.exe is not run.
  { id: 'claude', title: 'Claude Code', pkg: '@anthropic-ai/claude-code', version: '2.1.332', entry: (dir) => join(dir, 'cli-wrapper.cjs') },
  { id: 'gemini', title: 'Gemini CLI', pkg: '@google/gemini-cli', version: '0.61.0', entry: (dir) => binOf(dir, 'gemini') },
  { id: 'codex', title: 'Codex CLI', pkg: '@openai/codex', version: '0.171.0', entry: (dir) => binOf(dir, 'codex') },
];

/** How long one host command may take before it is stopped and the host reported not checked. */
const HOST_LIMIT_MS = 120_000;

/** Every scope chapter 4's tools need, so each host sees the whole tool list. */
const ALL_SCOPES = ['tasks:read', 'docs:read', 'notes:read'];

/** A parsed `hosts` command line. */
export interface HostsArgs {
  chapter: string;
  chapterDir: string;
  shown: string;
  lang: Lang;
}

/** Reads `03|04 [--target DIR] [--lang ko|en]`; throws UsageError on anything else. */
export function parseHostsArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): HostsArgs {
  const { positional, values } = readOptions('hosts', argv);
  const lang = langOption(values['--lang'], env);
  const ids = Object.keys(HOST_SERVERS);
  if (positional.length !== 1) throw new UsageError((say) => say.oneChapter('hosts', ids));
  const word = positional[0]!;
  const chapter = CHAPTERS.find((candidate) => candidate.id === word || candidate.dir === word);
  if (!chapter || !ids.includes(chapter.id)) throw new UsageError((say) => say.notHostable(word, ids));
  const found = gradedTarget(values['--target'] ?? 'chapters', CHAPTERS);
  return { chapter: chapter.id, chapterDir: chapterFolder(found, chapter), shown: shownPath(found, chapter.dir) || '.', lang };
}

/** The file a package's `bin` entry of that name points at. */
function binOf(dir: string, name: string): string {
  const bin = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> }).bin;
  return join(dir, typeof bin === 'string' ? bin : (bin?.[name] ?? ''));
}

/** The stdio launch that needs no node on PATH: this Node and tsx's CLI file, both absolute, then the chapter's stdio.ts. */
export function stdioLaunch(chapterDir: string): Launch & { kind: 'stdio' } {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  return { kind: 'stdio', command: process.execPath, args: [tsxCli, join(chapterDir, 'stdio.ts')] };
}

/** PATH without any folder that holds a node executable, so a host that finds its server through PATH fails here as it would on a GUI app's PATH. */
function pathWithoutNode(path = process.env['PATH'] ?? ''): string {
  const names = process.platform === 'win32' ? ['node.exe', 'node.cmd'] : ['node'];
  return path
    .split(delimiter)
    .filter((dir) => dir !== '' && !names.some((name) => canRun(join(dir, name))))
    .join(delimiter);
}

/** True when FILE exists and may be executed. */
function canRun(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The environment a host runs in: nothing of the caller's own (no keys, no config folders), a temporary HOME, and outside traffic sent to a closed port. */
function hostEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = ['SystemRoot', 'windir', 'ComSpec', 'PATHEXT', 'LANG'].filter((name) => process.env[name] !== undefined);
  const closed = 'http://127.0.0.1:9';
  return {
    ...Object.fromEntries(kept.map((name) => [name, process.env[name]!])),
    PATH: pathWithoutNode(),
    HOME: home,
    USERPROFILE: home,
    APPDATA: join(home, 'AppData', 'Roaming'),
    LOCALAPPDATA: join(home, 'AppData', 'Local'),
    TMPDIR: tmpdir(),
    TEMP: tmpdir(),
    TMP: tmpdir(),
    NO_COLOR: '1',
    // Anything that would go beyond this machine meets a closed port; the server itself is on 127.0.0.1.
    HTTP_PROXY: closed,
    HTTPS_PROXY: closed,
    ALL_PROXY: closed,
    http_proxy: closed,
    https_proxy: closed,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    // Claude Code: no telemetry, error reports, update checks or other traffic that is not the task.
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_AUTOUPDATER: '1',
    ...extra,
  };
}

/** What one host command did: its exit code (null when stopped or not started), everything it printed, and why it did not finish. */
interface Ran {
  code: number | null;
  output: string;
  problem?: 'timeout' | 'spawn';
}

/** Runs `node FILE ARGS…` to the end without blocking this process (chapter 4's server answers from it meanwhile), within HOST_LIMIT_MS. */
function runNode(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, HOST_LIMIT_MS);
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ code: null, output, problem: 'spawn' });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(timedOut ? { code: null, output, problem: 'timeout' } : { code, output });
    });
  });
}

/** Installs one host's pinned package into PREFIX with npm, install scripts off; resolves to whether it worked. */
function install(prefix: string, spec: string): Promise<boolean> {
  return new Promise((resolve) => {
    const args = ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--loglevel', 'error', spec];
    // Windows starts npm.cmd only through a shell, which splits unquoted words at spaces (a temporary folder under C:\Users\A B).
    const windows = process.platform === 'win32';
    const child = spawn(windows ? 'npm.cmd' : 'npm', windows ? args.map((word) => `"${word}"`) : args, { stdio: ['ignore', 'ignore', 'inherit'], shell: windows });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/** One host's result: what it said, or why it could not be asked. */
type Outcome = HostVerdict | { verdict: 'not-checked'; words: string };

/** Why a host command that printed no listing did not, in the report's language. */
function whyNot(ran: Ran, say: HostsWords): string {
  if (ran.problem === 'timeout') return say.timedOut(HOST_LIMIT_MS / 1000);
  const last = ran.output.trim().split(/\r?\n/).slice(-2).join(' | ');
  return say.exited(String(ran.code ?? ran.problem), last);
}

/** Reads a listing, or reports the host not checked when its command did not run to the end. */
function verdictOf(ran: Ran, read: (output: string) => HostVerdict, say: HostsWords): Outcome {
  if (ran.problem !== undefined) return { verdict: 'not-checked', words: whyNot(ran, say) };
  const verdict = read(ran.output);
  if (verdict.verdict === 'absent' && ran.code !== 0) return { verdict: 'not-checked', words: whyNot(ran, say) };
  return verdict;
}

/** Registers the server in one host inside its own temporary HOME and runs that host's own check. */
async function checkHost(host: (typeof HOSTS)[number], entry: string, scratch: string, name: string, launch: Launch, includeTools: readonly string[], say: HostsWords): Promise<Outcome> {
  const home = join(scratch, `home-${host.id}`);
  const work = join(home, 'project');
  mkdirSync(work, { recursive: true });
  if (host.id === 'claude') {
    const env = hostEnv(home);
    const added = await runNode(entry, claudeAddArgs(name, launch), work, env);
    if (added.problem !== undefined || added.code !== 0) return { verdict: 'not-checked', words: whyNot(added, say) };
    return verdictOf(await runNode(entry, ['mcp', 'list'], work, env), (output) => readClaudeList(output, name), say);
  }
  if (host.id === 'gemini') {
    // The lesson's settings.json entry, with usage statistics and telemetry off, and the folder trusted as the dialog would.
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const settings = { mcpServers: { [name]: geminiEntry(launch, includeTools) }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } };
    writeFileSync(join(home, '.gemini', 'settings.json'), showJson(settings));
    writeFileSync(join(home, '.gemini', 'trustedFolders.json'), geminiTrustJson(work));
    return verdictOf(await runNode(entry, ['mcp', 'list'], work, hostEnv(home)), (output) => readGeminiList(output, name), say);
  }
  const env = hostEnv(home, launch.kind === 'http' ? { [CODEX_TOKEN_VARIABLE]: launch.token } : {});
  const added = await runNode(entry, codexAddArgs(name, launch), work, env);
  if (added.problem !== undefined || added.code !== 0) return { verdict: 'not-checked', words: whyNot(added, say) };
  return verdictOf(await runNode(entry, ['mcp', 'list'], work, env), (output) => readCodexList(output, name), say);
}

/** The config a learner pastes for one host, as printed under that host's result. */
function pasteFor(host: HostId | 'desktop' | 'vscode' | 'cursor', name: string, launch: Launch, includeTools: readonly string[], say: HostsWords): string[] {
  switch (host) {
    case 'claude':
      return [`${say.addCommand}:`, shellLine('claude', claudeAddArgs(name, launch))];
    case 'gemini':
      return [`${say.configFile('~/.gemini/settings.json')}:`, geminiJson(name, launch, includeTools), say.trustNote];
    case 'codex':
      return [
        `${say.addCommand}:`,
        shellLine('codex', codexAddArgs(name, launch)),
        `${say.configFile('~/.codex/config.toml')}:`,
        codexToml(name, launch),
        ...(launch.kind === 'http' ? [say.codexToken(CODEX_TOKEN_VARIABLE)] : []),
      ];
    case 'desktop':
      return launch.kind === 'stdio' ? [`${say.configFile('claude_desktop_config.json')}:`, claudeDesktopJson(name, launch)] : [say.desktopRemote];
    case 'vscode':
      return [`${say.configFile('.vscode/mcp.json')}:`, vscodeJson(name, launch)];
    case 'cursor':
      return [`${say.configFile('~/.cursor/mcp.json')}:`, cursorJson(name, launch)];
  }
}

/** The example Windows stdio form: the same three absolute paths, as a Windows machine spells them. */
function windowsExample(name: string): string {
  return claudeDesktopJson(name, {
    kind: 'stdio',
    command: 'C:\\Program Files\\nodejs\\node.exe',
    args: ['C:\\Users\\me\\mcp-ts-workshop\\node_modules\\tsx\\dist\\cli.mjs', 'C:\\Users\\me\\mcp-ts-workshop\\chapters\\03-real-mcp-sdk\\stdio.ts'],
  });
}

/** Prints text indented under a heading line. */
function indented(lines: readonly string[]): void {
  for (const line of lines) for (const part of line.split('\n')) console.log(`    ${part}`);
}

/** Runs the whole check; resolves to 0 when no host failed and at least one connected. */
export async function runHosts(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const read = readCommandLine(argv, 'hosts', (words) => parseHostsArgs(words, env), env);
  if (read.exitCode !== undefined) return read.exitCode;
  const { args } = read;
  const say = hostsWords(args.lang);
  console.log(say.notGrading(args.shown));
  // A chapter outside the repository runs from a copy beside its node_modules, for as long as this run lasts.
  const runnable = runnableChapter(args.chapterDir);
  try {
    return await hostsFor(args, runnable, say);
  } finally {
    runnable.dispose();
  }
}

/** The chapter's server, as the hosts will start or reach it. */
type HostServer = (typeof HOST_SERVERS)[keyof typeof HOST_SERVERS];

/** The requests chapter 4's server answered while the current host was checked. */
interface Answered {
  lines: string[];
}

/**
 * Gets the chapter's server ready for the hosts and prints how they launch it: chapter 3's stdio command (with the
 * Windows form), or chapter 4's server on a free loopback port, noting each request it answers. Null when it cannot be.
 */
async function readyServer(args: HostsArgs, runnable: RunnableChapter, server: HostServer, answered: Answered, say: HostsWords): Promise<{ launch: Launch; served?: ServedChapter } | null> {
  if (server.kind === 'stdio') {
    const stdio = stdioLaunch(runnable.dir);
    if (!existsSync(stdio.args[1]!)) {
      console.error(say.missingFile(join(args.shown, 'stdio.ts')));
      return null;
    }
    console.log(say.launchTitle);
    indented([shellLine(stdio.command, stdio.args)]);
    if (process.platform !== 'win32') {
      console.log(say.windowsTitle);
      indented([windowsExample(server.name)]);
    }
    return { launch: stdio };
  }
  if (!isServable(runnable.dir)) {
    console.error(say.cannotServe(args.shown, say.missingFile(join(args.shown, 'http.ts'))));
    return null;
  }
  let served: ServedChapter;
  try {
    served = await serveChapter(runnable.dir, { port: 0, scopes: ALL_SCOPES, onAnswer: (line) => answered.lines.push(line) });
  } catch (error) {
    console.error(say.cannotServe(args.shown, error instanceof NotServable || error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)));
    return null;
  }
  console.log(say.serving(served.url.href));
  return { launch: { kind: 'http', url: served.url.href, token: served.token }, served };
}

/**
 * Installs each host's CLI into a temporary folder and checks it against the server; each host's outcome, and the
 * requests the server answered for it. The folder (near a gigabyte) is removed at the end, or on Ctrl+C.
 */
async function checkHosts(server: HostServer, launch: Launch, answered: Answered, say: HostsWords): Promise<{ outcomes: Map<HostId, Outcome>; answers: Map<HostId, string[]> }> {
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-hosts-'));
  const outcomes = new Map<HostId, Outcome>();
  const answers = new Map<HostId, string[]>();
  // Ctrl+C stops the hosts too (same process group); the CLIs, near a gigabyte, must not be left in the temporary folder.
  const stop = (): void => {
    rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    console.log(say.installing(HOSTS.map((host) => `${host.pkg}@${host.version}`).join(' ')));
    console.log(say.offline);
    for (const host of HOSTS) {
      const prefix = join(scratch, `cli-${host.id}`);
      const spec = `${host.pkg}@${host.version}`;
      if (!(await install(prefix, spec))) {
        outcomes.set(host.id, { verdict: 'not-checked', words: say.installFailed(spec) });
        continue;
      }
      const entry = host.entry(join(prefix, 'node_modules', ...host.pkg.split('/')));
      answered.lines = [];
      outcomes.set(host.id, await checkHost(host, entry, scratch, server.name, launch, server.includeTools, say));
      answers.set(host.id, answered.lines);
    }
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    rmSync(scratch, { recursive: true, force: true });
  }
  return { outcomes, answers };
}

/** Prints each host's verdict with what it said, the requests the server answered for it, and the config to paste. */
function printOutcomes(server: HostServer, launch: Launch, outcomes: ReadonlyMap<HostId, Outcome>, answers: ReadonlyMap<HostId, string[]>, say: HostsWords): void {
  console.log('');
  for (const host of HOSTS) {
    const outcome = outcomes.get(host.id)!;
    const title = `${host.title} ${host.version}`;
    const line = {
      connected: say.connected(title),
      failed: say.failed(title),
      listed: say.listed(title),
      absent: say.absent(title),
      'not-checked': say.notChecked(title, outcome.words),
    }[outcome.verdict];
    console.log(`${outcome.verdict === 'connected' || outcome.verdict === 'listed' ? 'ok  ' : outcome.verdict === 'not-checked' ? '--  ' : 'FAIL'} ${line}`);
    if (outcome.verdict !== 'not-checked') indented([`${say.hostSaid}: ${outcome.words}`]);
    const requests = answers.get(host.id) ?? [];
    if (launch.kind === 'http' && requests.length > 0) indented([`${say.serverAnswered}:`, ...requests.map((request) => `  ${request}`)]);
    indented([`${say.pasteTitle}:`, ...pasteFor(host.id, server.name, launch, server.includeTools, say)]);
  }
  for (const [host, title] of [['desktop', 'Claude Desktop'], ['vscode', 'VS Code'], ['cursor', 'Cursor']] as const) {
    console.log(`--   ${title}: ${say.noCli}`);
    indented(pasteFor(host, server.name, launch, server.includeTools, say));
  }
}

/** The check of runHosts on a chapter folder its code can run from: ready the server, check each host, print the outcomes. */
async function hostsFor(args: HostsArgs, runnable: RunnableChapter, say: HostsWords): Promise<number> {
  const server = HOST_SERVERS[args.chapter]!;
  // Chapter 4's server notes each request it answered; each host's share is printed under that host's result.
  const answered: Answered = { lines: [] };
  const ready = await readyServer(args, runnable, server, answered, say);
  if (!ready) return 1;
  const { launch, served } = ready;
  let checked;
  try {
    checked = await checkHosts(server, launch, answered, say);
  } finally {
    await served?.close();
  }
  const { outcomes, answers } = checked;
  printOutcomes(server, launch, outcomes, answers, say);
  console.log(`\n${launch.kind === 'http' ? say.lastsHttp : runnable.copied ? say.lastsCopy(args.shown) : say.lastsStdio}`);
  const verdicts = [...outcomes.values()].map((outcome) => outcome.verdict);
  const connected = verdicts.filter((verdict) => verdict === 'connected').length;
  const failed = verdicts.filter((verdict) => verdict === 'failed' || verdict === 'absent').length;
  console.log(`\n${say.summary(connected, failed)}`);
  if (connected === 0) console.log(say.nothingProven);
  return failed === 0 && connected > 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await runHosts(process.argv.slice(2));
