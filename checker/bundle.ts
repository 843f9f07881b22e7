import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { rolldown } from 'rolldown';
import type { Selected } from './course.ts';
import type { ScratchTarget } from './scratch.ts';
// Shared with the suites that start learner files, which are copied into the scratch folder without the checker.
import { bundlePath } from './suites/_lib/learner-process.ts';

/**
 * Bundles a learner entry point and the learner files it imports into one ES module, so a sandboxed child
 * process can run it with plain Node (no TypeScript loader, which would need to start a process of its own).
 * Packages stay imports. Bundling reads the code and never runs it. Returns an error message, or null.
 */
export async function bundleLearnerEntry(entry: string): Promise<string | null> {
  const out = bundlePath(entry);
  try {
    const bundle = await rolldown({
      input: entry,
      platform: 'node',
      logLevel: 'silent',
      external: (id) => !id.startsWith('.') && !isAbsolute(id),
    });
    try {
      await bundle.write({ file: out, format: 'esm' });
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
        const error = await bundleLearnerEntry(file);
        if (error) writeFileSync(`${bundlePath(file)}.error`, error);
      }
    }
  }
}
