import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { learnerEntries } from '../course/learner-tree.ts';
import { readStarters } from '../course/starters.ts';
import type { StarterIndex } from '../course/starters.ts';

/** The committed starter index, read once; empty for a course that has not recorded one yet. */
let index: StarterIndex | null = null;

function starters(): StarterIndex {
  if (index === null) {
    try {
      index = readStarters();
    } catch {
      index = {};
    }
  }
  return index;
}

/** The git blob id of some content, as checker/starters.json records it. */
function blobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/**
 * True when a chapter folder holds exactly the committed starter of that chapter (every file, nothing more), seen
 * as the checker copies it (course/learner-tree.ts decides which files count).
 */
export function isStarterChapter(dir: string, chapterDir: string): boolean {
  const expected = starters()[chapterDir];
  if (!expected || !existsSync(dir)) return false;
  const found = new Map<string, string>();
  for (const entry of learnerEntries(dir)) if (!entry.folder) found.set(entry.name, blobId(readFileSync(entry.path)));
  const names = Object.keys(expected);
  return found.size === names.length && names.every((name) => found.get(name) === expected[name]);
}
