import { configDefaults, defineConfig } from 'vitest/config';

/** The repository's own end-to-end tests; the hidden suites under checker/suites run only through the checker. */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The unit tests run first, on their own, through vitest.unit.config.ts (npm run test:unit).
    exclude: [...configDefaults.exclude, 'test/unit/**', 'test/fixtures/**'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    pool: 'forks',
    // Lets maintainers run the tests on uncommitted checker changes; test/checker-sandbox.test.ts proves the refusal without it.
    env: { CHECKER_TRUST_WORKTREE: '1' },
  },
});
