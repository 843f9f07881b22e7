import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { rolldown } from 'rolldown';
import { fileOfId, isInside } from '../trust/confine.ts';
import type { Selected } from '../course/course.ts';
import type { ScratchTarget } from './scratch.ts';
// Shared with the suites that start learner files, which are copied into the scratch folder without the checker.
import { bundlePath } from '../suites/_lib/learner-process.ts';

/** The words of Node's permission model, which the report turns into the learner's language. */
const REFUSED = 'Access to this API has been restricted';

/**
 * Bundles a learner entry point and the learner files it imports into one ES module, so a sandboxed child
 * process can run it with plain Node (no TypeScript loader, which would need to start a process of its own).
 * Packages stay imports; a source map goes beside the bundle. Bundling reads the code and never runs it, and reads no file outside `root` (the
 * student's own copy): an import of any other file fails the bundle with the sandbox's refusal, naming the import.
 * Returns an error message, or null.
 */
export async function bundleLearnerEntry(entry: string, root: string): Promise<string | null> {
  const out = bundlePath(entry);
  try {
    const bundle = await rolldown({
      input: entry,
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
        },
      ],
    });
    try {
      // The map beside the bundle lets a learner process started with --enable-source-maps name the learner's own files and lines.
      await bundle.write({ file: out, format: 'esm', sourcemap: true });
    } finally {
      await bundle.close();
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Bundles every learner file a selected suite starts as a process; a failure is left beside the bundle for the suite to report. */
export async function bundleSpawned(targets: readonly ScratchTarget[], selected: Selected[]): Promise<void> {
  for (const target of targets) {
    for (const { chapter, exercise } of selected) {
      for (const entry of exercise.spawns ?? []) {
        const file = join(target.chaptersDir, chapter.dir, entry);
        if (!existsSync(file)) continue;
        const error = await bundleLearnerEntry(file, target.dir);
        if (error) writeFileSync(`${bundlePath(file)}.error`, error);
      }
    }
  }
}
