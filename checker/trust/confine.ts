import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Module loading happens in the checker's own process, outside the forks' permission model: Vite reads every
 * file a learner module imports (`?raw` turns any file into a string) and expands `import.meta.glob` by listing
 * folders. This module keeps those reads inside the one student being graded: its scratch copy (its chapters and
 * its copy of the suites), the setup file and node_modules. Anything else loads as a module that throws the same
 * refusal Node's permission model would, so the learner is told what was refused and the file is never read.
 */

/** The folders the student now being graded may load from; `root` is null while no student is being graded. */
export interface LoadScope {
  /** The student's own scratch folder (its chapters and its copy of the suites). */
  root: string | null;
  /**
   * The suite folders (inside `root`) the group now running may load; the whole of `root` when unset. A group of
   * public suites is never given the private ones, so its fork can fetch no private suite's code.
   */
  suites?: readonly string[] | null;
  /** Files and folders every student may load: the packages, the setup file. */
  shared: readonly string[];
}

/** The learner's own files in a student's scratch folder: the only folder learner code may load from, besides the packages. */
export function chaptersOf(root: string): string {
  return join(root, 'chapters');
}

/** The prefix of a refused module's id: Vite leaves ids that start with a NUL byte to the plugin that made them. */
const DENIED = '\0checker-denied:';

/** Query suffixes that make Vite read a file as data (`?raw`, `?url`, `?inline`, `?worker`, …): learner code gets none. */
const QUERY = /[?#]/;

/** `import.meta.glob` lists folders while transforming, before any permission check could see it. */
const GLOB = /import\s*\.\s*meta\s*\.\s*glob/;

/** The real path of a file or folder (or of its nearest existing parent, with the rest appended), so links cannot lead out. */
export function realPath(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = resolve(absolute, '..');
  return parent === absolute ? absolute : `${realPath(parent)}${sep}${relative(parent, absolute)}`;
}

/** True when `path` is `folder` or lies inside it, after both are resolved to real paths. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(realPath(folder), realPath(path));
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The file a Vite id names (`/@fs/…`, `file://…`, a path with a query), or null for ids that are no file. */
export function fileOfId(id: string): string | null {
  let path = id.startsWith('/@fs/') ? id.slice('/@fs'.length) : id;
  if (path.startsWith('file://')) {
    try {
      path = fileURLToPath(path.split(QUERY)[0] ?? path);
    } catch {
      return null;
    }
  }
  path = path.split(QUERY)[0] ?? path;
  return isAbsolute(path) ? path : null;
}

/**
 * Why a load is refused, or null when the scope allows it. Learner code (an `importer` in the chapters copy) may load
 * only the chapters copy and the shared folders; a suite also the suite folders of its group.
 */
export function refusal(id: string, scope: LoadScope, importer?: string | null): string | null {
  if (isBuiltin(id)) return null;
  const file = fileOfId(id);
  if (file === null || id.startsWith('\0')) return id.replace(/^\0/, '');
  if (scope.shared.some((folder) => isInside(file, folder))) return null;
  if (QUERY.test(id.replace(/^\/@fs/, ''))) return file;
  if (scope.root === null) return file;
  const chapters = chaptersOf(scope.root);
  if (isInside(file, chapters)) return null;
  if (importer && isInside(importer, chapters)) return file;
  return (scope.suites ?? [scope.root]).some((folder) => isInside(file, folder)) ? null : file;
}

/** Where a refused import stands: the importing file and the first line that names what it asked for. */
export interface ImportSite {
  file: string;
  line: number;
}

/**
 * The code of a module that, when imported, throws the refusal Node's permission model gives for a read.
 * Its stack names the import's site, so the learner is told where to look.
 */
export function deniedModule(resource: string, site?: ImportSite, permission: 'FileSystemRead' | 'FolderListing' = 'FileSystemRead'): string {
  const fields = { code: 'ERR_ACCESS_DENIED', permission, resource };
  const stack = site ? `Error: Access to this API has been restricted\n    at ${site.file}:${site.line}:1` : null;
  return [
    "const error = new Error('Access to this API has been restricted');",
    `Object.assign(error, ${JSON.stringify(fields)});`,
    ...(stack ? [`error.stack = ${JSON.stringify(stack)};`] : []),
    'throw error;',
    'export {};',
    '',
  ].join('\n');
}

/** The line of `file` that first names `source`, read only when the file lies in the scope (it is the importer). */
function importSite(file: string, source: string): ImportSite | undefined {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes(source));
    return { file, line: index < 0 ? 1 : index + 1 };
  } catch {
    return undefined;
  }
}

