import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Lang } from '../../usage/messages.ts';
import { REPORT_VERSION } from '../../report/shape.ts';
import type { Report } from '../../report/shape.ts';
import { listFiles, REPO_ROOT } from '../../course/files.ts';
import type { TimeLimits } from '../../runner/limits.ts';
import type { StudentResult } from '../student-result.ts';
import { reasonOf } from './reasons.ts';
import type { Student } from '../intake/students.ts';
import type { SimilarityReport } from '../review/similarity.ts';
import type { Shard } from '../intake/shard.ts';
import { rosterIdOf } from '../intake/roster.ts';
import type { Roster } from '../intake/roster.ts';

/** What produced a gradebook, so a grade can be traced and reproduced: recorded in gradebook.json and report.html. */
export interface Provenance {
  /** The checker's commit, or null where the checker is no git checkout (a ZIP of the course). */
  checker_commit: string | null;
  /** Whether the checker's files were checked against that commit and found unchanged (false: no git, or git could not read the copy). */
  checker_verified?: boolean;
  node: string;
  /** The per-file and per-test limits the run used, in milliseconds. */
  limits: { file_ms: number; test_ms: number };
  /** Each private suite file with the SHA-256 of its content. */
  private_suites: { file: string; sha256: string }[];
  /** The class file's weights (exercise id → points); empty when the manifest's weights were used. */
  weights: Record<string, number>;
  /** The deadline each `.git` copy was graded at, as ISO 8601, or null. */
  deadline: string | null;
  /** When the gradebook was written, as ISO 8601. */
  generated_at: string;
  /** With `--assignment`: the assignment graded and its exercises (the gradebook's only columns). */
  assignment?: { name: string; exercises: string[] };
  /** For a shard's gradebook: which part of the class it holds, `i/n` (grade:merge joins them and drops it). */
  shard?: string;
}

/** One student in gradebook.json: the checker report plus what the gradebook needs to redraw the row (for --only and diff). */
export interface GradebookEntry extends Report {
  student: string;
  /** The LMS id from the class file's roster, when it names this submission. */
  id?: string;
  reason: string;
  problem: Student['problem'];
  zip?: Student['zip'];
  /** For an unpacked ZIP: legacy name encodings, `\\` separators, and how many ZIPs deep the work was. */
  unzipped?: Student['unzipped'];
  /** With a deadline: the commit graded and its date, or that the copy had no .git or no commit by then. */
  snapshot?: Student['snapshot'];
  missing_chapters: string[];
}

/** gradebook.json: the run that made it, every regrade of some students since (--only), and the students. */
export interface Gradebook {
  version: typeof REPORT_VERSION;
  provenance: Provenance;
  regrades?: (Provenance & { students: string[] })[];
  students: GradebookEntry[];
  /** The Canvas assignment gradebook-canvas.csv fills, when the class file names one. */
  canvas_assignment?: string;
  /** With --similarity: pairs of students (and students and the solution) whose edits are close, for a person to review. */
  similarity?: SimilarityReport;
}

/** The provenance of a run of this checker with these settings, now. */
export function provenanceOf(options: { limits: TimeLimits; suites?: string; weights?: Readonly<Record<string, number>>; deadline?: Date; shard?: Shard; now?: Date; verified?: boolean; assignment?: { name: string; exercises: string[] } }): Provenance {
  const head = spawnSync('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
  const suites = options.suites;
  return {
    checker_commit: head.status === 0 ? head.stdout.trim() : null,
    ...(options.verified !== undefined ? { checker_verified: options.verified } : {}),
    node: process.version,
    limits: { file_ms: options.limits.fileMs, test_ms: options.limits.testMs },
    private_suites: suites && existsSync(suites)
      ? listFiles(suites).map((file) => ({ file: relative(suites, file), sha256: createHash('sha256').update(readFileSync(file)).digest('hex') }))
      : [],
    weights: { ...(options.weights ?? {}) },
    deadline: options.deadline ? options.deadline.toISOString() : null,
    generated_at: (options.now ?? new Date()).toISOString(),
    ...(options.assignment ? { assignment: options.assignment } : {}),
    ...(options.shard ? { shard: `${options.shard.index}/${options.shard.count}` } : {}),
  };
}

/** gradebook.json's content for these results. */
export function gradebookOf(results: readonly StudentResult[], provenance: Provenance, roster: Roster, lang: Lang): Gradebook {
  return {
    version: REPORT_VERSION,
    provenance,
    students: results.map((result) => {
      const id = rosterIdOf(roster, result.student.name);
      return {
        student: result.student.name,
        ...(id !== undefined ? { id } : {}),
        reason: reasonOf(result, lang),
        problem: result.student.problem,
        ...(result.student.zip ? { zip: result.student.zip } : {}),
        ...(notable(result.student.unzipped) ? { unzipped: result.student.unzipped } : {}),
        ...(result.student.snapshot ? { snapshot: result.student.snapshot } : {}),
        missing_chapters: result.missingChapters,
        ...result.report,
      };
    }),
  };
}

/** The results a gradebook.json holds, as the class grader made them (for --only, which regrades some and keeps the rest). */
export function resultsOf(book: Gradebook): StudentResult[] {
  return book.students.map(({ student, id: _id, reason: _reason, problem, zip, unzipped, snapshot, missing_chapters, ...report }) => ({
    student: { name: student, dir: report.target, learner: null, problem, ...(zip ? { zip } : {}), ...(unzipped ? { unzipped } : {}), ...(snapshot ? { snapshot } : {}) },
    report,
    missingChapters: missing_chapters,
  }));
}

/** Reads a gradebook.json this checker wrote; null when the folder has none. */
export function readGradebook(dir: string): Gradebook | null {
  const file = join(dir, 'gradebook.json');
  if (!existsSync(file)) return null;
  const book = JSON.parse(readFileSync(file, 'utf8')) as Gradebook;
  return book.version === REPORT_VERSION && Array.isArray(book.students) && book.provenance ? book : null;
}

/** True when a ZIP was read other than plainly (a legacy encoding, `\\` separators, a ZIP inside a ZIP): only then is it recorded. */
function notable(unzipped: Student['unzipped']): boolean {
  return unzipped !== undefined && (unzipped.encodings.length > 0 || unzipped.backslashes || unzipped.depth > 1);
}
