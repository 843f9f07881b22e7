import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PrivateSuiteError, loadPrivateSuites } from '../course/private-suites.ts';
import type { PrivateSuite } from '../course/private-suites.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import { privateSuitesDirName } from './scratch.ts';
import { suitesDir as courseSuitesDir } from '../course/course.ts';
import { REPO_ROOT, currentCourseRoot } from '../course/files.ts';
import { StarterReadError, writeCommittedStarters } from '../course/starters.ts';
import { tscBinary } from './typecheck.ts';

/** What one `tsc` run over the hidden suites left: its exit status and everything it printed. */
export interface SuitesTypecheck {
  status: number;
  output: string;
}

/** An instructor's private suites of one chapter, and the folder name they get beside the public suites. */
export interface PrivateCopy {
  from: string;
  as: string;
}

/** The longest the suites' type check may take before it is stopped. */
const LIMIT_MS = 180_000;

/**
 * Type-checks the hidden suites against the committed starters, never the working tree's chapters/: copies
 * `suitesDir` to `checker/suites/` of a temporary folder, writes the starters that checker/starters.json names
 * from git into its `chapters/` (the suites import `../../../chapters/...`), links node_modules, and runs `tsc`
 * there as a process with the repository's compiler options. `extraArgs` go to `tsc` (such as `--listFilesOnly`);
 * `startersGit` is the git folder holding the starters' blobs when the checker's folder has no history of its own.
 * Paths in the output are relative to that folder, so they read as repository paths.
 */
export function typecheckSuites(suitesDir: string = courseSuitesDir(currentCourseRoot()), extraArgs: readonly string[] = [], privateDirs: readonly PrivateCopy[] = [], startersGit?: string): SuitesTypecheck {
  const root = mkdtempSync(join(tmpdir(), 'mcp-typecheck-suites-'));
  try {
    cpSync(suitesDir, join(root, 'checker', 'suites'), { recursive: true });
    // The suites' shared helpers are the checker's own, whatever course it grades.
    cpSync(join(courseSuitesDir(REPO_ROOT), '_lib'), join(root, 'checker', 'suites', '_lib'), { recursive: true });
    // Private suites sit beside the public ones exactly as they do in a grading's scratch folder.
    for (const { from, as } of privateDirs) cpSync(from, join(root, 'checker', 'suites', as), { recursive: true });
    mkdirSync(join(root, 'chapters'));
    writeCommittedStarters(join(root, 'chapters'), startersGit);
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
    // `exclude` is set so the repository's own exclusion of checker/suites is not inherited.
    const config = { extends: join(REPO_ROOT, 'tsconfig.json'), include: ['checker/suites/**/*.ts'], exclude: [] };
    writeFileSync(join(root, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
    const ran = spawnSync(tscBinary(REPO_ROOT), ['-p', 'tsconfig.json', '--pretty', 'false', ...extraArgs], {
      cwd: root,
      encoding: 'utf8',
      timeout: LIMIT_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${ran.stdout ?? ''}${ran.stderr ?? ''}${ran.error ? `${ran.error.message}\n` : ''}`;
    return { status: ran.status ?? 2, output: output.split(root).join('.') };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}


/**
 * Reads an instructor's private suites for the graded chapters of the course (see private-suites.ts) and checks that they compile before anything
 * is graded: the one way graders load them. `startersGit` names the git folder holding the committed starters, when not the checker's own.
 */
export function loadCheckedPrivateSuites(dir: string, course: readonly ChapterSpec[], graded: readonly ChapterSpec[] = course, startersGit?: string): PrivateSuite[] {
  const suites = loadPrivateSuites(dir, course, graded);
  checkCompiles(resolve(dir), graded, startersGit);
  return suites;
}

/**
 * Type-checks the private suites beside the public ones, against the committed starters (their exports are the
 * solutions' exports), before anything is graded: a suite that cannot compile is the instructor's error, named
 * with its file, and never a zero for every student.
 */
function checkCompiles(root: string, chapters: readonly ChapterSpec[], startersGit: string | undefined): void {
  const privateDirs = chapters
    .filter((chapter) => existsSync(join(root, chapter.dir)))
    .map((chapter) => ({ from: join(root, chapter.dir), as: privateSuitesDirName(chapter.dir) }));
  if (privateDirs.length === 0) return;
  let checked: SuitesTypecheck;
  try {
    checked = typecheckSuites(undefined, [], privateDirs, startersGit);
  } catch (error) {
    // Without the committed starters the suites cannot be checked, and grading unchecked ones could zero every student.
    if (!(error instanceof StarterReadError)) throw error;
    const { reason, detail } = error;
    throw new PrivateSuiteError((say) => say.suitesNoStarters(reason, detail));
  }
  const { status, output } = checked;
  if (status === 0) return;
  const first = output.split('\n').find((line) => /\.private\//.test(line)) ?? output.split('\n').find((line) => line.trim() !== '') ?? '';
  const shown = first.replace(/^\.?\/?checker\/suites\/([^/]+)\.private\//, '$1/');
  throw new PrivateSuiteError((say) => say.suitesDoNotCompile(shown));
}

/** `npm run typecheck`'s second half: the hidden suites against the committed starters; exit 0 clean, 1 type errors, 2 not checkable. */
function main(argv: readonly string[]): number {
  let result: SuitesTypecheck;
  try {
    result = typecheckSuites(join(REPO_ROOT, 'checker', 'suites'), argv);
  } catch (error) {
    if (!(error instanceof StarterReadError)) throw error;
    console.error(`Cannot type-check checker/suites: the committed starters (checker/starters.json) are not readable from git (${error.message}).`);
    return 2;
  }
  process.stdout.write(result.output);
  if (result.status !== 0) {
    console.error('\nType errors in checker/suites, checked against the committed starters (chapters/ above is checker/starters.json\'s starters from git, not the working tree).');
  }
  return result.status === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
