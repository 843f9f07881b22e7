import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a TODO marker stands: the file (as the learner names it) and its 1-based line. */
export interface TodoLocation {
  file: string;
  line: number | null;
}

/**
 * Finds the line of a marker such as `TODO(01/3)` in a chapter file; once the learner has removed it, the line that
 * declares `symbol` (the function the exercise is about) as it stands now; null when neither is there.
 */
export function findTodo(chapterDir: string, shownDir: string, file: string, marker: string, symbol?: string): TodoLocation {
  const path = join(chapterDir, file);
  const shown = join(shownDir, file);
  if (!existsSync(path)) return { file: shown, line: null };
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  if (index !== -1) return { file: shown, line: index + 1 };
  const declared = symbol === undefined ? -1 : declarationLine(lines, symbol);
  return { file: shown, line: declared === -1 ? null : declared + 1 };
}

/**
 * The 0-based line that declares `symbol`: a function, class, variable, method, field or object property of that
 * name (`function x`, `const x`, `x(…) {`, `readonly x =`, `x: () =>`); -1 when none does.
 */
export function declarationLine(lines: readonly string[], symbol: string): number {
  const name = symbol.replace(/[$]/g, '\\$');
  const declares = new RegExp(
    `^\\s*(?:export\\s+)?(?:default\\s+)?(?:async\\s+)?(?:(?:function\\*?|class|const|let|var)\\s+${name}\\b|(?:(?:private|public|protected|static|readonly|async|override)\\s+)*${name}\\s*(?:[(<=]|:|\\?:))`,
  );
  return lines.findIndex((line) => declares.test(line));
}

/** `file:line`, or just the file when the marker is gone. */
export function formatLocation(location: TodoLocation): string {
  return location.line === null ? location.file : `${location.file}:${location.line}`;
}

/** A line that opens a function or method body: `function x(…) {`, `x(…): T {`, `const x = (…) => {`. */
const OPENS_FUNCTION = /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s+)?(?:\([^)]*\)|\w+)\s*(?::[^=]*)?=>|(?:(?:private|public|protected|static|readonly|async|override|get|set)\s+)*(\w+)\s*(?:<[^>]*>)?\s*\()[^;]*\{\s*$/;

/** Keywords a line can start with that look like a method but are not one. */
const NOT_A_METHOD = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'await', 'new']);

/**
 * The name of the innermost function or method whose body holds the 0-based line `index`, found by its declaration
 * and counted braces (strings aside, which a course file's declarations do not need); null at the module's top level.
 */
export function enclosingFunction(lines: readonly string[], index: number): string | null {
  for (let start = index; start >= 0; start -= 1) {
    const match = OPENS_FUNCTION.exec(lines[start]!);
    const name = match?.[1] ?? match?.[2] ?? match?.[3];
    if (!name || NOT_A_METHOD.has(name)) continue;
    let depth = 0;
    let end = start;
    for (; end < lines.length; end += 1) {
      for (const char of lines[end]!) depth += char === '{' ? 1 : char === '}' ? -1 : 0;
      if (depth <= 0 && end >= start) break;
    }
    if (end >= index) return name;
  }
  return null;
}
