import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TypeErrorReport } from '../report/shape.ts';
import { listFiles } from '../course/files.ts';
import { cpuMs, processTable, withDescendants } from '../runner/proc.cjs';

/** Compiler options the learner's code is held to: the repository's own, read from its tsconfig.json. */
const OPTIONS: unknown = (JSON.parse(readFileSync(fileURLToPath(new URL('../../tsconfig.json', import.meta.url)), 'utf8')) as { compilerOptions: unknown }).compilerOptions;

/** The native tsc binary (skipping the Node wrapper saves a process start), or the wrapper where it is missing. */
export function tscBinary(repoRoot: string): string {
  const native = join(repoRoot, 'node_modules', '@typescript', `typescript-${process.platform}-${process.arch}`, 'lib', 'tsc');
  return existsSync(native) ? native : join(repoRoot, 'node_modules', '.bin', 'tsc');
}

/** What one tsc run may cost before it is stopped: CPU time (every thread, from /proc), memory (its resident set), and how long it may go without using any CPU at all. */
export interface TypeCheckLimits {
  /** CPU time, user and system, of the tsc process and what it started, in ms. */
  cpuMs: number;
  /** Resident memory of the tsc process and what it started, in MB (MiB). */
  memoryMb: number;
  /** How long tsc may use no CPU at all before it counts as stalled (the machine's fault, not the program's), in ms. */
  stallMs: number;
}

/**
 * The limits of one tsc run. One copy of the course takes about 0.7 CPU-s and 115 MB (BENCHMARKS.md), and a class
 * is checked one copy (student) per run, so an honest copy stays far below them; a run past them is split (see
 * typecheck). A chapter that needs more than this alone is too costly to check, whoever wrote it.
 */
export const TYPECHECK_LIMITS: TypeCheckLimits = { cpuMs: 30_000, memoryMb: 2_048, stallMs: 60_000 };

/** The variables that lower or raise the limits for one run (tests use a small limit): CPU seconds and memory MB. */
export const LIMIT_VARIABLES = { cpuS: 'CHECKER_TYPECHECK_CPU_S', memoryMb: 'CHECKER_TYPECHECK_MEMORY_MB' } as const;

