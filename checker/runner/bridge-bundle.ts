import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import { deniedModule, fileOfId, isInside } from '../trust/confine.ts';
import type { ImportSite } from '../trust/confine.ts';

/** The id of a module that stands for a refused import (rolldown leaves ids that start with a NUL byte to the plugin that made them). */
const DENIED = '\0checker-bridge-denied:';

/** The line of `file` (a learner file inside the copy) that first names `source`. */
function importSite(file: string, source: string): ImportSite | undefined {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes(source));
    return { file, line: index < 0 ? 1 : index + 1 };
  } catch {
    return undefined;
  }
}

/** The words of Node's permission model, which the report turns into the learner's language. */
const REFUSED = 'Access to this API has been restricted';

/** One learner module of a bundled chapter: the file the learner process imports, and the names it exports. */
export interface BundledModule {
  bundle: string;
  exports: string[];
}

/** Where a chapter's bridge bundle goes: files beside the learner's own (so `import.meta.dirname` names the chapter), each starting with this. */
export const BRIDGE_PREFIX = '.checker-bridge-';

/**
 * Bundles every module of one learner chapter (each its own entry, the code they share in common chunks, so a class
 * is one class whichever module it is reached from) for the learner process of the bridge (checker/suites/_lib/bridge.ts).
 * `transform` is applied to each learner file first (the loop guard). `extras` are more entries bundled with them (a
 * chapter's suite file that runs beside the learner's code). Reads nothing outside `root`, as bundleLearnerEntry.
 * Returns each learner file's bundle and export names, or the reason the chapter could not be bundled.
 */
export async function bundleChapter(
  chapterDir: string,
  root: string,
  transform: (code: string, id: string) => { code: string } | null | undefined | Promise<{ code: string } | null | undefined>,
  extras: readonly string[] = [],
): Promise<Map<string, BundledModule> | string> {
  const entries = [...learnerModules(chapterDir), ...extras];
  if (entries.length === 0) return new Map();
  const names = new Map(entries.map((file, index) => [`m${index}-${basename(file).replace(/\.[^.]+$/, '').replace(/[^\w-]/g, '_')}`, file]));
  try {
    const bundle = await rolldown({
      input: Object.fromEntries(names),
      platform: 'node',
      // The learner's code runs as written: shaken, a module that throws at its top would lose the code (and exports) after the throw.
      treeshake: false,
      // A refused import's names are missing from the module that stands for it, which throws before any is used.
      shimMissingExports: true,
      logLevel: 'silent',
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('file:'),
      plugins: [
        {
          name: 'checker-bundle-confinement',
          load(id) {
            if (id.startsWith(DENIED)) {
              const { source, site } = JSON.parse(decodeURIComponent(id.slice(DENIED.length))) as { source: string; site?: ImportSite };
              return deniedModule(source, site);
            }
            const file = fileOfId(id);
            if (file !== null && isInside(file, root) && !/[?#]/.test(id)) return null;
            throw new Error(`${REFUSED}: ${id}`);
          },
          // Every path an import names is judged before the bundler looks for it: outside the copy, the same refusal
          // whether or not the file exists, so bundling tells learner code nothing about the grading machine.
          // Such an import becomes a module that throws the sandbox's refusal when it runs, as it does in a fork.
          resolveId(source, importer) {
            if (source.startsWith(DENIED)) return source;
            if (!importer || !(source.startsWith('.') || isAbsolute(source) || source.startsWith('file:'))) return null;
            const target = source.startsWith('file:') ? fileOfId(source) : resolve(dirname(fileOfId(importer) ?? importer), source);
            if (target !== null && isInside(target, root) && !/[?#]/.test(source)) return null;
            const from = fileOfId(importer);
            return `${DENIED}${encodeURIComponent(JSON.stringify({ source, site: from === null ? undefined : importSite(from, source) }))}`;
          },
          async transform(code, id) {
            // The loop guard rewrites in a worker thread, so its answer comes back as a promise.
            const changed = await transform(code, id);
            const guarded = changed ? changed.code : code;
            const routed = routeImports(guarded, /\.[cm]?ts$/.test(id) ? 'ts' : 'js');
            return routed === code ? null : { code: routed, map: null };
          },
        },
      ],
    });
    try {
      const { output } = await bundle.write({
        dir: chapterDir,
        format: 'esm',
        sourcemap: true,
        entryFileNames: `${BRIDGE_PREFIX}[name].mjs`,
        chunkFileNames: `${BRIDGE_PREFIX}shared-[hash].mjs`,
      });
      const modules = new Map<string, BundledModule>();
      for (const chunk of output) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        const file = names.get(chunk.name);
        if (file) modules.set(file, { bundle: join(chapterDir, chunk.fileName), exports: [...chunk.exports] });
      }
      return modules;
    } finally {
      await bundle.close();
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The learner's modules in a chapter folder and below (TypeScript and JavaScript, no declaration files, nothing hidden, no packages). */
function learnerModules(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, level: number): void => {
    if (level > 8) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path, level + 1);
      else if (entry.isFile() && /\.(?:[cm]?ts|[cm]?js)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) found.push(path);
    }
  };
  visit(dir, 0);
  return found.sort();
}

/** The function, defined by the learner process's harness (checker/suites/_lib/bridge.ts), that every computed import goes through. */
export const LEARNER_IMPORT = '__checkerImport';

/**
 * Routes each `import(…)` whose specifier is computed (no string literal, which the bundler resolves itself) through
 * LEARNER_IMPORT, which refuses a path outside the learner's read list before Node looks for it: Node 20's module
 * resolution is not under its permission model, and would tell learner code which files exist. No line moves.
 */
export function routeImports(code: string, lang: 'ts' | 'js'): string {
  if (!code.includes('import') && !code.includes('throw')) return code;
  let program: unknown;
  try {
    program = parseAst(code, { lang });
  } catch {
    return code;
  }
  const found: { start: number; end: number; source: { start: number; end: number } }[] = [];
  // A throw at a module's top level would make the bundler drop the code after it, exports included, and fail the whole
  // bundle; wrapped in a function it throws just the same, at the same line, when the module runs.
  const throws = ((program as { body?: unknown }).body as { type?: unknown; start: number; end: number }[] | undefined ?? []).filter((node) => node.type === 'ThrowStatement');
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const node = value as { type?: unknown; source?: { type?: unknown; start: number; end: number }; start: number; end: number };
    if (node.type === 'ImportExpression' && node.source && node.source.type !== 'Literal') found.push({ start: node.start, end: node.end, source: node.source });
    for (const [key, child] of Object.entries(value)) if (key !== 'parent' && typeof child === 'object') visit(child);
  };
  visit(program);
  const edits = [
    ...found.map((node) => ({ start: node.start, end: node.end, text: `globalThis.${LEARNER_IMPORT}(${code.slice(node.source.start, node.source.end)}, import.meta.url)` })),
    ...throws.map((node) => ({ start: node.start, end: node.end, text: `(() => { ${code.slice(node.start, node.end)} })();` })),
  ];
  let out = code;
  // Import expressions inside a top-level throw are left as they are (the throw's text is taken whole).
  const outer = edits.filter((edit) => !edits.some((other) => other !== edit && other.start <= edit.start && edit.end <= other.end));
  for (const edit of outer.sort((a, b) => b.start - a.start)) out = `${out.slice(0, edit.start)}${edit.text}${out.slice(edit.end)}`;
  return out;
}
