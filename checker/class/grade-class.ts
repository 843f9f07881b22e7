import { createHash, randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gradeFolders, loadCheckedPrivateSuites } from '../grading/index.ts';
import { SHOWN_AS } from '../course/target.ts';
import type { GradeFolder } from '../grading/index.ts';
import type { Lang } from '../usage/messages.ts';
import type { Selected } from '../course/course.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import { buildReport, reweight } from '../report/build.ts';
import type { PrivateSuite } from '../course/private-suites.ts';
import type { Report } from '../report/shape.ts';
import { atDeadline } from './intake/deadline.ts';
import { shardOf } from './intake/shard.ts';
import { NO_ROSTER, shardKeyOf } from './intake/roster.ts';
import type { Roster } from './intake/roster.ts';
import type { Shard } from './intake/shard.ts';
import { fingerprintChapter } from './intake/fingerprint.ts';
import { isLearnerFolder } from '../course/learner-tree.ts';
import { findStudents } from './intake/students.ts';
import { unzipSubmission } from './intake/unzip.ts';
import type { Student } from './intake/students.ts';
import type { StudentResult } from './student-result.ts';

/** Settings for grading a class. */
export interface ClassOptions {
  lang: Lang;
  timeoutMs: number;
  chapters: readonly ChapterSpec[];
  selected: Selected[];
  suites?: string;
  /** Called once the distinct chapter contents are known. */
  onPlan?: (students: number, units: number) => void;
  /** This class's points per exercise id (from the class file); others keep their manifest weight. */
  weights?: Readonly<Record<string, number>>;
  /** Grade only the submissions with these names. */
  only?: readonly string[];
  /** Grade each `.git` copy at its last commit at or before this time. */
  deadline?: Date;
  /** Grade only the submissions of this shard. */
  shard?: Shard;
  /** The class file's roster: a submission's shard is chosen by the roster entry it answers to (intake/roster.ts). */
  roster?: Roster;
  /** Called with the files beside the submissions that are none (no folder, no ZIP), before grading. */
  onStrays?: (names: readonly string[]) => void;
  /** Called once with Moodle's online-text folders, which are no submission (no code), before grading. */
  onOnlineText?: (names: readonly string[]) => void;
  /**
   * Called once the submissions are found, while unpacked ZIPs and deadline checkouts still exist (they are removed
   * when grading ends): every student found, as graded (at the deadline, when one is set) for those to be graded.
   */
  onStudents?: (students: readonly Student[]) => void;
  /** Called as suite files finish: how many of how many, and the students whose work the finished file graded. */
  onProgress?: (done: number, total: number, students: readonly string[]) => void;
}

/** A folder that does not exist: the source of the shared units that only report a chapter folder as missing. */
const NOWHERE = join(tmpdir(), `mcp-grade-nothing-${randomUUID()}`);

/**
 * Grades every student folder in one scratch folder and one vitest run. Each distinct chapter content is
 * graded once and its result shared by the students who hand in those exact bytes, such as an untouched starter
 * chapter (a chapter that imports from outside itself is graded together with the student's other chapters).
 */
