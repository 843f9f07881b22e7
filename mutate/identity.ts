import type { MutantResult } from './stryker.ts';

/** One mutant in the terms a maintainer reviews it, independent of line numbers. */
export interface MutantIdentity {
  /** File inside solutions/, such as `01-mini-mcp/server.ts`. */
  file: string;
  /** The enclosing declaration, such as `MiniServer.getPrompt` or `REVIEW_QUESTIONS`. */
  function: string;
  mutator: string;
  /** The original code the mutant replaces, whitespace collapsed, shortened when long. */
  original: string;
  replacement: string;
}

/** The longest snippet kept; longer code keeps its start and end, which is enough to tell mutants apart. */
const MAX_SNIPPET = 100;

/** Collapses whitespace and shortens long code to its first and last characters. */
export function snippet(code: string): string {
  const flat = code.replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_SNIPPET ? flat : `${flat.slice(0, 60)} … ${flat.slice(-35)}`;
}

/** The source text a mutant covers (its location is 1-based lines and columns, end exclusive). */
export function originalText(lines: readonly string[], mutant: Pick<MutantResult, 'location'>): string {
  const { start, end } = mutant.location;
  if (start.line === end.line) return (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1);
  const first = (lines[start.line - 1] ?? '').slice(start.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  const last = (lines[end.line - 1] ?? '').slice(0, end.column - 1);
  return [first, ...middle, last].join('\n');
}

const TOP = /^(?:export )?(?:(?:async|abstract|default) )*(?:function\*? ?|class |interface |type |enum |const |let |var )(\w+)/;
const MEMBER = /^ {2}(?:(?:private|protected|public|static|readonly|async|get|set|override) )*#?(\w+)\s*[(:=<]/;

/**
 * The declaration a line belongs to, read from the layout the course's code uses (two-space indent): the nearest
 * top-level function, class or binding above it, and inside a class the member. Good enough to tell a reviewer where
 * a mutant is, and it survives lines being added or removed elsewhere in the file.
 */
export function enclosingName(lines: readonly string[], line: number): string {
  for (let index = line - 1; index >= 0; index -= 1) {
    const text = lines[index] ?? '';
    if (text.trim() === '' || /^\s/.test(text) || /^(?:\/\/|\/\*|\*)/.test(text.trim())) continue;
    // The closing line of a declaration, such as `].join('\n');`, still belongs to it.
    if (index === line - 1 && /^[}\])]/.test(text)) continue;
    const top = TOP.exec(text);
    // The first unindented line above is either the declaration the line sits in, or top-level code of its own.
    if (!top) return '(module)';
    if (!/^(?:export )?(?:abstract )?class /.test(text)) return top[1]!;
    for (let inner = line - 1; inner > index; inner -= 1) {
      const member = MEMBER.exec(lines[inner] ?? '');
      if (member) return `${top[1]}.${member[1]}`;
    }
    return top[1]!;
  }
  return '(module)';
}

/** The identity of a mutant of a solution file whose lines are given. */
export function identify(file: string, lines: readonly string[], mutant: MutantResult): MutantIdentity {
  return {
    file,
    function: enclosingName(lines, mutant.location.start.line),
    mutator: mutant.mutatorName,
    original: snippet(originalText(lines, mutant)),
    replacement: snippet(mutant.replacement),
  };
}

/** One line naming a mutant for reports: file, declaration, mutator and the change. */
export function describe(identity: MutantIdentity, line?: number): string {
  const where = line === undefined ? identity.file : `${identity.file}:${line}`;
  return `${where} ${identity.function} ${identity.mutator}: ${identity.original} → ${identity.replacement}`;
}
