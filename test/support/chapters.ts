import { CHAPTERS } from '../../checker/course/current.ts';

/**
 * The folder name of the chapter with this id, such as `01`, as the manifest says. Checker tests that plant code
 * in one chapter's files (their specimen) name the chapter by its stable id and never spell its folder.
 */
export function chapterDir(chapterId: string): string {
  const chapter = CHAPTERS.find((known) => known.id === chapterId);
  if (!chapter) throw new Error(`no chapter ${chapterId} in checker/manifest/`);
  return chapter.dir;
}
