import type { ExerciseReport, Report } from './shape.ts';

/*
 * What the text report knows of the whole course beyond the exercises it graded: the chapters in order, each
 * exercise's TODO, and what a learner can do once a chapter passes. check, hint and watch build it from the manifest.
 */

/** One exercise of the course as the report names it: its id, title and TODO place (`file:line`, as the learner knows it). */
export interface OutlineExercise {
  id: string;
  title: string;
  todo: string;
}

/** One chapter of the course: its id, folder, title and exercises, where its learner and solution folders are, and its outcome. */
export interface OutlineChapter {
  id: string;
  dir: string;
  title: string;
  /** The learner's chapter folder as messages name it, such as `chapters/01-mini-mcp`. */
  learnerDir: string;
  /** The mirrored solution folder from the repository's top folder, such as `solutions/01-mini-mcp`; absent where the copy has none (the student edition). */
  solutionDir?: string;
  /** What the learner can do once the chapter passes (the manifest's `outcome`), when the manifest has one. */
  outcome?: string;
  /** The chapter's lesson in the report's language as messages name it, such as `chapters/01-mini-mcp/README.en.md`. */
  lesson?: string;
  exercises: OutlineExercise[];
}

/** The course in order, and what earlier runs know of it. */
export interface CourseOutline {
  chapters: OutlineChapter[];
  /**
   * Exercises known to pass from earlier runs of check, hint and watch (the learner's progress file), their files
   * unchanged since; a result in the report being read always wins over it.
   */
  known?: readonly string[];
}

/** The chapter id of an exercise id: `01` of `01/3`. */
export function chapterIdOf(exerciseId: string): string {
  return exerciseId.split('/')[0] ?? exerciseId;
}

/**
 * The chapter in progress: the first chapter of the report with an exercise that does not pass; undefined when every
 * graded exercise passes.
 */
export function chapterInProgress(report: Report): string | undefined {
  const failing = report.exercises.find((exercise) => exercise.status !== 'pass');
  return failing ? chapterIdOf(failing.id) : undefined;
}

/** What follows a report whose every graded exercise passes: chapters it completes, the course's completion, the next exercise. */
export interface AfterPass {
  /** Chapters every exercise of which is in the report and passes, in course order. */
  completed: OutlineChapter[];
  /** True when every exercise of the course is in the report and passes. */
  courseDone: boolean;
  /** The next exercise: the first of the course not known to pass (by this report, else by earlier runs); absent once every one is. */
  next?: OutlineExercise;
  /** The chapters to compare with their solutions: the completed ones, whose diff shows no unsolved exercise's answer, in course order. */
  compare: OutlineChapter[];
}

/** Reads what a fully passing report means for the course (see AfterPass). */
export function afterPass(report: Report, course: CourseOutline): AfterPass {
  const passed = knownToPass(report, course);
  const completed = course.chapters.filter((chapter) => chapter.exercises.every((exercise) => passed.has(exercise.id)));
  const all = course.chapters.flatMap((chapter) => chapter.exercises);
  const courseDone = all.length > 0 && all.every((exercise) => passed.has(exercise.id));
  const next = all.find((exercise) => !passed.has(exercise.id));
  // A chapter's diff shows every exercise of it solved, so it is offered only once none of them is left to solve.
  // Graded in the solutions folder itself (--target solutions), a diff with the solution would compare it with itself.
  const compare = completed.filter((chapter) => chapter.solutionDir !== undefined && chapter.solutionDir !== chapter.learnerDir);
  return { completed, courseDone, ...(next ? { next } : {}), compare };
}

/** The exercises known to pass: those the report passes, and those earlier runs passed that the report does not show failing. */
export function knownToPass(report: Report, course: CourseOutline): Set<string> {
  const failing = new Set(report.exercises.filter((exercise) => exercise.status !== 'pass').map((exercise) => exercise.id));
  const passed = new Set((course.known ?? []).filter((id) => !failing.has(id)));
  for (const exercise of report.exercises) if (exercise.status === 'pass') passed.add(exercise.id);
  return passed;
}

/** Exercises of the report grouped by chapter id, in report order. */
export function byChapter(exercises: readonly ExerciseReport[]): Map<string, ExerciseReport[]> {
  const groups = new Map<string, ExerciseReport[]>();
  for (const exercise of exercises) {
    const id = chapterIdOf(exercise.id);
    groups.set(id, [...(groups.get(id) ?? []), exercise]);
  }
  return groups;
}
