import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The trusted repository this checker runs from. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** Every file under a folder (none when it does not exist). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
