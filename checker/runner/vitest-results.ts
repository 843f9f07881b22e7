import type { TestCase, TestModule } from 'vitest/node';
import { deniedFrom } from '../trust/sandbox.ts';
import type { Denied } from '../trust/sandbox.ts';
import type { LoopSite } from './loop-guard.ts';
import type { SuiteQuotes } from '../trust/suite-quotes.ts';

/** One test as vitest reported it. */
export interface RawTest {
  name: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
  /** The stack of the first error, used only to find the learner's file and line. */
  stack: string;
  /** Set when the sandbox refused what the test's code tried to do. */
  denied?: Denied;
  /** The learner's file:line (a path in the graded copy) a suite's failure named as the cause, if it named one. */
  where?: string;
  /** What the learner's code wrote (console, stdout, stderr) while the test ran, bounded (see LearnerOutput). */
  output?: LearnerOutput;
}

/** The first lines a test's code wrote, and how many more it wrote past them. */
export interface LearnerOutput {
  lines: { stream: 'stdout' | 'stderr'; text: string }[];
  more: number;
}

/** An error that stopped a whole suite file, such as a failed import. */
export interface RawError {
  message: string;
  stack: string;
  denied?: Denied;
}

/** What happened to one suite file: it ran, it was stopped at its deadline, or its worker died under it. */
export interface RawFile {
  outcome: 'ran' | 'timeout' | 'crashed';
  /** For a timeout: the limit that stopped the file (its own limit, the shorter load limit, or the wait limit). */
  limitMs?: number;
  /** For a timeout: which limit that was: the file's own or the load limit, both in the fork's CPU time, or the wait limit, in time it spent blocked. */
  limit?: 'file' | 'load' | 'wait';
  /** For a timeout: the name of the test that had started and not finished when the file was stopped, if one had. */
  runningTest?: string;
  /** For a timeout: the loop of learner code the fork was spinning in, when its runner could say. */
  loop?: LoopSite;
  /** Errors that stopped the file itself, such as a failed import. */
  errors: RawError[];
  tests: RawTest[];
}

function deniedPart(error: unknown): { denied?: Denied } {
  const denied = deniedFrom(error);
  return denied ? { denied } : {};
}

/** One test's result in the checker's own shape. */
export function toRawTest(test: TestCase): RawTest {
  const result = test.result();
  const first = result.errors?.[0];
  const where = (first as Record<string, unknown> | undefined)?.['where'];
  return { name: test.name, state: result.state, message: first?.message ?? '', stack: first?.stack ?? '', ...deniedPart(first), ...(typeof where === 'string' ? { where } : {}) };
}

/** The errors that stopped a whole suite file, such as a failed import. */
export function fileErrors(module: TestModule): RawError[] {
  return module.errors().map((error) => ({ message: error.message ?? String(error), stack: error.stack ?? '', ...deniedPart(error) }));
}

/** A refusal with its resource withheld when it quotes a suite (learner code can throw its own ERR_ACCESS_DENIED). */
function redactDenied(denied: Denied | undefined, quotes: SuiteQuotes): { denied?: Denied } {
  return denied ? { denied: { permission: quotes.redact(denied.permission), resource: quotes.redact(denied.resource) } } : {};
}

/**
 * The outcome with every text learner code can set (messages, stacks, refused resources, the cause a failure names)
 * withheld where it quotes a suite's code: such text reaches the learner's report, Gradescope's output included.
 */
export function redactQuotes(file: RawFile, quotes: SuiteQuotes): RawFile {
  const tests = file.tests.map(({ where, denied, ...test }): RawTest => ({
    ...test,
    message: quotes.redact(test.message),
    stack: quotes.redact(test.stack),
    ...redactDenied(denied, quotes),
    ...(where !== undefined && !quotes.quotes(where) ? { where } : {}),
  }));
  const errors = file.errors.map(({ denied, ...error }): RawError => ({ ...error, message: quotes.redact(error.message), stack: quotes.redact(error.stack), ...redactDenied(denied, quotes) }));
  return { ...file, ...(file.runningTest !== undefined ? { runningTest: quotes.redact(file.runningTest) } : {}), errors, tests };
}
