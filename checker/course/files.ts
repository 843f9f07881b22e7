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

/** A sortable local date and time such as 20261130-094512, for the name of a new folder (a backup, a gradebook). */
export function localStamp(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}
