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
  'test/lesson-parity.test.ts',
  'test/mutate.test.ts',
  'test/protocol-contract.test.ts',
  'test/starters.test.ts',
  'test/typecheck.test.ts',
];

/**
 * The checker's module tests that start a process or wait on one (node under the permission model, git, a stand-in
 * tsc, a child that computes, mkfifo): in-process like the rest of test/unit/, but as slow as the processes they start,
 * so they run in a project of their own and `unit` stays pure code that answers in about a second. The unit project's
 * setup file (test/unit/support/no-processes.ts) fails any other test file there that starts a process.
 */
const UNIT_PROCESSES = [
  'test/unit/checker/course/intake.test.ts',
  'test/unit/checker/course/starters.test.ts',
  'test/unit/checker/grading/typecheck.test.ts',
  'test/unit/checker/pr/starters-git.test.ts',
  'test/unit/checker/runner/forks.test.ts',
  'test/unit/checker/runner/proc.test.ts',
  'test/unit/checker/runner/reaper.test.ts',
  'test/unit/checker/suites/stdout-origin.test.ts',
  'test/unit/checker/suites/guard-times.test.ts',
  'test/unit/checker/trust/integrity.test.ts',
  'test/unit/checker/trust/os-confine-processes.test.ts',
  'test/unit/checker/trust/sandbox.test.ts',
];

/** Settings every project shares: the hidden suites under checker/suites and the fixture course's run only through the checker. */
const shared = {
  exclude: [...configDefaults.exclude, 'test/fixtures/**'],
  // Lets maintainers run the tests on uncommitted checker changes; test/checker-sandbox.test.ts proves the refusal without it.
  // CHECKER_COURSE is blanked: left over in a maintainer's shell beside that trust, it would grade the fixture course
  // wherever a test means the real one (the fixture helpers of test/support/course.ts set it themselves).
  // CHECKER_PROGRESS is blanked too: no test reads or writes the learner's progress file unless it names one itself.
  env: { CHECKER_TRUST_WORKTREE: '1', CHECKER_COURSE: '', CHECKER_PROGRESS: '' },
};

/**
 * The repository's own tests, in four projects: `unit` (the checker's modules in-process, test/unit/, with the ones
 * that start processes in `unit-processes`), `course`
 * (the real course's proofs) and `e2e` (the checker as a process, on the fixture course test/fixtures/course wherever
 * the real course is not the point). `npx vitest run --project unit` runs one of them. The limits are safety nets
 * for a loaded 2-core machine, not measures of speed.
 */
export default defineConfig({
  test: {
    projects: [
      {
        // test/unit/support/no-processes.ts makes every node:child_process start throw, and fails the test that asked.
        test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: [...shared.exclude, ...UNIT_PROCESSES], setupFiles: ['test/unit/support/no-processes.ts'], pool: 'threads', isolate: false, testTimeout: 60_000 },
      },
      {
        // They share the machine with the end-to-end files, so a test waits for its processes for up to a minute.
        test: { ...shared, name: 'unit-processes', include: UNIT_PROCESSES, pool: 'threads', isolate: false, testTimeout: 60_000 },
      },
      {
        test: { ...shared, name: 'course', include: COURSE, pool: 'forks', testTimeout: 300_000, hookTimeout: 600_000 },
      },
      {
        // No file here runs alone: the ones that plant code that never ends (checker-hostile, class-isolation, class-grade)
        // give it a short --timeout, and every grading limit counts CPU time or time blocked, never time spent waiting
        // for a core, so neither they nor their neighbours can time out honest code by sharing the machine.
        test: { ...shared, name: 'e2e', include: ['test/*.test.ts'], exclude: [...shared.exclude, ...COURSE], pool: 'forks', testTimeout: 300_000, hookTimeout: 600_000 },
      },
    ],
    // Two files at once: a 2-core machine keeps both busy without starving either; more only queue for the same cores.
    maxWorkers: 2,
  },
});
