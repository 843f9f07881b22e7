import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHAPTERS } from './manifest.ts';
import { REPO_ROOT, listFiles } from './scratch.ts';

/** For each chapter folder, each starter file and the git blob id of its content. */
export type StarterIndex = Record<string, Record<string, string>>;

/** Where the index of starter blobs is kept; reset restores files from these blobs in the git history. */
export const STARTERS_FILE = join(REPO_ROOT, 'checker', 'starters.json');

/** The git blob id of some content, as `git hash-object` computes it. */
export function blobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Indexes the starter files now in chapters/. */
export function indexStarters(chaptersDir = join(REPO_ROOT, 'chapters')): StarterIndex {
  const index: StarterIndex = {};
  for (const chapter of CHAPTERS) {
    const dir = join(chaptersDir, chapter.dir);
    const files: Record<string, string> = {};
    for (const file of listFiles(dir).sort()) files[relative(dir, file)] = blobId(readFileSync(file));
    index[chapter.dir] = files;
  }
  return index;
}

/** Reads the committed index. */
export function readStarters(): StarterIndex {
  return JSON.parse(readFileSync(STARTERS_FILE, 'utf8')) as StarterIndex;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(STARTERS_FILE, `${JSON.stringify(indexStarters(), null, 2)}\n`);
  console.log(`wrote ${relative(process.cwd(), STARTERS_FILE)}`);
}
