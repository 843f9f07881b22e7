import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EDITION_BRANCH, EDITION_TEST_SCRIPT, INSTRUCTOR_ONLY, INSTRUCTOR_SCRIPTS, writeEdition } from '../checker/commands/maintainer/edition-tree.ts';
import { INSTRUCTOR_WORDS, STUDENT_CI } from '../checker/commands/maintainer/edition-readme.ts';
import { listFiles } from '../checker/course/files.ts';
import type { Report } from '../checker/report/shape.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { allExercises } from '../checker/course/course.ts';
import { chapterDir } from './support/chapters.ts';
import { committedStarters } from './support/starters.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/*
 * The student edition as a class gets it: written from this repository's HEAD into a temp folder, then used there
 * as a learner does (npm run check, the public suites) and as the instructor does (check --suites, the private ones).
 * `npm ci` is not run: the edition keeps package-lock.json byte for byte (asserted below), so the packages npm ci would
 * install are the ones this repository's node_modules already holds, and a link to it is what node resolves through,
 * without downloading some 300 packages in a test.
 */

let work: string;
let edition: string;
let written: ReturnType<typeof writeEdition>;
// The edition is written before the tests, never while the file loads (writing it runs git).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'batch-edition-'));
  edition = join(work, 'edition');
  written = writeEdition(REPO, edition, 'en');
  symlinkSync(join(REPO, 'node_modules'), join(edition, 'node_modules'), 'dir');
});

/** Runs an npm script in the edition, as a learner would type it there, and reads the JSON report it wrote. */
function npmRun(script: string, args: readonly string[], json: string): { status: number | null; stdout: string; stderr: string; report: Report | null } {
  const ran = spawnSync('npm', ['run', '-s', script, '--', ...args, '--json', json], {
    cwd: edition, encoding: 'utf8', timeout: 300_000, env: { ...process.env, CHECKER_LANG: '', INIT_CWD: '', CHECKER_COURSE: '' },
  });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr, report: existsSync(json) ? (JSON.parse(readFileSync(json, 'utf8')) as Report) : null };
}

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs git in the edition and returns what it printed; fails the test when git fails. */
function git(...args: string[]): string {
  const ran = spawnSync('git', ['-C', edition, ...args], { encoding: 'utf8' });
  expect(ran.status, `git ${args.join(' ')}: ${ran.stderr}`).toBe(0);
  return ran.stdout.trim();
}

