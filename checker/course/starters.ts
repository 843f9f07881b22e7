import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import { REPO_ROOT, currentCourseRoot, listFiles } from './files.ts';

/** For each chapter folder, each starter file and the git blob id of its content. */
export type StarterIndex = Record<string, Record<string, string>>;

/** Where a course keeps its index of starter blobs; reset restores files from these blobs in the repository's git history. */
export function startersFile(courseRoot: string = currentCourseRoot()): string {
  return join(courseRoot, 'checker', 'starters.json');
}

/** Why the committed starters cannot be read: no git history at all, or a blob the history lacks. */
export class StarterReadError extends Error {
  constructor(
    readonly reason: 'no-git' | 'no-entry' | 'no-blob',
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** The git blob id of some content, as `git hash-object` computes it. */
function blobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Indexes the starter files of these chapters now in a chapters folder. */
export function indexStarters(chapters: readonly ChapterSpec[], chaptersDir: string): StarterIndex {
  const index: StarterIndex = {};
  for (const chapter of chapters) {
    const dir = join(chaptersDir, chapter.dir);
    const files: Record<string, string> = {};
    for (const file of listFiles(dir).sort()) files[relative(dir, file)] = blobId(readFileSync(file));
    index[chapter.dir] = files;
  }
  return index;
}

/** Reads the committed index of the course graded. */
export function readStarters(): StarterIndex {
  return JSON.parse(readFileSync(startersFile(), 'utf8')) as StarterIndex;
}

/** The committed index of each course read so far, by the path of its starters.json. */
const cached = new Map<string, StarterIndex>();

/**
 * The committed index of the course graded, read once and kept: empty when starters.json does not exist yet (a course
 * being recorded for the first time by npm run starters); any other problem (an unreadable or corrupt file) is thrown,
 * never taken as empty.
 */
export function committedStarters(): StarterIndex {
  const file = startersFile();
  let index = cached.get(file);
  if (index === undefined) {
    try {
      index = JSON.parse(readFileSync(file, 'utf8')) as StarterIndex;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      index = {};
    }
    cached.set(file, index);
  }
  return index;
}

/** True when the repository the checker runs from has its git history (a ZIP download does not). */
function hasGitHistory(): boolean {
  const probe = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: REPO_ROOT, encoding: 'utf8' });
  // A copy unpacked inside some other git repository must not borrow that repository's history.
  return probe.status === 0 && realpathSync(probe.stdout.trim()) === realpathSync(REPO_ROOT);
}

/**
 * The git command line that reads blobs: the repository's own history, or an explicit git folder (`gitDir`) that a
 * trusted grader filled with the starters' blobs, owned by another user (so its ownership is not held against it).
 */
function catFileArgs(gitDir: string | undefined, blob: string): string[] {
  return gitDir === undefined ? ['cat-file', 'blob', blob] : ['-c', 'safe.directory=*', '--git-dir', gitDir, 'cat-file', 'blob', blob];
}

/**
 * Reads every committed starter file of a chapter from git (the blobs starters.json names), or throws StarterReadError;
 * `gitDir` names the git folder holding those blobs when the checker's own folder has no history (grade:pr's base).
 */
export function starterFiles(chapterDir: string, gitDir?: string): Map<string, Buffer> {
  if (gitDir === undefined && !hasGitHistory()) throw new StarterReadError('no-git', REPO_ROOT);
  const index = readStarters()[chapterDir];
  if (!index) throw new StarterReadError('no-entry', chapterDir);
  const files = new Map<string, Buffer>();
  for (const [file, blob] of Object.entries(index)) {
    const read = spawnSync('git', catFileArgs(gitDir, blob), { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    if (read.status !== 0) throw new StarterReadError('no-blob', `${chapterDir}/${file} (${blob})`);
    files.set(file, read.stdout);
  }
  return files;
}

/** Writes the committed starters of every chapter starters.json records into `dest` (a chapters folder), read as starterFiles does; returns `dest`. */
export function writeCommittedStarters(dest: string, gitDir?: string): string {
  for (const chapterDir of Object.keys(readStarters())) {
    for (const [file, content] of starterFiles(chapterDir, gitDir)) {
      mkdirSync(dirname(join(dest, chapterDir, file)), { recursive: true });
      writeFileSync(join(dest, chapterDir, file), content);
    }
  }
  return dest;
}
