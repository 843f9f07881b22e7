import { configDefaults, defineConfig } from 'vitest/config';

/** The real course's proofs: its starters, solutions, lessons and hidden suites, and adding a chapter to it. */
const COURSE = [
  'test/add-chapter.test.ts',
  'test/chapter03-stdio.test.ts',
  'test/chapters.test.ts',
  'test/course.test.ts',
  'test/engines.test.ts',
  'test/exercises.test.ts',
  'test/lesson-overlap.test.ts',
  'test/mutate.test.ts',
  'test/protocol-contract.test.ts',
  'test/starters.test.ts',
  'test/typecheck.test.ts',
];

/**
 * The end-to-end files that run alone, one after another, each with the reason: each plants code that spins a core
 * until the run's --timeout, and beside another file that spinning would starve the other file's honest code. Every
 * other file may run beside one more: all of them grade copies in their own temporary folders, and none plants code
 * that runs until a limit stops it.
 */
const SERIAL = [
  // Its planted endless loops (at import, inside a handler) hold a core each until the run's --timeout.
  'test/checker-hostile.test.ts',
  // Its loop-at-import student spins until the run's --timeout, in the class run and again when checked alone.
  'test/class-isolation.test.ts',
  // Its hanging student spins through every exercise of chapter 1 until the run's --timeout, in each of them.
  'test/class-grade.test.ts',
];

/** Settings every project shares: the hidden suites under checker/suites and the fixture course's run only through the checker. */
const shared = {
  exclude: [...configDefaults.exclude, 'test/fixtures/**'],
  // Lets maintainers run the tests on uncommitted checker changes; test/checker-sandbox.test.ts proves the refusal without it.
  // CHECKER_COURSE is blanked: left over in a maintainer's shell beside that trust, it would grade the fixture course
  // wherever a test means the real one (the fixture helpers of test/support/course.ts set it themselves).
  env: { CHECKER_TRUST_WORKTREE: '1', CHECKER_COURSE: '' },
};

/**
 * The repository's own tests, in three projects: `unit` (the checker's modules in-process, test/unit/), `course`
 * (the real course's proofs) and `e2e` (the checker as a process, on the fixture course test/fixtures/course wherever
 * the real course is not the point). `npx vitest run --project unit` runs one of them. The limits are safety nets
 * for a loaded 2-core machine, not measures of speed.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // A few of these start node, git or a stand-in tsc, and they share the machine with the end-to-end files.
        test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts'], pool: 'threads', isolate: false, testTimeout: 60_000 },
      },
      {
        test: { ...shared, name: 'course', include: COURSE, pool: 'forks', testTimeout: 300_000, hookTimeout: 600_000 },
      },
      {
        test: { ...shared, name: 'e2e', include: ['test/*.test.ts'], exclude: [...shared.exclude, ...COURSE, ...SERIAL], pool: 'forks', testTimeout: 300_000, hookTimeout: 600_000 },
      },
      {
        // Runs after everything else, one file at a time (its own group, so its single worker clashes with no other project's two).
        test: { ...shared, name: 'e2e-serial', include: SERIAL, pool: 'forks', maxWorkers: 1, testTimeout: 300_000, hookTimeout: 600_000, sequence: { groupOrder: 1 } },
      },
    ],
    // Two files at once: a 2-core machine keeps both busy without starving either; more only queue for the same cores.
    maxWorkers: 2,
  },
});