describe('the student edition', () => {
  test('holds no solutions nor the tests that prove them, keeps the public suites and the lock file, and says which tests are public', () => {
    for (const path of INSTRUCTOR_ONLY) expect(existsSync(join(edition, path)), path).toBe(false);
    expect(written.left_out).toEqual([...INSTRUCTOR_ONLY]);
    for (const chapter of CHAPTERS) expect(existsSync(join(edition, 'checker', 'suites', chapter.dir)), chapter.dir).toBe(true);
    expect(readFileSync(join(edition, 'package-lock.json'))).toEqual(readFileSync(join(REPO, 'package-lock.json')));
    const scripts = (JSON.parse(readFileSync(join(edition, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test']).toBe(EDITION_TEST_SCRIPT);
    expect(Object.values(scripts).filter((command) => /\b(mutate|bench|solutions|test)\//.test(command))).toEqual([]);
    const readme = readFileSync(join(edition, 'README.md'), 'utf8');
    expect(readme).toContain('| Public | `checker/suites/` |');
    expect(readme).toContain('(`--suites`)');
  });

  test("holds only what a student needs: no instructor path, script, word or solution line in any file it lists", () => {
    const files = git('ls-files').split('\n');
    for (const path of INSTRUCTOR_ONLY) expect(files.filter((file) => file === path || file.startsWith(`${path}/`)), path).toEqual([]);
    const scripts = (JSON.parse(readFileSync(join(edition, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of INSTRUCTOR_SCRIPTS) expect(scripts[name], name).toBeUndefined();
    // Every text a person reads or CI runs: the README, the lessons, the workflows, .ci/run, the package and project files.
    const texts = files.filter((file) => /\.(md|ya?ml|json)$/.test(file) || file === '.ci/run');
    expect(texts).toEqual(expect.arrayContaining(['README.md', '.ci/run', 'package.json', 'tsconfig.json', '.github/workflows/grade.yml']));
    const mentions = texts.flatMap((file) => {
      const text = readFileSync(join(edition, file), 'utf8').toLowerCase();
      return INSTRUCTOR_WORDS.filter((word) => text.includes(word.toLowerCase())).map((word) => `${file}: ${word}`);
    });
    expect(mentions).toEqual([]);
    expect(readFileSync(join(edition, '.ci', 'run'), 'utf8')).toBe(STUDENT_CI);
    // A solution line: a line of solutions/ (40 characters or more, no import) that no starter file holds. None is anywhere in the edition.
    // The committed starters, never the working tree's chapters/, where a learner's edits must not change what is proved.
    const starterLines = new Set(listFiles(committedStarters()).flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line) => line.trim())));
    const solutionLines = new Set(
      listFiles(join(REPO, 'solutions'))
        .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line) => line.trim()))
        .filter((line) => line.length >= 40 && !line.startsWith('import ') && !starterLines.has(line)),
    );
    expect(solutionLines.size).toBeGreaterThan(50);
    const leaked = files.flatMap((file) =>
      readFileSync(join(edition, file), 'utf8').split('\n').flatMap((line, index) => (solutionLines.has(line.trim()) ? [`${file}:${index + 1}`] : [])),
    );
    expect(leaked).toEqual([]);
  });

  test('is a git repository whose one commit holds all of it, the committed starters reset reads among it', () => {
    expect(git('rev-parse', 'HEAD')).toBe(written.first_commit);
    expect(git('rev-list', '--count', 'HEAD')).toBe('1');
    expect(git('symbolic-ref', '--short', 'HEAD')).toBe(EDITION_BRANCH);
    // Everything written is committed: nothing is left untracked or changed (node_modules aside: npm ci makes it a folder,
    // which .gitignore leaves out, and this test links it in instead).
    expect(git('status', '--porcelain', '--', '.', ':!node_modules')).toBe('');
    expect(git('ls-files', 'solutions', 'test')).toBe('');
    const starters = JSON.parse(readFileSync(join(edition, 'checker', 'starters.json'), 'utf8')) as Record<string, Record<string, string>>;
    const blobs = Object.values(starters).flatMap((files) => Object.values(files));
    expect(blobs.length).toBeGreaterThan(0);
    for (const blob of blobs) expect(spawnSync('git', ['-C', edition, 'cat-file', '-e', `${blob}^{blob}`]).status, blob).toBe(0);
  });

  test("a learner's npm run check grades every exercise there with the public suites: the untouched starters fail, nothing is a usage error", () => {
    const { status, stderr, report } = npmRun('check', ['--lang', 'en', '--timeout', GRADING_TIMEOUT], join(work, 'learner.json'));
    expect(status, stderr).toBe(1);
    expect(report!.exercises.map((exercise) => exercise.id)).toEqual(allExercises(CHAPTERS).map(({ exercise }) => exercise.id));
    expect(report!.exercises.flatMap((exercise) => exercise.tests).some((entry) => entry.name.startsWith('[private]'))).toBe(false);
    expect(report!.status).toBe('fail');
  });

  test("the instructor grades the edition, committed as the class gets it, with private suites on top of the public ones", () => {
    // A learner's copy that solved chapter 1: the public suites pass, one private rule of 01/2 does not.
    const dir = chapterDir('01');
    cpSync(join(REPO, 'solutions', dir), join(edition, 'chapters', dir), { recursive: true });
    const suites = join(work, 'private');
    mkdirSync(join(suites, dir), { recursive: true });
    writeFileSync(join(suites, dir, '1-exports.test.ts'), [
      "import { test } from 'vitest';",
      `import * as server from '../../../chapters/${dir}/server.ts';`,
      "test('exports the server class', () => { if (typeof (server as Record<string, unknown>)['MiniServer'] !== 'function') throw new Error('no MiniServer'); });",
      '',
    ].join('\n'));
    writeFileSync(join(suites, dir, '2-strict.test.ts'), "import { test } from 'vitest';\ntest('a private rule nobody meets', () => { throw new Error('private rule broken'); });\n");
    const { status, stdout, stderr, report } = npmRun('check', ['01', '--suites', suites, '--lang', 'en', '--timeout', GRADING_TIMEOUT], join(work, 'instructor.json'));
    expect(status, stderr).toBe(1);
    const statuses = Object.fromEntries(report!.exercises.map((exercise) => [exercise.id, exercise.status]));
    expect(statuses).toEqual({ '01/1': 'pass', '01/2': 'fail', '01/3': 'pass', '01/4': 'pass' });
    const second = report!.exercises.find((exercise) => exercise.id === '01/2')!;
    expect(second.tests.filter((entry) => entry.status !== 'pass').map((entry) => entry.name)).toEqual(['[private] a private rule nobody meets']);
    expect(report!.exercises.find((exercise) => exercise.id === '01/1')!.tests.map((entry) => entry.name)).toContain('[private] exports the server class');
    // Passing exercises point at no solution to compare with: the edition has none.
    expect(stdout).not.toContain('solutions/');
  });

  test("a learner's npm run reset there brings the solved chapter back to its starter, from the edition's own history", () => {
    const dir = chapterDir('01');
    const ran = spawnSync('npm', ['run', '-s', 'reset', '--', '01', '--lang', 'en'], { cwd: edition, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CHECKER_LANG: '', INIT_CWD: '', CHECKER_COURSE: '' } });
    expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    expect(git('status', '--porcelain', '--', `chapters/${dir}`)).toBe('');
  });
});
