import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** A relative module specifier after `from` (imports and re-exports, type-only ones included), in `import(...)`, or after a bare `import`. */
const RELATIVE_SPECIFIER = /\bfrom\s*'(\.{1,2}\/[^']+)'|\bimport\s*\(\s*'(\.{1,2}\/[^']+)'\s*\)|^\s*import\s*'(\.{1,2}\/[^']+)'/gm;

/** The relative module specifiers a TypeScript source names, as written (`./http.ts`); `import type` counts like any import. */
export function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(RELATIVE_SPECIFIER)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** Every `.ts` module under a folder, each with the modules it imports, as paths relative to that folder. */
export function folderImports(root: string): Map<string, string[]> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
  return new Map(walk(root).map((path) => [relative(root, path), relativeSpecifiers(readFileSync(path, 'utf8')).map((spec) => relative(root, resolve(path, '..', spec)))]));
}

/** Every circle of an import graph, each written `a → b → a` from the module where the walk met it; empty when imports run one way. */
export function importCircles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const circles: string[] = [];
  const visit = (file: string, path: readonly string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].join(' → '));
      return;
    }
    state.set(file, 'open');
    for (const target of edges.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of edges.keys()) visit(file, []);
  return circles;
}
