import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Args } from '../args.ts';
import { messages } from '../i18n.ts';
import { CHAPTERS, selectExercises } from '../manifest.ts';
import { REPO_ROOT, resolveChaptersDir } from '../scratch.ts';
import { readStarters } from '../starters.ts';

/** A failed reset; nothing was changed when it is thrown. */
class ResetError extends Error {}

/**
 * `npm run reset -- 01`: copies the learner's chapter folder to a timestamped backup, then writes the
 * starter files back from the git history (checker/starters.json names their blobs). It never loses work:
 * the backup is made, and every starter file read, before anything is written.
 */
export async function runReset(args: Args): Promise<number> {
  const say = messages(args.lang);
  const { selected, unknown } = selectExercises(args.ids);
  const chapters = CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter === chapter));
  if (args.ids.length === 0 || unknown.length > 0 || chapters.length !== 1 || args.ids.some((id) => id.includes('/'))) {
    console.error(say.resetNeedsChapter);
    return 2;
  }
  const chapter = chapters[0]!;
  const root = resolveChaptersDir(args.target, CHAPTERS);
  try {
    const files = starterFiles(chapter.dir);
    const folder = join(root, chapter.dir);
    const backup = join(dirname(root), '.backups', `${chapter.dir}-${stamp()}`);
    if (existsSync(folder)) {
      mkdirSync(dirname(backup), { recursive: true });
      cpSync(folder, backup, { recursive: true });
      for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { recursive: true, force: true });
    }
    for (const [file, content] of files) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), content);
    }
    console.log(say.resetDone(shown(folder), existsSync(backup) ? shown(backup) : '-'));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** Reads every starter file of a chapter from git, or throws before anything is touched. */
function starterFiles(dir: string): Map<string, Buffer> {
  const index = readStarters()[dir];
  if (!index) throw new ResetError(`checker/starters.json has no entry for ${dir}`);
  const files = new Map<string, Buffer>();
  for (const [file, blob] of Object.entries(index)) {
    const read = spawnSync('git', ['cat-file', 'blob', blob], { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 });
    if (read.status !== 0) throw new ResetError(`git has no copy of the starter ${dir}/${file} (${blob}); nothing was changed.`);
    files.set(file, read.stdout);
  }
  return files;
}

/** A path relative to where the command ran, or absolute when it lies outside. */
function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near.startsWith('..') ? path : near;
}

/** A sortable local timestamp such as 20261130-094512. */
function stamp(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
}
