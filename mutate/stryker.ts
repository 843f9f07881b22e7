import { Stryker } from '@stryker-mutator/core';
import type { Workspace } from './workspace.ts';

/** One mutant as StrykerJS reports it (the type lives in a package StrykerJS depends on, so it is read off the API). */
export type MutantResult = Awaited<ReturnType<Stryker['runMutationTest']>>[number];

type LogLevel = NonNullable<NonNullable<ConstructorParameters<typeof Stryker>[0]>['logLevel']>;

/** Runs StrykerJS in the workspace on the given chapter folders and returns every mutant with its outcome. */
export async function runStryker(workspace: Workspace, chapterDirs: readonly string[]): Promise<MutantResult[]> {
  const previous = process.cwd();
  // StrykerJS takes its project from the working directory; its sandbox (.stryker-tmp) then lives in the workspace too.
  process.chdir(workspace.root);
  try {
    const stryker = new Stryker({
      testRunner: 'vitest',
      vitest: { configFile: 'vitest.config.mjs', related: false },
      mutate: chapterDirs.map((dir) => `chapters/${dir}/**/*.ts`),
      coverageAnalysis: 'perTest',
      // Every covering test runs, so each exercise's suite is credited with the mutants it kills.
      disableBail: true,
      // Type errors are counted afterwards by our own tsc run; TypeScript 7 has no compiler API for a checker plugin.
      checkers: [],
      reporters: [process.stdout.isTTY ? 'progress' : 'progress-append-only'],
      plugins: ['@stryker-mutator/vitest-runner'],
      tempDirName: '.stryker-tmp',
      cleanTempDir: 'always',
      incremental: false,
      // A const enum in StrykerJS's types; its values are these strings.
      logLevel: 'warn' as LogLevel,
      fileLogLevel: 'off' as LogLevel,
      allowConsoleColors: false,
    });
    return await stryker.runMutationTest();
  } finally {
    process.chdir(previous);
  }
}
