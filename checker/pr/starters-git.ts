import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitPiped } from './git.ts';

/** A git object id: SHA-1 or SHA-256 in hex. */
const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The blob ids a course's checker/starters.json names (an unreadable or odd index gives none: the checker then names what is missing). */
function starterBlobs(courseDir: string): string[] {
  let index: unknown;
  try {
    index = JSON.parse(readFileSync(join(courseDir, 'checker', 'starters.json'), 'utf8'));
  } catch {
    return [];
  }
  if (typeof index !== 'object' || index === null) return [];
  const ids = Object.values(index).flatMap((files: unknown) => (typeof files === 'object' && files !== null ? Object.values(files) : []));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && OBJECT_ID.test(id)))];
}

/**
 * Makes a bare git folder at `into` holding only the starter blobs that the base's checker/starters.json (in
 * `baseDir`, unpacked from the base commit) names, copied by id from the repository's objects: the base has no
 * history of its own, and its checker reads the committed starters from git to type-check private suites. Nothing of
 * the head is read, and no link or config is followed. A blob the repository lacks is left out, so the checker names it.
 */
export function writeStartersGit(repo: string, baseDir: string, into: string): string {
  const format = git(repo, ['rev-parse', '--show-object-format']).trim();
  git(repo, ['init', '--bare', '--quiet', `--object-format=${format}`, into]);
  const wanted = starterBlobs(baseDir);
  if (wanted.length === 0) return into;
  const listing = gitPiped(['-C', repo, 'cat-file', '--batch-check=%(objectname) %(objecttype)'], `${wanted.join('\n')}\n`).toString('utf8');
  const present = listing.split('\n').filter((line) => line.endsWith(' blob')).map((line) => line.split(' ')[0]!);
  if (present.length === 0) return into;
  const pack = gitPiped(['-C', repo, 'pack-objects', '--stdout', '--quiet'], `${present.join('\n')}\n`);
  gitPiped(['--git-dir', into, 'unpack-objects', '-q'], pack);
  return into;
}
