import { readFileSync as readSource } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { remoteStack } from './remote-stack.ts';

/*
 * Where in the learner's code a failure can be seen, for the report's place to look (Failure.where): the line that
 * printed a line the failure shows, or any place a suite read from a stack. A suite names a place with placeOf or
 * printedAt; fail() also looks up a printed line on its own when the failure's `got` is one.
 */

/** The lines printed during the current test through captureLog, each with the learner file:line that printed it. */
let printed: { test: string | undefined; places: Map<string, string> } = { test: undefined, places: new Map() };

/** The most printed lines remembered per test: a flood keeps the first ones. */
const MAX_LINES = 10_000;

function currentTest(): string | undefined {
  try {
    return expect.getState().currentTestName;
  } catch {
    return undefined;
  }
}

/** Every frame of a stack in the learner's chapters (a `/chapters/` folder, outside node_modules), innermost first, as absolute `file:line`s. */
function learnerFrames(stack: string | undefined): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n')) {
    if (!/^\s+at /.test(line)) continue;
    const match = /((?:\/[^\s():]+)+\.[cm]?[jt]sx?):(\d+)(?::\d+)?/.exec(line);
    if (!match || match[1]!.includes('/node_modules/') || !match[1]!.includes('/chapters/')) continue;
    frames.push(`${match[1]}:${match[2]}`);
  }
  return frames;
}

/**
 * The first frame of a stack in the learner's chapters (a `/chapters/` folder, outside node_modules), as an absolute
 * `file:line`; undefined when the stack names none. The report checks the path again and shows it as the learner knows it.
 */
export function learnerCaller(stack: string | undefined): string | undefined {
  return learnerFrames(stack)[0];
}

/**
 * The last learner frame of a stack: the line in the learner function a suite called (main, say) from which the
 * rest followed, such as the statement of main whose check threw; undefined when the stack names none.
 */
export function outermostLearnerFrame(stack: string | undefined): string | undefined {
  return learnerFrames(stack).at(-1);
}

/** The stack here, deep enough to reach the learner function a suite called; empty when it cannot be read. */
function stackHere(): string {
  const limit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 50;
    // Learner code runs in a process of its own: its frames at the call into the suite come with the call (remote-stack.ts).
    return `${new Error().stack ?? ''}\n${remoteStack()}`;
  } catch {
    return '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The learner's line that calls the function this is called from (skipping frames outside the chapters), if any. */
export function placeOfCaller(): string | undefined {
  return learnerCaller(stackHere());
}

/** The learner's line, in the function a suite called, from which the call this is called from came (see outermostLearnerFrame). */
export function placeOfOutermostCaller(): string | undefined {
  return outermostLearnerFrame(stackHere());
}

/** Remembers that the current test's learner code printed `line` at `where` (captureLog calls this for each line). */
export function notePrinted(line: string, where: string | undefined): void {
  const test = currentTest();
  if (printed.test !== test) printed = { test, places: new Map() };
  if (where === undefined || printed.places.has(line) || printed.places.size >= MAX_LINES) return;
  printed.places.set(line, where);
}

/** The learner file:line that printed `line` during the current test, if captureLog saw it printed. */
export function printedAt(line: unknown): string | undefined {
  if (typeof line !== 'string' || printed.test !== currentTest()) return undefined;
  return printed.places.get(line);
}

/**
 * Where a fault can be seen in a learner file without a stack: the first line of `file` (a URL the suite resolves
 * like its own imports) that matches `pattern` and none of `unless`, as an absolute `file:line` for Failure.where;
 * undefined when no line does or the file cannot be read. Only the report's place to look follows it, never a grade.
 */
export function sourceLineOf(file: URL, pattern: RegExp, unless: readonly RegExp[] = []): string | undefined {
  let text: string;
  try {
    text = readSource(fileURLToPath(file), 'utf8');
  } catch {
    return undefined;
  }
  const index = text.split('\n').findIndex((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && pattern.test(line) && !unless.some((skip) => skip.test(line)));
  return index === -1 ? undefined : `${fileURLToPath(file)}:${index + 1}`;
}