/** The id of a refused module: it carries what was asked for and where, never the file's content. */
function deniedId(resource: string, site?: ImportSite): string {
  return `${DENIED}${encodeURIComponent(JSON.stringify({ resource, site }))}`;
}

/** Reads back what deniedId packed. */
function fromDeniedId(id: string): { resource: string; site?: ImportSite } {
  try {
    return JSON.parse(decodeURIComponent(id.slice(DENIED.length))) as { resource: string; site?: ImportSite };
  } catch {
    return { resource: '' };
  }
}

/** The name of Vite's own plugin that expands `import.meta.glob` by listing folders. */
const VITE_GLOB_PLUGIN = 'vite:import-glob';

/** A transform hook, as a function or as Vite's object form with a filter. */
type TransformHook = NonNullable<Plugin['transform']>;

/**
 * Wraps Vite's glob plugin so it lists no folder for any module outside the shared folders: whatever spelling the
 * source used, this sees the code every earlier transform produced (TypeScript's, another plugin's), exactly what the
 * glob plugin would expand, and replaces such a module with a refusal. Throws when Vite has no such plugin, so a
 * Vite that renames it fails loudly instead of listing folders unchecked.
 */
function guardGlobPlugin(plugins: readonly Plugin[], scope: LoadScope): void {
  const glob = plugins.find((plugin) => plugin.name === VITE_GLOB_PLUGIN);
  const hook = glob?.transform as TransformHook | undefined;
  if (!glob || !hook) throw new Error(`The checker cannot confine import.meta.glob: Vite has no ${VITE_GLOB_PLUGIN} plugin.`);
  const original = typeof hook === 'function' ? hook : hook.handler;
  const handler = function (this: unknown, ...args: Parameters<typeof original>) {
    const file = fileOfId(args[1]);
    if (!file || !scope.shared.some((folder) => isInside(file, folder))) return { code: deniedModule('import.meta.glob', undefined, 'FolderListing'), map: null };
    return (original as (...inner: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  glob.transform = (typeof hook === 'function' ? handler : { ...hook, handler }) as TransformHook;
}

/**
 * A Vite plugin that confines module loading to the scope of the student now being graded. It refuses, as a
 * read outside the sandbox, any import that leaves the student's copy or the shared folders (learner code: its
 * chapters copy), any query suffix on a learner import, and `import.meta.glob` in learner code, judged on the source
 * and again on the code Vite's glob plugin would expand. It runs before every other plugin, and `load` checks again
 * whatever reaches it, since a fork can ask for any id directly.
 */
export function loadConfinement(scope: LoadScope): Plugin {
  return {
    name: 'checker-load-confinement',
    enforce: 'pre',
    configResolved(config) {
      guardGlobPlugin(config.plugins, scope);
    },
    async resolveId(source, importer, options) {
      if (source.startsWith(DENIED)) return source;
      if (!importer || isBuiltin(source)) return null;
      const from = fileOfId(importer);
      // Packages import what they like from node_modules; only learner and suite code is confined.
      if (from && scope.shared.some((folder) => isInside(from, folder))) return null;
      const site = () => (from && scope.root !== null && isInside(from, scope.root) ? importSite(from, source) : undefined);
      if (QUERY.test(source)) return deniedId(source, site());
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return refusal(resolved.id, scope, from) === null ? resolved : deniedId(source, site());
    },
    load(id) {
      if (id.startsWith(DENIED)) {
        const { resource, site } = fromDeniedId(id);
        return deniedModule(resource, site);
      }
      const refused = refusal(id, scope);
      return refused === null ? null : deniedModule(refused);
    },
    transform(code, id) {
      const file = fileOfId(id);
      if (!file || scope.shared.some((folder) => isInside(file, folder)) || !GLOB.test(code)) return null;
      return { code: deniedModule('import.meta.glob', undefined, 'FolderListing'), map: null };
    },
  };
}