/** The limits, with any positive number given in the environment in place of the default. */
export function typecheckLimits(env: NodeJS.ProcessEnv = process.env): TypeCheckLimits {
  const read = (name: string) => {
    const value = Number(env[name]);
    return env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const cpuS = read(LIMIT_VARIABLES.cpuS);
  const memoryMb = read(LIMIT_VARIABLES.memoryMb);
  return { ...TYPECHECK_LIMITS, ...(cpuS ? { cpuMs: cpuS * 1000 } : {}), ...(memoryMb ? { memoryMb } : {}) };
}

/**
 * Why a type check gave no answer. `cpu` and `memory`: the program checked (one chapter, when it comes to that) cost
 * more than its limit. `timeout`: tsc used no CPU for `limitMs` (stalled). `no-answer`: it could not start, or ended
 * without its answer.
 */
export type TypeCheckFailure = { reason: 'cpu'; limitMs: number } | { reason: 'memory'; limitMb: number } | { reason: 'timeout'; limitMs: number } | { reason: 'no-answer' };

/**
 * What one type check found: the compiler's problems; `failed` when the whole check gave no answer; and `costly`,
 * the chapter folders (scratch paths) whose check alone exceeded a limit, each with its failure. The problems of a
 * costly chapter are unknown; every other chapter's are complete.
 */
export interface TypeCheck {
  problems: TypeErrorReport[];
  failed?: TypeCheckFailure;
  costly?: Map<string, TypeCheckFailure>;
}

/** Thrown where a type check that gave no answer must stop the run (a class grade) instead of scoring every exercise 0. */
export class TypeCheckFailedError extends Error {
  constructor(readonly failure: TypeCheckFailure) {
    super(`type check failed: ${failure.reason}`);
  }
}

/** The type check as it is when it answered (a costly chapter is an answer about that chapter); throws TypeCheckFailedError when it did not. */
export function answered(checked: TypeCheck): TypeCheck {
  if (checked.failed) throw new TypeCheckFailedError(checked.failed);
  return checked;
}

/** How one tsc run ended: with its whole output, stopped over a limit, stalled, or unable to start. */
type TscEnd = 'done' | 'cpu' | 'memory' | 'timeout' | 'no-start';

/** The learner files every type check covers, relative to the scratch folder: each copy's chapters. */
const LEARNER_FILES = 't*/chapters/**/*.ts';

/**
 * A file with one certain type error, checked with the learner's files. tsc reports no semantic error at all
 * while any file of the program has a syntax error, so the canary's error says which kind of answer came back:
 * present, the semantic check ran; absent, every error reported is a syntax error and the others are hidden.
 */
const CANARY = 'checker-canary.ts';
const CANARY_SOURCE = "export const canary: number = 'the semantic check ran';\n";

/** Writes the tsconfig that covers the given chapter folders (every copied learner chapter when unset) and the canary, and returns its path. */
export function writeLearnerConfig(scratchRoot: string, units?: readonly string[]): string {
  const config = join(scratchRoot, 'tsconfig.learner.json');
  const include = units ? units.map((unit) => `${unit}/**/*.ts`) : [LEARNER_FILES];
  writeFileSync(config, JSON.stringify({ compilerOptions: OPTIONS, include: [...include, CANARY] }));
  writeFileSync(join(scratchRoot, CANARY), CANARY_SOURCE);
  return config;
}

/** Every chapter folder of every copy in the scratch folder, relative to it: `t0/chapters/01-mini-mcp`. */
export function learnerUnits(scratchRoot: string): string[] {
  return [...new Set(learnerFiles(scratchRoot).map((file) => chapterOf(relative(scratchRoot, file))))].sort();
}

/**
 * The parts a group of chapter folders is split into when its check exceeded a limit: the whole class into about
 * √n groups of about √n, any smaller group into single chapters. A costly chapter is then checked three times at
 * most (the class, its group, itself), each stopped at the limit, and the honest chapters about twice.
 */
export function parts<T>(group: readonly T[], whole: boolean): T[][] {
  const size = whole ? Math.ceil(Math.sqrt(group.length)) : 1;
  const out: T[][] = [];
  for (let start = 0; start < group.length; start += size) out.push(group.slice(start, start + size));
  return out;
}

/**
 * Type-checks the copied learner chapters with `tsc` (TypeScript 7 has no in-process compiler API), each run under
 * CPU and memory limits of its own (limits.cpuMs and limits.memoryMb). The ordinary case is one run over every
 * chapter of every copy. A run that exceeds a limit, or crashes, is split (see parts) and each part checked again,
 * down to one chapter folder: a chapter that alone exceeds a limit is reported in `costly` with its cause, and every
 * other chapter gets its whole answer, so one student's costly types never take a classmate's type check down.
 * When any file has a syntax error, tsc hides every type error of the program, so a second run checks a copy of the
 * learner files without the chapters that failed to parse: one student's syntax error never hides another
 * chapter's or another student's type error. (The rest of a chapter with a syntax error is checked once it
 * parses: leaving out only the broken file would make the files that import it report errors that are not
 * theirs, and the syntax error already stops the whole chapter.) Syntax errors are reported as such.
 *
 * With more than one copy (a class: one copy per distinct chapter content, or per student tree), each copy is checked
 * as a program of its own, one after the other, each run under the limits: what one student declares globally
 * (`declare global`, `declare module`, a file with no import or export, a `/// <reference>`) never reaches another
 * copy's files, and only problems in that copy's own files are taken from its run. This costs some 1.7 CPU-s more
 * per distinct student than one program for the class (BENCHMARKS.md); the class's single program let one student's
 * unused file fail two honest solutions.
 */
export async function typecheck(scratchRoot: string, tscPath: string, limits: Partial<TypeCheckLimits> = {}): Promise<TypeCheck> {
  const full = { ...typecheckLimits(), ...limits };
  const students = byStudent(learnerUnits(scratchRoot));
  const answers: Exclude<GroupCheck, { failed: TypeCheckFailure }>[] = [];
  if (students.size <= 1) {
    const checked = await checkGroup(scratchRoot, undefined, tscPath, full, true);
    if ('failed' in checked) return { problems: [], failed: checked.failed };
    answers.push(checked);
  } else {
    // Each copy is a program of its own: a `declare global`, an ambient module or a script file in one student's
    // files is in no other copy's program, and a problem is taken only from the copy's own files.
    for (const [student, units] of students) {
      const checked = await checkGroup(scratchRoot, units, tscPath, full, false);
      if ('failed' in checked) return { problems: [], failed: checked.failed };
      const own = `${join(scratchRoot, student)}/`;
      answers.push({ problems: checked.problems.filter((problem) => problem.file.startsWith(own)), costly: checked.costly });
    }
  }
  const costly = new Map(answers.flatMap((answer) => [...answer.costly]));
  // Every chapter ended without an answer, each alone: that is tsc itself, not any one chapter.
  const causes = [...costly.values()];
  if (causes.length > 0 && causes.length === learnerUnits(scratchRoot).length && causes.every((cause) => cause.reason === 'no-answer')) return { problems: [], failed: { reason: 'no-answer' } };
  // Syntax errors first, as one run over the class gave them (they come from the first of its runs).
  const all = answers.flatMap((answer) => answer.problems);
  const problems = unique([...all.filter((problem) => problem.kind === 'syntax'), ...all.filter((problem) => problem.kind !== 'syntax')]);
  return costly.size > 0 ? { problems, costly } : { problems };
}

/** Chapter folders grouped by the copy (student) they belong to: `t0` with its `t0/chapters/…` folders. */
function byStudent(units: readonly string[]): Map<string, string[]> {
  const students = new Map<string, string[]>();
  for (const unit of units) {
    const student = unit.split('/')[0]!;
    students.set(student, [...(students.get(student) ?? []), unit]);
  }
  return students;
}

/** One group's answer: its problems and its costly chapters, or a failure of the whole check. */
type GroupCheck = { problems: TypeErrorReport[]; costly: Map<string, TypeCheckFailure> } | { failed: TypeCheckFailure };

/**
 * Checks one group of chapter folders (every chapter when `units` is unset), splitting it when it exceeds a limit
 * or ends without its answer. A tsc that cannot start or stalls fails the whole check: neither is about the code.
 */
async function checkGroup(root: string, units: readonly string[] | undefined, tscPath: string, limits: TypeCheckLimits, whole: boolean): Promise<GroupCheck> {
  const ran = await runTsc(root, writeLearnerConfig(root, units), tscPath, limits);
  if (ran.end === 'no-start') return { failed: { reason: 'no-answer' } };
  if (ran.end === 'timeout') return { failed: { reason: 'timeout', limitMs: limits.stallMs } };
  const first = ran.end === 'done' ? classify(ran.problems, root) : { semantic: false, problems: [] };
  // No canary error and no syntax error: tsc ended without its answer (it crashed).
  const crashed = ran.end === 'done' && !first.semantic && first.problems.length === 0;
  if (ran.end !== 'done' || crashed) {
    const group = units ?? learnerUnits(root);
    if (group.length === 0) return { failed: { reason: 'no-answer' } };
    if (group.length === 1) {
      const cause: TypeCheckFailure = crashed ? { reason: 'no-answer' } : ran.end === 'memory' ? { reason: 'memory', limitMb: limits.memoryMb } : { reason: 'cpu', limitMs: limits.cpuMs };
      return { problems: [], costly: new Map([[join(root, group[0]!), cause]]) };
    }
    const checked: GroupCheck[] = [];
    // One part after the other: two costly runs at once would share the machine's memory.
    for (const part of parts(group, whole)) checked.push(await checkGroup(root, part, tscPath, limits, false));
    const failedPart = checked.find((part) => 'failed' in part);
    if (failedPart) return failedPart;
    const answers = checked as Exclude<GroupCheck, { failed: TypeCheckFailure }>[];
    return { problems: answers.flatMap((part) => part.problems), costly: new Map(answers.flatMap((part) => [...part.costly])) };
  }
  if (first.semantic) return { problems: first.problems.map((problem) => ({ ...problem, kind: 'type' })), costly: new Map() };
  const syntax = first.problems.map((problem): TypeErrorReport => ({ ...problem, kind: 'syntax' }));
  const broken = new Set(syntax.map((problem) => chapterOf(relative(root, problem.file))));
  const rest = (units ?? learnerUnits(root)).filter((unit) => !broken.has(unit));
  if (rest.length === 0) return { problems: syntax, costly: new Map() };
  const parsable = mkdtempSync(join(root, '.typecheck-'));
  try {
    // Only the copies this group checks: another student's files are no part of its program.
    const copies = units ? new Set(units.map((unit) => unit.split('/')[0]!)) : null;
    for (const file of learnerFiles(root)) {
      const path = relative(root, file);
      if (broken.has(chapterOf(path)) || (copies && !copies.has(path.split('/')[0]!))) continue;
      mkdirSync(dirname(join(parsable, path)), { recursive: true });
      copyFileSync(file, join(parsable, path));
    }
    const again = await checkGroup(parsable, rest, tscPath, limits, whole);
    if ('failed' in again) return again;
    const back = (file: string) => join(root, relative(parsable, file));
    return {
      problems: [...syntax, ...again.problems.map((problem) => ({ ...problem, file: back(problem.file) }))],
      costly: new Map([...again.costly].map(([unit, cause]) => [back(unit), cause])),
    };
  } finally {
    rmSync(parsable, { recursive: true, force: true });
  }
}

/** The problems with each one reported once (two groups that import one file both report its errors). */
function unique(problems: readonly TypeErrorReport[]): TypeErrorReport[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.file}\0${problem.line}\0${problem.column}\0${problem.code}\0${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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

/** How often a running tsc's CPU time and memory are read. */
const POLL_MS = 25;

/**
 * Runs tsc on one config and reads its errors, saying how the run ended: a run past its CPU time or memory is
 * killed, and so is one that used no CPU for limits.stallMs. (GOMEMLIMIT was tried: near the limit Go's collector
 * ran without end, and a memory bomb spent several times the CPU time before it was stopped.)
 */
function runTsc(cwd: string, config: string, tscPath: string, limits: TypeCheckLimits): Promise<{ end: TscEnd; problems: Omit<TypeErrorReport, 'kind'>[] }> {
  return new Promise((done) => {
    const child = spawn(tscPath, ['-p', config, '--pretty', 'false'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let end: TscEnd = 'done';
    child.stdout.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString('utf8');
    });
    child.stderr.resume();
    const meter = child.pid === undefined ? null : costMeter(child.pid);
    let lastCpu = 0;
    let lastProgress = Date.now();
    const stop = (why: TscEnd) => {
      end = why;
      clearInterval(timer);
      child.kill('SIGKILL');
    };
    const timer = setInterval(() => {
      const cost = meter?.();
      if (!cost) return;
      if (cost.cpuMs > limits.cpuMs) return stop('cpu');
      if (cost.rssMb > limits.memoryMb) return stop('memory');
      if (cost.cpuMs > lastCpu) {
        lastCpu = cost.cpuMs;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress > limits.stallMs) stop('timeout');
    }, POLL_MS);
    child.on('close', () => {
      clearInterval(timer);
      done({ end, problems: parseTscOutput(output, cwd) });
    });
    child.on('error', () => {
      clearInterval(timer);
      done({ end: 'no-start', problems: [] });
    });
  });
}

/**
 * Reads what a process and the processes it started have cost so far: CPU time (runner/proc.cjs) and resident
 * memory (VmRSS of /proc/<pid>/status). The native tsc starts nothing; the npm wrapper starts it, so the
 * descendants are looked up again every few readings.
 */
function costMeter(pid: number): () => { cpuMs: number; rssMb: number } | undefined {
  let pids = [pid];
  let readings = 0;
  return () => {
    if (readings++ % 20 === 0) pids = withDescendants(pid, processTable());
    let cpu = 0;
    let rss = 0;
    for (const one of pids) {
      cpu += cpuMs(one) ?? 0;
      rss += residentMb(one) ?? 0;
    }
    return { cpuMs: cpu, rssMb: rss };
  };
}

/** The resident memory of one process in MB, or undefined once it is gone. */
export function residentMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return undefined;
  }
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
