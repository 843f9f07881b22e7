import { defineConfig } from 'vitest/config';

/** The repository's own tests; the hidden suites under checker/suites run only through the checker. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    pool: 'forks',
    // Lets maintainers run the tests on uncommitted checker changes; test/sandbox.test.ts proves the refusal without it.
    env: { CHECKER_TRUST_WORKTREE: '1' },
  },
});
