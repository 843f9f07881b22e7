// The loop-guard rewrite of one learner file (see loop-guard.ts), in plain JavaScript so that a worker thread can run
// it without a TypeScript loader: the checker's main thread hands every file to that worker and never parses learner
// code itself. Linear in the file's size: the syntax tree is walked with an explicit stack (a deeply nested file
// cannot overflow the call stack), lines are found by binary search over the line starts, and the output is joined
// once from its pieces.
import { parseAst } from 'rolldown/parseAst';

/** The global function each loop of learner code calls; fork-runner.ts defines it. */
export const LOOP_GUARD = '__checkerLoop';

/** The loop statements of JavaScript and TypeScript. */
const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);

/** Whether a value is a node of the parsed program. */
function isNode(value) {
  return typeof value === 'object' && value !== null && typeof value.type === 'string';
}

/** Every loop statement of a parsed program, in source order, found without recursion. */
function loopsOf(root) {
  const found = [];
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (isNode(value) && LOOPS.has(value.type)) found.push(value);
    for (const key in value) {
      if (key === 'parent') continue;
      const child = value[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The offsets where each line of `code` starts. */
function lineStarts(code) {
  const starts = [0];
  for (let index = code.indexOf('\n'); index !== -1; index = code.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** The one-based line of an offset, by binary search over the line starts. */
function lineAt(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * The source with a guard call at the start of each loop's body (a body that is no block is made one), numbered
 * from `first`, and the line each numbered loop starts on. Nothing is added on a new line, so every line keeps its
 * number. A file that does not parse is left as it is: its own syntax error is reported as today.
 */
export function guardLoops(code, lang, first) {
  let program;
  try {
    program = parseAst(code, { lang });
  } catch {
    return { code, lines: [] };
  }
  const loops = loopsOf(program).filter((loop) => isNode(loop.body));
  if (loops.length === 0) return { code, lines: [] };
  const starts = lineStarts(code);
  const inserts = [];
  const lines = loops.map((loop, index) => {
    const body = loop.body;
    const call = `globalThis.${LOOP_GUARD}?.(${first + index});`;
    if (body.type === 'BlockStatement') inserts.push({ at: body.start + 1, text: call, order: inserts.length });
    else inserts.push({ at: body.start, text: `{${call}`, order: inserts.length }, { at: body.end, text: '}', order: inserts.length + 1 });
    return lineAt(starts, loop.start);
  });
  // At one offset, a later insert goes first, as inserting from the end one by one would place it.
  inserts.sort((a, b) => a.at - b.at || b.order - a.order);
  const pieces = [];
  let from = 0;
  for (const { at, text } of inserts) {
    pieces.push(code.slice(from, at), text);
    from = at;
  }
  pieces.push(code.slice(from));
  return { code: pieces.join(''), lines };
}
