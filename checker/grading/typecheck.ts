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

/** The longest a type check may take before it is stopped and reported as such. */
const LIMIT_MS = 120_000;

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
export async function typecheck(scratchRoot: string, tscPath: string): Promise<TypeErrorReport[]> {
  const first = classify(await runTsc(scratchRoot, writeLearnerConfig(scratchRoot), tscPath), scratchRoot);
  if (first.semantic) return first.problems.map((problem) => ({ ...problem, kind: 'type' }));
  const syntax = first.problems.map((problem): TypeErrorReport => ({ ...problem, kind: 'syntax' }));
  if (syntax.length === 0) return [];
  const broken = new Set(syntax.map((problem) => chapterOf(relative(scratchRoot, problem.file))));
  const parsable = mkdtempSync(join(scratchRoot, '.typecheck-'));
  try {
    for (const file of learnerFiles(scratchRoot)) {
      const path = relative(scratchRoot, file);
      if (broken.has(chapterOf(path))) continue;
      mkdirSync(dirname(join(parsable, path)), { recursive: true });
      copyFileSync(file, join(parsable, path));
    }
    const second = classify(await runTsc(parsable, writeLearnerConfig(parsable), tscPath), parsable);
    return [...syntax, ...second.problems.map((problem): TypeErrorReport => ({ ...problem, file: join(scratchRoot, relative(parsable, problem.file)), kind: 'type' }))];
  } finally {
    rmSync(parsable, { recursive: true, force: true });
  }
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

/** Runs tsc on one config and reads its errors; a tsc that cannot start or runs past its limit reports what it printed. */
function runTsc(cwd: string, config: string, tscPath: string): Promise<Omit<TypeErrorReport, 'kind'>[]> {
  return new Promise((done) => {
    const child = spawn(tscPath, ['-p', config, '--pretty', 'false'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (output.length < 1_000_000) output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('close', () => {
      clearTimeout(timer);
      done(parseTscOutput(output, cwd));
    });
    child.on('error', () => {
      clearTimeout(timer);
      done([]);
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
