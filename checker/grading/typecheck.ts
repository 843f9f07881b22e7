import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TypeErrorReport } from '../report/shape.ts';
import { listFiles } from '../course/files.ts';

/** Compiler options the learner's code is held to: the repository's own, read from its tsconfig.json. */
const OPTIONS: unknown = (JSON.parse(readFileSync(fileURLToPath(new URL('../../tsconfig.json', import.meta.url)), 'utf8')) as { compilerOptions: unknown }).compilerOptions;

/** The native tsc binary (skipping the Node wrapper saves a process start), or the wrapper where it is missing. */
export function tscBinary(repoRoot: string): string {
  const native = join(repoRoot, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib', 'tsc');
  return existsSync(native) ? native : join(repoRoot, 'node_modules', '.bin', 'tsc');
}

/** The longest one tsc run over one copy may take before it is stopped and the type check reported as failed. */
export const TYPECHECK_LIMIT_MS = 120_000;

/**
 * What each copy in the scratch folder adds to that limit. BENCHMARKS.md measured one tsc run over a class of 100
 * copies at 10 to 13 s under a load average of about 24, about 0.12 s a copy; this is ten times that, so a class of
 * 100 gets 240 s, some twenty times what it took, and a class of 1,000 gets 22 minutes.
 */
export const TYPECHECK_PER_TARGET_MS = 1_200;

/** The limit of one tsc run over `targets` copies: the one-copy limit plus an allowance per copy. */
export function typecheckLimitMs(targets: number): number {
  return TYPECHECK_LIMIT_MS + TYPECHECK_PER_TARGET_MS * Math.max(0, targets);
}

/** Why a type check gave no answer: tsc ran past its limit and was stopped, or it could not start or ended without its answer. */
export type TypeCheckFailure = { reason: 'timeout'; limitMs: number } | { reason: 'no-answer' };

/** What one type check found: the compiler's problems, and, when it gave no full answer, why (the problems are then only what it said first). */
export interface TypeCheck {
  problems: TypeErrorReport[];
  failed?: TypeCheckFailure;
}

/** Thrown where a type check that gave no answer must stop the run (a class grade) instead of scoring every exercise 0. */
export class TypeCheckFailedError extends Error {
  constructor(readonly failure: TypeCheckFailure) {
    super(`type check failed: ${failure.reason}`);
  }
}

/** The type check as it is when it answered; throws TypeCheckFailedError when it did not. */
export function answered(checked: TypeCheck): TypeCheck {
  if (checked.failed) throw new TypeCheckFailedError(checked.failed);
  return checked;
}

/** How one tsc run ended: with its whole output, stopped at its limit, or unable to start. */
type TscEnd = 'done' | 'timeout' | 'no-start';

/** The learner files every type check covers, relative to the scratch folder: each copy's chapters. */
const LEARNER_FILES = 't*/chapters/**/*.ts';

/**
 * A file with one certain type error, checked with the learner's files. tsc reports no semantic error at all
 * while any file of the program has a syntax error, so the canary's error says which kind of answer came back:
 * present, the semantic check ran; absent, every error reported is a syntax error and the others are hidden.
 */
const CANARY = 'checker-canary.ts';
const CANARY_SOURCE = "export const canary: number = 'the semantic check ran';\n";

/** Writes the tsconfig that covers every copied learner chapter (and the canary), and returns its path. */
export function writeLearnerConfig(scratchRoot: string): string {
  const config = join(scratchRoot, 'tsconfig.learner.json');
  writeFileSync(config, JSON.stringify({ compilerOptions: OPTIONS, include: [LEARNER_FILES, CANARY] }));
  writeFileSync(join(scratchRoot, CANARY), CANARY_SOURCE);
  return config;
}

/**
 * Type-checks the copied learner chapters with `tsc` (TypeScript 7 has no in-process compiler API). When any
 * file has a syntax error, tsc hides every type error of the program, so a second run checks a copy of the
 * learner files without the chapters that failed to parse: one student's syntax error never hides another
 * chapter's or another student's type error. (The rest of a chapter with a syntax error is checked once it
 * parses: leaving out only the broken file would make the files that import it report errors that are not
 * theirs, and the syntax error already stops the whole chapter.) Syntax errors are reported as such.
 */
export async function typecheck(scratchRoot: string, tscPath: string, limitMs: number = TYPECHECK_LIMIT_MS): Promise<TypeCheck> {
  const ran = await runTsc(scratchRoot, writeLearnerConfig(scratchRoot), tscPath, limitMs);
  // A stopped or missing run says nothing for certain: its partial output is never taken as the answer.
  if (ran.end !== 'done') return { problems: [], failed: failure(ran.end, limitMs) };
  const first = classify(ran.problems, scratchRoot);
  if (first.semantic) return { problems: first.problems.map((problem) => ({ ...problem, kind: 'type' })) };
  const syntax = first.problems.map((problem): TypeErrorReport => ({ ...problem, kind: 'syntax' }));
  // No canary error and no syntax error: tsc ended without its answer (it crashed or was killed from outside).
  if (syntax.length === 0) return { problems: [], failed: { reason: 'no-answer' } };
  const broken = new Set(syntax.map((problem) => chapterOf(relative(scratchRoot, problem.file))));
  const parsable = mkdtempSync(join(scratchRoot, '.typecheck-'));
  try {
    for (const file of learnerFiles(scratchRoot)) {
      const path = relative(scratchRoot, file);
      if (broken.has(chapterOf(path))) continue;
      mkdirSync(dirname(join(parsable, path)), { recursive: true });
      copyFileSync(file, join(parsable, path));
    }
    const again = await runTsc(parsable, writeLearnerConfig(parsable), tscPath, limitMs);
    if (again.end !== 'done') return { problems: syntax, failed: failure(again.end, limitMs) };
    const second = classify(again.problems, parsable);
    return { problems: [...syntax, ...second.problems.map((problem): TypeErrorReport => ({ ...problem, file: join(scratchRoot, relative(parsable, problem.file)), kind: 'type' }))] };
  } finally {
    rmSync(parsable, { recursive: true, force: true });
  }
}

/** The failure a tsc run that did not finish stands for. */
function failure(end: Exclude<TscEnd, 'done'>, limitMs: number): TypeCheckFailure {
  return end === 'timeout' ? { reason: 'timeout', limitMs } : { reason: 'no-answer' };
}

/** The chapter folder of a learner file, `t0/chapters/01-mini-mcp`, from its path relative to the scratch folder. */
function chapterOf(path: string): string {
  return path.split('/').slice(0, 3).join('/');
}

/** Every learner TypeScript file of every copy in the scratch folder. */
function learnerFiles(scratchRoot: string): string[] {
  return listFiles(scratchRoot).filter((file) => /^t\d+\/chapters\/.+\.ts$/.test(relative(scratchRoot, file)));
}

/** Splits off the canary: whether its error came back (the semantic check ran), and the learner's problems. */
function classify(problems: Omit<TypeErrorReport, 'kind'>[], base: string): { semantic: boolean; problems: Omit<TypeErrorReport, 'kind'>[] } {
  const canary = join(base, CANARY);
  return { semantic: problems.some((problem) => problem.file === canary), problems: problems.filter((problem) => problem.file !== canary) };
}

/** Runs tsc on one config and reads its errors, saying how the run ended: a run past `limitMs` is killed. */
function runTsc(cwd: string, config: string, tscPath: string, limitMs: number): Promise<{ end: TscEnd; problems: Omit<TypeErrorReport, 'kind'>[] }> {
  return new Promise((done) => {
    const child = spawn(tscPath, ['-p', config, '--pretty', 'false'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stopped = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      stopped = true;
      child.kill('SIGKILL');
    }, limitMs);
    child.on('close', () => {
      clearTimeout(timer);
      done({ end: stopped ? 'timeout' : 'done', problems: parseTscOutput(output, cwd) });
    });
    child.on('error', () => {
      clearTimeout(timer);
      done({ end: 'no-start', problems: [] });
    });
  });
}

/** Reads `file(line,col): error TSxxxx: message` lines; indented lines continue the message above. */
export function parseTscOutput(output: string, base: string): Omit<TypeErrorReport, 'kind'>[] {
  const problems: Omit<TypeErrorReport, 'kind'>[] = [];
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
