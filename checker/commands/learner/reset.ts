import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { forgetChapter } from '../../course/progress.ts';
import { dirname, join, relative } from 'node:path';
import type { Args } from './args.ts';
import { messages } from '../../usage/messages.ts';
import { CHAPTERS } from '../../course/current.ts';
import { selectExercises } from '../../course/course.ts';
import type { ChapterSpec } from '../../manifest/types.ts';
import { listFiles, localStamp } from '../../course/files.ts';
import { chapterFolder, gradedTarget } from '../../course/target.ts';
import { StarterReadError, starterFiles } from '../../course/starters.ts';
import { targetUsable } from './check.ts';

/**
 * `npm run reset -- 01`: copies the learner's chapter folder to a new backup folder, then writes the
 * starter files back from the git history (checker/starters.json names their blobs). It never loses work:
 * every starter file is read, and the backup made, before anything is written. It says which files it restored,
 * wrote again or took out (files the starter lacks stay only in the backup), and leaves a chapter that already is
 * the starter alone, without a backup.
 */
export async function runReset(args: Args): Promise<number> {
  const say = messages(args.lang);
  const chapter = chapterToReset(args);
  if (!chapter) return 2;
  if (!targetUsable(args)) return 2;
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
  // The chapter starts again: nothing of it is known to pass any more.
  forgetChapter(target.chaptersDir, chapter);
  const differences = compareWithStarter(folder, files);
  if (differences.changed.length + differences.missing.length + differences.extra.length === 0) {
    console.log(say.resetAlready(shown(folder)));
    return 0;
  }
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
    if (differences.changed.length > 0) console.log(say.resetChangedFiles(differences.changed.join(', ')));
    if (differences.missing.length > 0) console.log(say.resetRestoredFiles(differences.missing.join(', ')));
    if (differences.extra.length > 0) console.log(say.resetMovedFiles(differences.extra.join(', ')));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/**
 * The one chapter the command line names, or null after saying what reset accepts (one chapter id or folder
 * name) and listing the chapters: an exercise id, an unknown chapter, several chapters and none are refused.
 */
function chapterToReset(args: Args): ChapterSpec | null {
  const say = messages(args.lang);
  const { selected, unknown } = selectExercises(args.ids, CHAPTERS);
  const chapters = CHAPTERS.filter((chapter) => selected.some((entry) => entry.chapter === chapter));
  const exerciseId = args.ids.find((id) => id.includes('/') && !unknown.includes(id));
  if (args.ids.length === 1 && unknown.length === 0 && !exerciseId && chapters.length === 1) return chapters[0]!;
  const problem =
    args.ids.length === 0
      ? say.resetNoChapter
      : unknown.length > 0
        ? say.resetUnknownChapter(unknown.join(', '))
        : exerciseId
          ? say.resetExerciseId(exerciseId, exerciseId.split('/')[0]!.padStart(2, '0'))
          : say.resetOneChapter(args.ids.join(', '));
  const list = CHAPTERS.map((chapter) => `  ${chapter.id}  ${chapter.dir}  ${chapter.title[args.lang]}`).join('\n');
  console.error(`${problem}\n${say.resetChapters(list)}`);
  return null;
}

/** How a chapter folder differs from its starter: starter files changed or missing, and files the starter lacks. */
export function compareWithStarter(folder: string, starter: ReadonlyMap<string, Buffer>): { changed: string[]; missing: string[]; extra: string[] } {
  const present = existsSync(folder) ? listFiles(folder).map((file) => relative(folder, file)).sort() : [];
  const changed = present.filter((file) => starter.has(file) && !readFileSync(join(folder, file)).equals(starter.get(file)!));
  const missing = [...starter.keys()].filter((file) => !present.includes(file)).sort();
  const extra = present.filter((file) => !starter.has(file));
  return { changed, missing, extra };
}

/**
 * Creates an empty backup folder that did not exist before: `<chapter>-<local time>`, then `-2`, `-3`, ….
 * mkdir without `recursive` fails when the folder exists, so two resets never share (and overwrite) one backup.
 */
export function newBackupFolder(parent: string, chapterDir: string): string {
  mkdirSync(parent, { recursive: true });
  const base = join(parent, `${chapterDir}-${localStamp()}`);
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

