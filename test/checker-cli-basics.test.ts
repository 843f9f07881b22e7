import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { parseGradeArgs } from '../checker/class/args.ts';
import { readCheckerCommandLine } from '../checker/commands/learner/args.ts';
import { runCheck } from '../checker/commands/learner/check.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { parsePrArgs } from '../checker/pr/args.ts';
import { readCommandLine } from '../checker/usage/prologue.ts';
import { FIXTURE_SOLUTIONS, fixtureChecker, fixtureTs } from './support/course.ts';
import { inProcess } from './support/in-process.ts';
import { GRADING_TIMEOUT, REPO, checker, runTs } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * One process per entry point and exit code: the texts themselves (every command's --help in both languages, each
 * option error) are rendered in-process by test/unit/checker/usage/help.test.ts. The other proofs here run, in this
 * process, the same opening the entry point runs: readCommandLine with the command's topic and parser (class/cli.ts,
 * pr/cli.ts), readCheckerCommandLine and the command's run function (checker/cli.ts).
 */

/** What class/cli.ts answers for its command line before it grades anything. */
const gradeLine = (argv: readonly string[]) => inProcess(() => readCommandLine(argv, 'grade', (words) => parseGradeArgs(words, { CHECKER_LANG: '' }), { CHECKER_LANG: '' }).exitCode ?? -1);
/** What pr/cli.ts answers for its command line before it grades anything. */
const prLine = (argv: readonly string[]) => inProcess(() => readCommandLine(argv, 'grade:pr', (words) => parsePrArgs(words, { CHECKER_LANG: '' }), { CHECKER_LANG: '' }).exitCode ?? -1);

