import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import { commitBranch, makeCourseRepo } from './support/pr-repo.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/** The autograder is built with `zip` and opened here with `unzip`; a machine without them cannot run this file. */
const hasZip = ['zip', 'unzip'].every((tool) => spawnSync(tool, ['-v'], { stdio: 'ignore' }).status === 0);
const SOLVED = CHAPTERS.find((chapter) => chapter.id === '01')!;

describe.skipIf(!hasZip)('the Gradescope autograder built by build-zip.sh grades with private suites', () => {
  let work: string;
  let unknown: SpawnSyncReturns<string>;
  let week1: SpawnSyncReturns<string>;
  let built: SpawnSyncReturns<string>;
  let course: string;
  let out: string;
  let ran: SpawnSyncReturns<string>;
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });
  // The course repository, the autograders and the grading are made before the tests, never while the file loads.
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'batch-gradescope-zip-'));
    const repo = join(work, 'course-repo');
    const base = makeCourseRepo(repo);
    commitBranch(repo, 'autograder', base, (root) => cpSync(join(REPO, 'gradescope'), join(root, 'gradescope'), { recursive: true }));
    // build-zip.sh checks the class file with the checker, which needs the course's packages (gitignored, never in the zip).
    symlinkSync(join(REPO, 'node_modules'), join(repo, 'node_modules'), 'dir');
    const classFile = join(work, 'class.json');
    writeFileSync(classFile, JSON.stringify({ assignments: { week1: { exercises: ['01'] }, week2: { exercises: ['02'] } } }));
    const buildWith = (to: string, env: Record<string, string>) =>
      spawnSync('bash', [join(repo, 'gradescope', 'build-zip.sh'), to], { encoding: 'utf8', env: { ...process.env, CHECKER_LANG: 'en', ...env } });
    unknown = buildWith(join(work, 'unknown.zip'), { CLASS_FILE: classFile, ASSIGNMENT: 'week9' });
    week1 = buildWith(join(work, 'week1.zip'), { CLASS_FILE: classFile, ASSIGNMENT: 'week1' });
    const zip = join(work, 'autograder.zip');
    built = spawnSync('bash', [join(repo, 'gradescope', 'build-zip.sh'), zip], { encoding: 'utf8' });
    const source = join(work, 'source');
    mkdirSync(source);
    spawnSync('unzip', ['-q', zip, '-d', source]);
    course = join(source, 'course');
    symlinkSync(join(REPO, 'node_modules'), join(course, 'node_modules'), 'dir');
    // A submission that solves chapter 1 alone, and a private suite that no solution meets.
    const submission = join(work, 'submission');
    cpSync(join(REPO, 'solutions', SOLVED.dir), join(submission, 'chapters', SOLVED.dir), { recursive: true });
    const suites = join(work, 'private');
    mkdirSync(join(suites, SOLVED.dir), { recursive: true });
    writeFileSync(join(suites, SOLVED.dir, '2-strict.test.ts'), "import { test } from 'vitest';\ntest('a private rule nobody meets', () => { throw new Error('private rule broken'); });\n");
    out = join(work, 'results.json');
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: work, TMPDIR: work, LANG: 'C.UTF-8' };
    const args = ['--import', 'tsx', 'checker/gradescope/cli.ts', '--submission', submission, '--out', out, '--lang', 'en', '--timeout', GRADING_TIMEOUT, '--suites', suites];
    ran = spawnSync(process.execPath, args, { cwd: course, env, encoding: 'utf8', timeout: 300_000 });
  });

  test('the course copy, which has no git history, carries the committed starters\' blobs beside it', () => {
    expect(built.status, built.stderr).toBe(0);
    expect(existsSync(join(course, '.git'))).toBe(false);
    const index = JSON.parse(readFileSync(join(course, 'checker', 'starters.json'), 'utf8')) as Record<string, Record<string, string>>;
    for (const id of Object.values(index).flatMap((files) => Object.values(files))) {
      expect(spawnSync('git', ['--git-dir', join(course, '.starters.git'), 'cat-file', '-e', id]).status, id).toBe(0);
    }
  });

  test('an assignment the class file lacks fails the build, naming the ones it has; a known one goes in beside run_autograder', () => {
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("--assignment: the class file (--config) has no assignment named week9. Its assignments: week1, week2");
    expect(existsSync(join(work, 'unknown.zip'))).toBe(false);
    expect(week1.status, week1.stderr).toBe(0);
    expect(week1.stdout).toContain('The autograder grades assignment week1 alone: 01/1, 01/2, 01/3, 01/4');
    const listed = spawnSync('unzip', ['-p', join(work, 'week1.zip'), 'assignment.txt'], { encoding: 'utf8' });
    expect(listed.stdout).toBe('week1\n');
    expect(readFileSync(join(REPO, 'gradescope', 'run_autograder'), 'utf8')).toContain('assignment.txt');
  });

  test('a private suite that fails a solved exercise shows up in results.json; the rest of the chapter passes', () => {
    expect(ran.stderr).not.toContain('--suites:');
    const results = JSON.parse(readFileSync(out, 'utf8')) as { tests: { name: string; status: string; output: string }[] };
    const byId = (id: string) => results.tests.find((entry) => entry.name.startsWith(`${id} `))!;
    expect(byId('01/2').status).toBe('failed');
    expect(byId('01/2').output).toContain('private rule broken');
    for (const id of ['01/1', '01/3', '01/4']) expect(byId(id).status, id).toBe('passed');
  });
});
