import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { learnerEntries } from '../../course/learner-tree.ts';

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
 * Fingerprints a chapter folder over the same entries the scratch copy takes (learnerEntries), so two
 * folders with one print grade alike.
 */
export function fingerprintChapter(dir: string): ChapterPrint {
  const hash = createHash('sha256');
  let files = 0;
  let reachesOut = false;
  for (const entry of learnerEntries(dir)) {
    if (entry.folder) {
      hash.update(`d\0${entry.name}\0`);
      continue;
    }
    const bytes = readFileSync(entry.path);
    hash.update(`f\0${entry.name}\0${bytes.length}\0`).update(bytes);
    files += 1;
    if (/\.[cm]?[jt]sx?$/.test(entry.name)) reachesOut ||= importsFromOutside(bytes.toString('utf8'));
  }
  return { hash: hash.digest('hex'), files, reachesOut };
}

/** True when source code imports from outside its own folder, or from a path computed at run time. */
export function importsFromOutside(source: string): boolean {
  return OUTSIDE.test(source) || COMPUTED.test(source);
}
