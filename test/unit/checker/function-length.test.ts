import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { expect, test } from 'vitest';

const CHECKER = resolve(import.meta.dirname, '..', '..', '..', 'checker');

/** The longest a function of the checker may run, in lines: past this, it is split into named phases. The hidden suites are not held to it. */
const MAX_LINES = 80;

const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Every source file of the checker outside the hidden suites (declaration files aside). */
function sources(dir = CHECKER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? (entry.name === 'suites' ? [] : sources(join(dir, entry.name))) : /\.[mc]?[jt]s$/.test(entry.name) && !/\.d\.[mc]?ts$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** Each function of a file longer than MAX_LINES, as `file:line (n lines)`. */
function longFunctions(file: string, text = readFileSync(file, 'utf8')): string[] {
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const { type, start, end } = node as { type?: unknown; start?: number; end?: number };
    if (typeof type === 'string' && FUNCTIONS.has(type) && start !== undefined && end !== undefined) {
      const lines = lineAt(end) - lineAt(start) + 1;
      if (lines > MAX_LINES) found.push(`${relative(CHECKER, file)}:${lineAt(start)} (${lines} lines)`);
    }
    for (const value of Object.values(node)) if (typeof value === 'object') visit(value);
  };
  visit(parseAst(text, { lang: /\.[mc]?ts$/.test(file) ? 'ts' : 'js' }));
  return found;
}

test(`no function of the checker outside the hidden suites runs past ${MAX_LINES} lines`, () => {
  const files = sources();
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((file) => longFunctions(file))).toEqual([]);
});

test('the check sees a long function at all', () => {
  const body = Array.from({ length: MAX_LINES }, (_, index) => `  const x${index} = ${index};`).join('\n');
  expect(longFunctions(join(CHECKER, 'probe.ts'), `function long(): void {\n${body}\n}\n`)).toEqual([`probe.ts:1 (${MAX_LINES + 2} lines)`]);
  expect(longFunctions(join(CHECKER, 'probe.ts'), `const short = (): void => {\n${body.split('\n').slice(2).join('\n')}\n};\n`)).toEqual([]);
});
