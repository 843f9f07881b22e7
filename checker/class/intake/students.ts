import { existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ChapterSpec } from '../../manifest/types.ts';
import { isLearnerFolder } from '../../course/learner-tree.ts';
import type { LeftOut } from '../../course/learner-tree.ts';
import { SHOWN_AS, gradedTarget, holdsChapters, isFolder, leftOutOf, notAFolder } from '../../course/target.ts';
import type { GradedTarget } from '../../course/target.ts';
import { ZIP_LIMITS, ZipRefused, newBudget, unzipSubmission } from './unzip.ts';
import type { ZipBudget, ZipNotes, ZipRefusal } from './unzip.ts';
import { isMoodleOnlineText, submissionName } from './lms-names.ts';

/** Why a student's submission cannot be graded at all. */
export type StudentProblem = 'not-folder' | 'link' | 'empty' | 'no-chapters' | 'zip-refused' | 'no-commit' | 'not-handed-in';

/** One submission: a subfolder of the submissions folder, or a `.zip` file in it. */
export interface Student {
  /** The subfolder's or the ZIP file's name. */
  name: string;
  /** The submission as the instructor named it (submissions folder joined with the name). */
  dir: string;
  /** Where its chapter folders are (the folder, its chapters/, or the same inside one wrapper folder), shown as `chapters`; null when there are none. */
  learner: GradedTarget | null;
  problem: StudentProblem | null;
  /** For a refused ZIP: why, and the entry that made it so. */
  zip?: { why: ZipRefusal; entry: string };
  /** For an unpacked ZIP: the legacy name encodings and `\\` separators it was read with, and how many ZIPs deep the work was. */
  unzipped?: ZipNotes & { depth: number };
  /** What the submission holds at the course's paths that was not graded (a link, a config file, …), named in its row. */
  leftOut?: LeftOut[];
  /** With a deadline: the commit graded and its date, or that the copy has no .git (graded as it is) or no commit by then. */
  snapshot?:
    | {
        kind: 'commit';
        commit: string;
        date: string;
        /** The copy's chapter files differ from the graded commit: changed and never committed, or committed after the deadline. */
        newer?: 'uncommitted' | 'after-deadline';
        /** The graded commit holds none of the student's own work: it is in the course's history, or its chapters are the starter's. */
        notOwn?: 'course-history' | 'starter';
      }
    | { kind: 'no-git' }
    | { kind: 'no-commit' };
}

/** What the submissions folder holds: the students, and the stray files that are no submission (named, never counted). */
export interface Submissions {
  students: Student[];
  strays: string[];
  /** Moodle's online-text folders (`…_assignsubmission_onlinetext_`): text typed into Moodle, no code, never a row. */
  onlineText: string[];
}

/** How many ZIPs deep a submission's work may be (a ZIP in the student's ZIP, in Moodle's folder): each level counts against one budget. */
export const ZIP_DEPTH = 3;

/** The order of students everywhere (natural name order, so s2 comes before s10): the same in one run and in merged shards. */
export function byName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** Entries that archivers and file managers add and no student wrote. */
const NOISE = new Set(['__MACOSX', 'Thumbs.db', 'desktop.ini']);

/** The entries of a folder that a student could have put there: no dot entries, no archiver noise. */
function entriesOf(dir: string): string[] {
  return readdirSync(dir).filter((name) => !name.startsWith('.') && !NOISE.has(name));
}

/**
 * Finds every submission, in natural name order: each subfolder and each `.zip` file (unpacked into its own
 * folder under `unpackInto`, refused whole when an entry escapes, is a link or passes the limits). A submission's
 * chapters may sit in it, in its chapters/, or in the same places inside one wrapper folder (GitHub's Download
 * ZIP and most LMS exports wrap the repository so). Other files are strays: listed, never graded as students.
 */