/** `npm run check -- …` in this process, as checker/cli.ts runs it: its reading of the command line, then runCheck. */
function checkHere(argv: readonly string[], env: NodeJS.ProcessEnv = { CHECKER_LANG: '' }): Promise<Ran> {
  return inProcess(() => {
    const line = readCheckerCommandLine(['check', ...argv], env);
    return line.exitCode !== undefined ? line.exitCode : runCheck(line.args);
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('--help and -h', () => {
  test('npm run check -- --help works through npm and exits 0', () => {
    const ran = spawnSync('npm', ['run', '-s', 'check', '--', '--help', '--lang', 'en'], { cwd: REPO, encoding: 'utf8', env: { ...process.env, CHECKER_LANG: '' } });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^Usage:/);
    expect(ran.stdout).toContain('npm run check -- [01 | 01/3 ...]');
  });

  test('grade prints its usage in Korean by default, and grade:pr in English with -h --lang en; both exit 0', async () => {
    const grade = await gradeLine(['--help']);
    expect(grade.status, grade.stderr).toBe(0);
    expect(grade.stdout).toMatch(/^사용법:/);
    expect(grade.stdout).toContain('npm run grade --');
    const pr = await prLine(['-h', '--lang', 'en']);
    expect(pr.status, pr.stderr).toBe(0);
    expect(pr.stdout).toMatch(/^Usage:/);
    expect(pr.stdout).toContain('npm run grade:pr --');
  });
});

describe('option errors speak the chosen language', () => {
  let submissions: string;
  beforeAll(() => {
    submissions = mkdtempSync(join(tmpdir(), 'cli-basics-class-'));
  });
  // The process for check and grade:pr; grade's exit 2 for --out inside the submissions runs as a process in test/class-grade.test.ts.
  test.each([
    ['check --lang', async () => checker(['check', '--lang', 'fr']), /--lang은 ko 또는 en/],
    ['--out inside the submissions', () => gradeLine([submissions, '--out', join(submissions, 'book')]), /--out 폴더.*제출물 폴더 밖/],
    ['grade:pr without --base', async () => runTs('checker/pr/cli.ts', ['--head', 'HEAD']), /--base REF와 --head REF가 모두 필요하다/],
  ])('%s: Korean by default, exit 2, with the usage line', async (_name, run, korean) => {
    const ran = await run();
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(korean);
    expect(ran.stderr).toMatch(/사용법:\nnpm run /);
    expect(ran.stderr).not.toMatch(/must be|needs a value|unknown option|required/);
  });

  test('a bad signing key for the signed check is refused in Korean too', () => {
    const ran = runTs('checker/signed/signed-check.ts', ['--json', join(submissions, 'x.json'), '--shown-as', 'chapters'], { input: 'not a key\n' });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('16진수 64자리 키');
    expect(ran.stderr).not.toMatch(/must be|needs a value|unknown option|required/);
  });

  test.each([
    ['ko', [], '알 수 없는 옵션: --sign'],
    ['en', ['--lang', 'en'], 'Unknown option: --sign'],
  ])('check --sign is an unknown option, as to any learner (%s): only the signed check signs', async (_lang, extra, said) => {
    const json = join(mkdtempSync(join(tmpdir(), 'cli-basics-sign-')), 'never-written.json');
    const ran = await checkHere(['--sign', '--json', json, ...extra]);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain(said);
    expect(ran.stderr).toContain('npm run check --');
    expect(existsSync(json)).toBe(false);
  });

  test('and English with CHECKER_LANG=en, exit 2', async () => {
    // Read from this process's environment, as checker/cli.ts reads its own (readCheckerCommandLine's default).
    vi.stubEnv('CHECKER_LANG', 'en');
    const bogus = await inProcess(() => readCheckerCommandLine(['check', '--bogus']).exitCode ?? -1);
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toContain('Unknown option: --bogus');
    expect(bogus.stderr).toContain('npm run check --');
  });
});

describe('a target with no chapter folders', () => {
  test.each([['ko', /\/etc에 장 폴더가 없다/], ['en', /\/etc holds no chapter folders/]])('is a usage error in %s: exit 2 and one line saying what was expected', async (lang, wanted) => {
    // No chapter folder of npm's starting folder may narrow the check (chapterHere reads INIT_CWD).
    vi.stubEnv('INIT_CWD', '');
    const ran = await checkHere(['--target', '/etc', '--lang', lang]);
    expect(ran.status).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr.trim().split('\n')).toHaveLength(1);
    expect(ran.stderr).toMatch(wanted);
    expect(ran.stderr).toContain(CHAPTERS[0]!.dir);
  });

  test('an empty chapters folder is still a course copy: it grades, scoring nothing', () => {
    const empty = join(mkdtempSync(join(tmpdir(), 'cli-basics-empty-')), 'chapters');
    mkdirSync(empty);
    expect(fixtureChecker(['check', '01/1', '--target', empty, '--quiet', '--timeout', GRADING_TIMEOUT]).status).toBe(1);
  });
});

describe('instructor output stays out of the repository', () => {
  test('grade without --out writes under ~/mcp-gradebooks, never into the repository', () => {
    const home = mkdtempSync(join(tmpdir(), 'cli-basics-home-'));
    const submissions = mkdtempSync(join(tmpdir(), 'cli-basics-class-'));
    cpSync(FIXTURE_SOLUTIONS, join(submissions, 'kim', 'chapters'), { recursive: true });
    const before = readdirSync(REPO);
    const ran = fixtureTs('checker/class/cli.ts', [submissions, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { env: { HOME: home }, timeoutMs: 900_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const [book] = readdirSync(join(home, 'mcp-gradebooks'));
    expect(book).toMatch(/^gradebook-\d{8}-\d{6}$/);
    expect(existsSync(join(home, 'mcp-gradebooks', book!, 'gradebook.csv'))).toBe(true);
    expect(readdirSync(REPO).filter((name) => !before.includes(name))).toEqual([]);
  });

  test('.gitignore keeps gradebooks and reset backups out of commits', () => {
    const ran = spawnSync('git', ['check-ignore', '--no-index', 'gradebook-20261130-101010/gradebook.csv', '.backups/01-mini-mcp-20261130-101010/server.ts'], { cwd: REPO, encoding: 'utf8' });
    expect(ran.stdout.trim().split('\n')).toHaveLength(2);
  });
});
