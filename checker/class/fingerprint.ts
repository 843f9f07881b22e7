import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_FILE_BYTES } from '../grading/scratch.ts';

/** What a chapter folder holds, as far as grading can see it. */
export interface ChapterPrint {
  /** A hash of every file the checker would copy (path and bytes); equal hashes grade the same. */
  hash: string;
  /** How many files that is. */
  files: number;
  /** True when a file imports from outside its chapter folder, or imports a computed path. */
  reachesOut: boolean;
}

/** A module specifier that leaves the chapter folder: `../x`, an absolute path or a file: URL. */
const OUTSIDE = /\b(?:from|import|require)\s*\(?\s*(['"`])(?:\.\.|\/|file:)/;
/** `import(x)` or `require(x)` with something other than a plain string: where it leads is unknown. */
const COMPUTED = /\b(?:import|require)\s*\(\s*(?!['"][^'"]*['"]\s*[,)])/;

/**
 * Fingerprints a chapter folder exactly as `copyLearnerTree` copies it (regular files up to the size
 * limit, no links, no dot entries, no node_modules), so two folders with one print grade alike.
 */
export function fingerprintChapter(dir: string): ChapterPrint {
  const hash = createHash('sha256');
  let files = 0;
  let reachesOut = false;
  const visit = (folder: string, prefix: string): void => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      const shown = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        hash.update(`d\0${shown}\0`);
        visit(path, `${shown}/`);
      } else if (entry.isFile() && lstatSync(path).size <= MAX_FILE_BYTES) {
        const bytes = readFileSync(path);
        hash.update(`f\0${shown}\0${bytes.length}\0`).update(bytes);
        files += 1;
        if (/\.[cm]?[jt]sx?$/.test(entry.name)) reachesOut ||= importsFromOutside(bytes.toString('utf8'));
      }
    }
  };
  if (existsSync(dir)) visit(dir, '');
  return { hash: hash.digest('hex'), files, reachesOut };
}

/** True when source code imports from outside its own folder, or from a path computed at run time. */
export function importsFromOutside(source: string): boolean {
  return OUTSIDE.test(source) || COMPUTED.test(source);
}