export async function findStudents(submissions: string, chapters: readonly ChapterSpec[], unpackInto: string): Promise<Submissions> {
  const names = entriesOf(submissions).sort(byName);
  const students: Student[] = [];
  const strays: string[] = [];
  const onlineText: string[] = [];
  for (const [index, entry] of names.entries()) {
    const dir = join(submissions, entry);
    // A Moodle name shows the student without Moodle's `_<id>_assignsubmission_file_`; every other name as it is.
    const name = submissionName(entry).shown;
    // A submission is data: an entry that is a link is named and never followed, not even to a folder.
    if (isLearnerFolder(dir) && isMoodleOnlineText(entry)) onlineText.push(entry);
    else if (isLearnerFolder(dir)) students.push(await fromFolder(name, dir, dir, chapters, join(unpackInto, String(index)), 0, newBudget()));
    else if (/\.zip$/i.test(entry) && isFile(dir)) students.push(await fromZip(name, dir, join(unpackInto, String(index)), chapters, 1, newBudget()));
    else if (isFile(dir)) strays.push(entry);
    else if (notAFolder(dir) === 'link') students.push({ name, dir, learner: null, problem: 'link' });
    else students.push({ name, dir, learner: null, problem: 'not-folder' });
  }
  return { students, strays, onlineText };
}

/**
 * A submission whose files are in `folder` (the submission itself, or where its ZIP was unpacked), `depth` ZIPs deep.
 * A folder that holds no chapters but exactly one `.zip`, itself or in its one wrapper folder (Moodle's "Download all
 * submissions" gives each student such a folder, `Kim Minsu_123456_assignsubmission_file_/`; a student may zip a ZIP),
 * is that ZIP, unpacked below `unpackInto`, down to ZIP_DEPTH levels, every level under the one budget.
 */
async function fromFolder(name: string, dir: string, folder: string, chapters: readonly ChapterSpec[], unpackInto: string, depth: number, budget: ZipBudget): Promise<Student> {
  const entries = entriesOf(folder);
  if (entries.length === 0) return { name, dir, learner: null, problem: 'empty' };
  const found = (root: string): Student => {
    const learner = gradedTarget(root, chapters, SHOWN_AS);
    const leftOut = leftOutOf(learner, chapters);
    return { name, dir, learner, problem: null, ...(leftOut.length > 0 ? { leftOut } : {}) };
  };
  if (holdsChapters(folder, chapters)) return found(folder);
  const wrappers = entries.filter((entry) => isLearnerFolder(join(folder, entry)));
  const only = wrappers.length === 1 ? join(folder, wrappers[0]!) : null;
  if (only && holdsChapters(only, chapters)) return found(only);
  const zipsIn = (root: string) => entriesOf(root).filter((entry) => /\.zip$/i.test(entry) && isFile(join(root, entry))).map((entry) => join(root, entry));
  const zips = wrappers.length === 0 ? zipsIn(folder) : only && entries.length === 1 ? zipsIn(only) : [];
  if (zips.length === 1 && depth < ZIP_DEPTH) {
    const student = await fromZip(name, zips[0]!, join(unpackInto, `zip-${depth + 1}`), chapters, depth + 1, budget);
    return { ...student, dir };
  }
  // Nothing graded: name the links that stood where a submission's folders would be.
  const links = [folder, ...(only ? [only] : [])].flatMap((root) =>
    entriesOf(root)
      .filter((entry) => notAFolder(join(root, entry)) !== null)
      .map((entry): LeftOut => ({ name: root === folder ? entry : `${wrappers[0]!}/${entry}`, why: notAFolder(join(root, entry))! })),
  );
  return { name, dir, learner: null, problem: 'no-chapters', ...(links.length > 0 ? { leftOut: links } : {}) };
}

/** A submission in a ZIP, `depth` ZIPs deep: unpacked into `into` under the submission's budget, then read as a folder. */
async function fromZip(name: string, file: string, into: string, chapters: readonly ChapterSpec[], depth: number, budget: ZipBudget): Promise<Student> {
  mkdirSync(into, { recursive: true });
  let notes: ZipNotes;
  try {
    notes = await unzipSubmission(file, into, ZIP_LIMITS, budget);
  } catch (error) {
    const refused = error instanceof ZipRefused ? error : new ZipRefused('unreadable', '');
    return { name, dir: file, learner: null, problem: 'zip-refused', zip: { why: refused.why, entry: refused.entry } };
  }
  const student = await fromFolder(name, file, into, chapters, join(into, '..', `${basename(into)}-in`), depth, budget);
  // The notes of every level: the deepest ZIP's depth, and each level's encodings and separators.
  const inner = student.unzipped;
  const encodings = [...new Set([...notes.encodings, ...(inner?.encodings ?? [])])];
  const unzipped = { encodings, backslashes: notes.backslashes || (inner?.backslashes ?? false), depth: Math.max(depth, inner?.depth ?? 0) };
  return { ...student, unzipped };
}

/** True for a regular file that is no link. */
function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
