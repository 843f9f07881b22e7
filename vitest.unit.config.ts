import { defineConfig } from 'vitest/config';

/** Unit tests of the checker's pure modules, mirroring checker/ under test/unit/: in-process, no checker runs, seconds in all. */
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    pool: 'threads',
  },
});
