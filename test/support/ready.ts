import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** A command that prints `READY <url>` once it serves (serve, auth-server): the process, its lines so far, and that URL. */
export interface Ready {
  child: ChildProcess;
  lines: string[];
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<unknown[]>;
}

/** Starts `node ARGS` in CWD and resolves once it prints its READY line; rejects, with all it printed, if it exits first. */
export async function startUntilReady(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = { ...process.env, CHECKER_LANG: '' }): Promise<Ready> {
  const child = spawn(process.execPath, [...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env });
  const lines: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const ready = /^READY (\S+)$/.exec(line);
      if (ready) resolve(ready[1]!);
    });
    void exited.then(([code]) => reject(new Error(`${args.join(' ')} exited with ${String(code)} before READY:\n${lines.join('\n')}\n${stderr}`)));
  });
  return { child, lines, url, exited };
}

/** Stops a started command with SIGINT, as a person's Ctrl+C does, and waits for it to end. */
export async function stopReady(ready: Ready): Promise<void> {
  if (ready.child.exitCode !== null || ready.child.signalCode !== null) return;
  ready.child.kill('SIGINT');
  await ready.exited;
}
