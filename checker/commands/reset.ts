import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Args } from './args.ts';
import { messages } from '../i18n.ts';
import { CHAPTERS, selectExercises } from '../course.ts';
import { chapterFolder, gradedTarget } from '../target.ts';
import { StarterReadError, starterFiles } from '../starters.ts';
import { targetUsable } from './check.ts';

/**
 * `npm run reset -- 01`: copies the learner's chapter folder to a new backup folder, then writes the
 * starter files back from the git history (checker/starters.json names their blobs). It never loses work:
 * every starter file is read, and the backup made, before anything is written.
 */
export async function runReset(args: Args): Promise<number> {
  const say = messages(args.lang);
  const { selected, unknown } = selectExercises(args.ids);
  const chapters = CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter === chapter));
  if (args.ids.length === 0 || unknown.length > 0 || chapters.length !== 1 || args.ids.some((id) => id.includes('/'))) {
    console.error(say.resetNeedsChapter);
    return 2;
  }
  if (!targetUsable(args)) return 2;
  const chapter = chapters[0]!;
  const target = gradedTarget(args.target, CHAPTERS);
  let files: Map<string, Buffer>;
  try {
    files = starterFiles(chapter.dir);
  } catch (error) {
    if (!(error instanceof StarterReadError)) throw error;
    console.error(error.reason === 'no-git' ? say.resetNoGit(chapter.dir) : say.resetNoStarter(error.detail));
    return 1;
  }
  const folder = chapterFolder(target, chapter);
  try {
    let backup: string | null = null;
    if (existsSync(folder)) {
      backup = newBackupFolder(join(dirname(target.chaptersDir), '.backups'), chapter.dir);
      cpSync(folder, backup, { recursive: true });
      for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { recursive: true, force: true });
    }
    for (const [file, content] of files) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      writeFileSync(join(folder, file), content);
    }
    console.log(say.resetDone(shown(folder), backup ? shown(backup) : '-'));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/**
 * Creates an empty backup folder that did not exist before: `<chapter>-<local time>`, then `-2`, `-3`, ….
 * mkdir without `recursive` fails when the folder exists, so two resets never share (and overwrite) one backup.
 */
export function newBackupFolder(parent: string, chapterDir: string): string {
  mkdirSync(parent, { recursive: true });
  const base = join(parent, `${chapterDir}-${stamp()}`);
  for (let attempt = 1; ; attempt += 1) {
    const candidate = attempt === 1 ? base : `${base}-${attempt}`;
    try {
      mkdirSync(candidate);
      return candidate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
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
