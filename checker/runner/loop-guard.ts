import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import { fileOfId, isInside } from '../trust/confine.ts';
import type { LoadScope } from '../trust/confine.ts';

/**
 * A learner's endless loop blocks its fork's only thread, so nothing outside the loop can ask where it is: Node's
 * signal-triggered diagnostic report runs as a JavaScript signal handler, which a busy thread never reaches, and the
 * inspector, which could interrupt it, is closed by the sandbox. So each loop of learner code calls the fork's
 * test runner (checker/runner/fork-runner.ts) on every turn, with a number this module gave it. The runner counts the
 * turns and, once one synchronous run of code has spun for a while, sends that number to the lane over vitest's own
 * channel; only this module, on the checker's side, knows which file and line a number stands for.
 */

/** The global function each loop of learner code calls; fork-runner.ts defines it. */
export const LOOP_GUARD = '__checkerLoop';

/** The key, in the test's (or file's) vitest metadata, of the number of the loop the fork is spinning in; null once it left. */
export const LOOP_META = 'checkerLoop';

/** One loop of learner code, where the learner wrote it: its file and the line its statement starts on. */
export interface LoopSite {
  file: string;
  line: number;
}

/** The loop statements of JavaScript and TypeScript. */
const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);

/** The files a guard goes into: TypeScript and JavaScript modules. */
const SOURCE = /\.[cm]?[jt]s$/;

/** A node of the parsed program, as far as this module reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  body?: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every loop statement of a parsed program, in source order. */
function loopsOf(root: unknown): Node[] {
  const found: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    if (isNode(value) && LOOPS.has(value.type)) found.push(value);
    for (const [key, child] of Object.entries(value)) if (key !== 'parent' && typeof child === 'object') visit(child);
  };
  visit(root);
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The source with a guard call at the start of each loop's body (a body that is no block is made one), numbered
 * from `first`, and the line each numbered loop starts on. Nothing is added on a new line, so every line keeps its
 * number. A file that does not parse is left as it is: its own syntax error is reported as today.
 */
export function guardLoops(code: string, lang: 'ts' | 'js', first: number): { code: string; lines: number[] } {
  let program: unknown;
  try {
    program = parseAst(code, { lang });
  } catch {
    return { code, lines: [] };
  }
  const loops = loopsOf(program).filter((loop) => isNode(loop.body));
  const inserts: { at: number; text: string }[] = [];
  const lines = loops.map((loop, index) => {
    const body = loop.body as Node;
    const call = `globalThis.${LOOP_GUARD}?.(${first + index});`;
    if (body.type === 'BlockStatement') inserts.push({ at: body.start + 1, text: call });
    else inserts.push({ at: body.start, text: `{${call}` }, { at: body.end, text: '}' });
    return lineOf(code, loop.start);
  });
  let out = code;
  for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) out = `${out.slice(0, at)}${text}${out.slice(at)}`;
  return { code: out, lines };
}

function lineOf(code: string, offset: number): number {
  let line = 1;
  for (let index = code.indexOf('\n'); index !== -1 && index < offset; index = code.indexOf('\n', index + 1)) line += 1;
  return line;
}

/** The guard plugin of one lane and the sites of the loops it numbered, by number. */
export interface LoopGuard {
  plugin: Plugin;
  sites: ReadonlyMap<number, LoopSite>;
}

/**
 * A Vite plugin that puts a guard into every loop of the graded student's own modules (their folder, outside its
 * copy of the checker's suites) before TypeScript is stripped, so each number's line is the learner's line.
 * No source map is returned: the guards change no line, only columns after them on a loop's own line.
 */
export function loopGuard(scope: LoadScope): LoopGuard {
  const sites = new Map<number, LoopSite>();
  const plugin: Plugin = {
    name: 'checker-loop-guard',
    enforce: 'pre',
    transform(code, id) {
      const file = fileOfId(id);
      if (file === null || id.includes('?') || !SOURCE.test(file) || scope.root === null) return null;
      if (!isInside(file, scope.root) || isInside(file, `${scope.root}/checker`) || file.includes('/node_modules/')) return null;
      const first = sites.size + 1;
      const guarded = guardLoops(code, /\.[cm]?ts$/.test(file) ? 'ts' : 'js', first);
      if (guarded.lines.length === 0) return null;
      guarded.lines.forEach((line, index) => sites.set(first + index, { file, line }));
      return { code: guarded.code, map: null };
    },
  };
  return { plugin, sites };
}
