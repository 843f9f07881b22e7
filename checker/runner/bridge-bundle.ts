import { readdirSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { rolldown } from 'rolldown';
import { fileOfId, isInside } from '../trust/confine.ts';

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
 * `transform` is applied to each learner file first (the loop guard). Reads nothing outside `root`, as bundleLearnerEntry.
 * Returns each learner file's bundle and export names, or the reason the chapter could not be bundled.
 */
export async function bundleChapter(
  chapterDir: string,
  root: string,
  transform: (code: string, id: string) => { code: string } | null | undefined,
): Promise<Map<string, BundledModule> | string> {
  const entries = learnerModules(chapterDir);
  if (entries.length === 0) return new Map();
  const names = new Map(entries.map((file, index) => [`m${index}-${basename(file).replace(/\.[^.]+$/, '').replace(/[^\w-]/g, '_')}`, file]));
  try {
    const bundle = await rolldown({
      input: Object.fromEntries(names),
      platform: 'node',
      logLevel: 'silent',
      external: (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('file:'),
      plugins: [
        {
          name: 'checker-bundle-confinement',
          load(id) {
            const file = fileOfId(id);
            if (file !== null && isInside(file, root) && !/[?#]/.test(id)) return null;
            throw new Error(`${REFUSED}: ${id}`);
          },
          transform(code, id) {
            const changed = transform(code, id);
            return changed ? { code: changed.code, map: null } : null;
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
