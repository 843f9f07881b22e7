import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TypeErrorReport } from './report.ts';

/** Compiler options the learner's code is held to: the repository's own, read from its tsconfig.json. */
const OPTIONS: unknown = (JSON.parse(readFileSync(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), 'utf8')) as { compilerOptions: unknown }).compilerOptions;

/** The native tsc binary (skipping the Node wrapper saves a process start), or the wrapper where it is missing. */
export function tscBinary(repoRoot: string): string {
  const native = join(repoRoot, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib', 'tsc');
  return existsSync(native) ? native : join(repoRoot, 'node_modules', '.bin', 'tsc');
}

/** The longest a type check may take before it is stopped and reported as such. */
const LIMIT_MS = 120_000;

/** Writes the tsconfig that covers every copied learner chapter, and returns its path. */
export function writeLearnerConfig(scratchRoot: string): string {
  const config = join(scratchRoot, 'tsconfig.learner.json');
  writeFileSync(config, JSON.stringify({ compilerOptions: OPTIONS, include: ['t*/chapters/**/*.ts'] }));
  return config;
}

/** Type-checks the copied learner chapters with `tsc` (TypeScript 7 has no in-process compiler API). */
export function typecheck(scratchRoot: string, tscPath: string): Promise<TypeErrorReport[]> {
  const config = writeLearnerConfig(scratchRoot);
  return new Promise((resolve) => {
    const child = spawn(tscPath, ['-p', config, '--pretty', 'false'], { cwd: scratchRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(parseTscOutput(output, scratchRoot));
    });
    child.on('error', () => {
      clearTimeout(timer);
      resolve([]);
    });
  });
}

/** Reads `file(line,col): error TSxxxx: message` lines; indented lines continue the message above. */
export function parseTscOutput(output: string, base: string): TypeErrorReport[] {
  const problems: TypeErrorReport[] = [];
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (match) {
      const file = match[1]!.startsWith('/') ? match[1]! : join(base, match[1]!);
      problems.push({ file, line: Number(match[2]), column: Number(match[3]), code: match[4]!, message: match[5]! });
    } else if (/^\s+\S/.test(line) && problems.length > 0) {
      problems[problems.length - 1]!.message += ` ${line.trim()}`;
    }
  }
  return problems;
}
