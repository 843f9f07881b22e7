import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readStarters } from '../course/starters.ts';
import type { StarterIndex } from '../course/starters.ts';
import { MAX_FILE_BYTES } from './scratch.ts';

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
 * as the checker copies it: regular files up to the size limit, no links, no dot entries, no node_modules.
 */
export function isStarterChapter(dir: string, chapterDir: string): boolean {
  const expected = starters()[chapterDir];
  if (!expected || !existsSync(dir)) return false;
  const found = new Map<string, string>();
  const visit = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path, `${prefix}${entry.name}/`);
      else if (entry.isFile() && lstatSync(path).size <= MAX_FILE_BYTES) found.set(`${prefix}${entry.name}`, blobId(readFileSync(path)));
    }
  };
  visit(dir, '');
  const names = Object.keys(expected);
  return found.size === names.length && names.every((name) => found.get(name) === expected[name]);
}
