import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { josa } from './josa.ts';
import { described, fail, say } from './say.ts';

/** The environment variable that tells a suite how to start a learner file as a sandboxed process: `[node, ...flags]` as JSON. */
export const LEARNER_NODE_ENV = 'CHECKER_LEARNER_NODE';

/**
 * Where the checker puts the bundle of a learner entry point: beside it as `.checker-<name>.mjs`, so
 * `import.meta.dirname` still names the chapter folder. When bundling failed, `<bundle>.error` holds the reason.
 */
export function bundlePath(entry: string): string {
  return join(dirname(entry), `.checker-${basename(entry, '.ts')}.mjs`);
}

/**
 * Trusted code between a suite and a learner process. It forwards stdin; when its own stdin closes (the suite
 * closed it, or the grading process died, even by SIGKILL) it closes the learner process's stdin and, one second
 * later, kills that process's whole group if anything in it still runs. Learner code never runs in it.
 */
export const PROCESS_GUARD = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const server = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'], detached: true });
const killGroup = () => { try { process.kill(-server.pid, 'SIGKILL'); } catch {} };
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.stdin.end();
  setTimeout(killGroup, 1000);
};
server.stdin.on('error', () => {});
server.on('exit', (code) => { killGroup(); process.exit(stopping ? 0 : code ?? 1); });
process.stdin.on('data', (chunk) => server.stdin.write(chunk));
process.stdin.on('end', stop);
process.stdin.on('error', stop);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, stop);
`;

/** How one learner process is started: its command, its arguments and the folder it runs in. */
export interface LearnerCommand {
  command: string;
  args: string[];
  cwd: string;
}

/**
 * How a suite starts a learner entry point as a process of its own, behind PROCESS_GUARD, in the entry's folder.
 * Under the checker it runs the bundle the checker made of the entry, with the sandbox flags LEARNER_NODE_ENV gives
 * (no TypeScript loader: tsx would need to start a process of its own); elsewhere it runs the entry with tsx.
 * Either way it gets source maps, so its stacks name the learner's files and lines rather than the bundle, and
 * `preloads` with --require before any learner code (under the sandbox they must be readable: beside the suites).
 */
export function learnerCommand(entry: string, preloads: readonly string[] = []): LearnerCommand {
  const flags = ['--enable-source-maps', ...preloads.flatMap((preload) => ['--require', preload])];
  const given = process.env[LEARNER_NODE_ENV];
  const nodeArgs = given ? [...(JSON.parse(given) as string[]).slice(1), ...flags, learnerBundle(entry)] : ['--import', 'tsx', ...flags, entry];
  return { command: process.execPath, args: ['-e', PROCESS_GUARD, '--', process.execPath, ...nodeArgs], cwd: join(entry, '..') };
}

/** The checker's bundle of a learner entry point; fails with the bundler's words when the entry could not be bundled. */
function learnerBundle(entry: string): string {
  const bundle = bundlePath(entry);
  if (existsSync(`${bundle}.error`)) {
    fail({
      what: say(`${josa(basename(entry), '을/를')} 실행할 수 있게 묶지 못했다.`, `${basename(entry)} could not be bundled to run.`),
      got: described(readFileSync(`${bundle}.error`, 'utf8').split('\n').slice(0, 5).join('\n')),
      expected: say(`문법 오류 없이 불러올 수 있는 ${basename(entry)}`, `a ${basename(entry)} that loads without syntax errors`),
    });
  }
  return bundle;
}