export async function gradeClass(submissions: string, options: ClassOptions): Promise<StudentResult[]> {
  // A broken private suite is the instructor's error: it stops the run before any submission is even opened.
  const privates = options.suites ? loadCheckedPrivateSuites(options.suites, options.chapters) : [];
  const unpacked = mkdtempSync(join(tmpdir(), 'mcp-grade-zips-'));
  try {
    // An LMS's download ZIP of the whole class (Moodle's "Download all submissions", Canvas's "Download Submissions")
    // is unpacked as it is, under the class limits; each student's ZIP in it is then unpacked under a student's.
    const folder = isClassZip(submissions) ? join(unpacked, 'class') : submissions;
    if (folder !== submissions) {
      mkdirSync(folder);
      await unzipSubmission(submissions, folder, CLASS_ZIP_LIMITS);
    }
    const found = await findStudents(folder, options.chapters, unpacked);
    // Rows name the ZIP the instructor gave, not the scratch folder it was unpacked into.
    if (folder !== submissions) for (const student of found.students) student.dir = join(submissions, relative(folder, student.dir));
    const { strays } = found;
    if (found.onlineText.length > 0) options.onOnlineText?.(found.onlineText);
    const shard = options.shard;
    const chosen = found.students
      .filter((student) => !options.only || options.only.includes(student.name))
      .filter((student) => !shard || shardOf(shardKeyOf(options.roster ?? NO_ROSTER, student.name), shard.count) === shard.index);
    const deadline = options.deadline;
    const students = deadline ? chosen.map((student, index) => atDeadline(student, deadline, join(unpacked, `at-deadline-${index}`), options.chapters)) : chosen;
    if (strays.length > 0) options.onStrays?.(strays);
    if (options.onStudents) {
      const graded = new Map(students.map((student) => [student.name, student]));
      options.onStudents(found.students.map((student) => graded.get(student.name) ?? student));
    }
    return await gradeStudents(students, options, privates);
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
}

/** Grades the students found in the submissions folder. */
async function gradeStudents(students: readonly Student[], options: ClassOptions, privates: readonly PrivateSuite[]): Promise<StudentResult[]> {
  // Each distinct thing to grade: one chapter's content, a whole chapters tree that imports across chapters, or a missing chapter.
  const units = new Map<string, GradeFolder>();
  const plan = students.map((student) => planStudent(student, options.chapters, units));
  options.onPlan?.(students.length, units.size);
  const keys = [...units.keys()];
  /** The students whose work a unit grades, for the progress line. */
  const studentsOf = (key: string | undefined) => students.filter((_, index) => key !== undefined && [...plan[index]!.values()].includes(key)).map((student) => student.name);
  const reports = await gradeFolders(
    keys.map((key) => units.get(key)!),
    options.selected,
    {
      lang: options.lang,
      timeoutMs: options.timeoutMs,
      chapters: options.chapters,
      // A type check with no answer would score every exercise of every student 0: the class run stops instead.
      typecheckRequired: true,
      ...(options.suites ? { privates: { dir: options.suites, suites: privates } } : {}),
      ...(options.onProgress ? { onProgress: (done: number, total: number, folder: number) => options.onProgress?.(done, total, studentsOf(keys[folder])) } : {}),
    },
  );
  const byKey = new Map(keys.map((key, index) => [key, reports[index]!]));
  return students.map((student, index) => {
    const chosen = plan[index]!;
    const exercises = options.selected.map(({ chapter, exercise }) => {
      return byKey.get(chosen.get(chapter.dir)!)!.exercises.find((entry) => entry.id === exercise.id)!;
    });
    const typeErrors = options.chapters.flatMap((chapter) =>
      byKey.get(chosen.get(chapter.dir)!)!.type_errors.filter((problem) => problem.file.startsWith(`${SHOWN_AS}/${chapter.dir}/`)),
    );
    const missingChapters = options.chapters
      .filter((chapter) => chosen.get(chapter.dir)!.startsWith('missing:'))
      .map((chapter) => chapter.dir);
    const report = reweight(buildReport({ target: student.dir, lang: options.lang, exercises, type_errors: typeErrors }), options.weights ?? {});
    return { student, report, missingChapters };
  });
}

/** Picks the unit that grades each chapter of one student, adding new units to the map; returns chapter dir → unit key. */
function planStudent(student: Student, chapters: readonly ChapterSpec[], units: Map<string, GradeFolder>): Map<string, string> {
  const chosen = new Map<string, string>();
  const learner = student.learner;
  const root = learner?.chaptersDir;
  // A chapter folder that is a link counts as missing, as the scratch copy takes it.
  const prints = chapters.map((chapter) => (root && isLearnerFolder(join(root, chapter.dir)) ? fingerprintChapter(join(root, chapter.dir)) : null));
  const add = (key: string, unit: () => GradeFolder) => {
    if (!units.has(key)) units.set(key, unit());
    return key;
  };
  if (learner && root && prints.some((print) => print?.reachesOut)) {
    const tree = createHash('sha256');
    chapters.forEach((chapter, index) => tree.update(`${chapter.dir}\0${prints[index]?.hash ?? '-'}\0`));
    const key = add(`tree:${tree.digest('hex')}`, () => ({ learner, chapters }));
    for (const chapter of chapters) chosen.set(chapter.dir, prints[chapters.indexOf(chapter)] ? key : missingUnit(chapter, units));
    return chosen;
  }
  chapters.forEach((chapter, index) => {
    const print = prints[index];
    const key = print
      ? add(`${chapter.dir}:${print.hash}`, () => ({ learner: learner!, chapters: [chapter] }))
      : missingUnit(chapter, units);
    chosen.set(chapter.dir, key);
  });
  return chosen;
}

/** One shared unit per chapter for every student who lacks that chapter folder: it only reports the folder missing. */
function missingUnit(chapter: ChapterSpec, units: Map<string, GradeFolder>): string {
  const key = `missing:${chapter.dir}`;
  if (!units.has(key)) units.set(key, { learner: { given: NOWHERE, chaptersDir: NOWHERE, shownAs: SHOWN_AS }, chapters: [chapter] });
  return key;
}

/** The most a whole class's download ZIP may unpack to: room for 300 students' copies, each then held to ZIP_LIMITS. */
export const CLASS_ZIP_LIMITS = { bytes: 2_000_000_000, entries: 200_000 } as const;

/** True when the submissions given are one `.zip` file (an LMS's download of the whole class) rather than a folder. */
export function isClassZip(path: string): boolean {
  try {
    return /\.zip$/i.test(path) && lstatSync(path).isFile();
  } catch {
    return false;
  }
}
