import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Which files of a learner's chapter folder count, decided once: the scratch copy that is graded, the class
 * fingerprint that says two folders grade alike, and the similarity pass all walk the folder through here.
 */

/** The largest learner file the checker takes; bigger files are left out so a flood of data cannot fill the disk. */
export const MAX_FILE_BYTES = 1_000_000;

/** One entry of a learner folder that counts: its absolute path, its path inside the folder, and whether it is a folder. */
export interface LearnerEntry {
  path: string;
  /** Relative to the folder walked, joined with `/`. */
  name: string;
  folder: boolean;
}

/** Sorts entries by name, code unit by code unit, so every walk of the same folder sees the same order. */
function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** True when a learner folder is there as a real folder: a link to one (a submitted `chapters/01-mini-mcp -> /somewhere`) counts as absent. */
export function isLearnerFolder(dir: string): boolean {
  try {
    return existsSync(dir) && lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The entries of a learner folder that count, each folder before what it holds, in name order: folders and regular
 * files up to MAX_FILE_BYTES; links, dot entries and node_modules are left out, so learner code cannot point the
 * checker at other files. A missing folder, a path that is not one, or a link to one has none; an unreadable subfolder is left out.
 */
export function learnerEntries(dir: string): LearnerEntry[] {
  if (!isLearnerFolder(dir)) return [];
  const found: LearnerEntry[] = [];
  const visit = (folder: string, prefix: string): void => {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true }).sort(byName);
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const name = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        found.push({ path, name, folder: true });
        visit(path, `${name}/`);
      } else if (entry.isFile() && lstatSync(path).size <= MAX_FILE_BYTES) {
        found.push({ path, name, folder: false });
      }
    }
  };
  visit(dir, '');
  return found;
}

/** Copies the entries of a learner folder that count (see learnerEntries) into `to`; nothing, not even `to`, when `from` is missing or a link. */
export function copyLearnerTree(from: string, to: string): void {
  if (!isLearnerFolder(from)) return;
  mkdirSync(to, { recursive: true });
  for (const entry of learnerEntries(from)) {
    const target = join(to, entry.name);
    if (entry.folder) mkdirSync(target, { recursive: true });
    else writeFileSync(target, readFileSync(entry.path));
  }
}
