/**
 * Adding a chapter takes its folders, one manifest file and one fixtures file, and nothing else. This test adds a
 * tiny chapter `99-probe` to a temporary copy of the repository in exactly that way (plus `npm run starters` and a
 * commit, as docs/maintainers/add-chapter.md's steps say) and proves that check, hint, reset and the course proofs all cover it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeCommittedStarters } from '../checker/course/starters.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/** The probe's lesson in Korean and in English: one exercise section stating the manifest's rule in each language. */
const KO_LESSON = '# 99장. 시험 장\n\n## 연습 문제\n\n### 99/1 두 배 하기\n\n`double`이 받은 값의 두 배를 돌려주게 고친다.\n\n**규칙.** 어떤 수를 받든 그 두 배를 돌려준다.\n';
const EN_LESSON = '# Chapter 99. A probe\n\n## Exercises\n\n### 99/1 Doubling\n\nMake `double` return twice the value it gets.\n\n**Rule.** Whatever number it gets, it returns twice that number.\n';

/** The probe chapter, file by file, relative to the repository root. */
const PROBE: Record<string, string> = {
  'chapters/99-probe/main.ts': [
    "/** A probe chapter: one function to fix, and a program that prints what it computes. */",
    'export function double(value: number): number {',
    '  // TODO(99/1): return twice the value.',
    '  return value;',
    '}',
    '',
    "for (const line of ['시험 장', '하나', '둘', '셋', '넷']) console.log(line);",
    'console.log(`double(21) = ${double(21)}`);',
    '',
  ].join('\n'),
  'chapters/99-probe/README.md': KO_LESSON,
  'chapters/99-probe/README.en.md': EN_LESSON,
  'solutions/99-probe/README.md': KO_LESSON,
  'solutions/99-probe/README.en.md': EN_LESSON,
  'solutions/99-probe/main.ts': [
    "/** A probe chapter: one function to fix, and a program that prints what it computes. */",
    'export function double(value: number): number {',
    '  // Twice the value, for negative numbers too.',
    '  return value * 2;',
    '}',
    '',
    "for (const line of ['시험 장', '하나', '둘', '셋', '넷']) console.log(line);",
    'console.log(`double(21) = ${double(21)}`);',
    '',
  ].join('\n'),
  'checker/suites/99-probe/1-double.test.ts': [
    "import { expect, test } from 'vitest';",
    "import { double } from '../../../chapters/99-probe/main.ts';",
    '',
    "test('doubles 21 to 42', () => {",
    "  expect(double(21), 'double(21) should return 42').toBe(42);",
    '});',
    '',
    "test('doubles a negative number', () => {",
    "  expect(double(-3), 'double(-3) should return -6').toBe(-6);",
    '});',
    '',
  ].join('\n'),
  'checker/manifest/99-probe.ts': [
    "import type { ChapterEntry } from './types.ts';",
    '',
    '/** A probe chapter added by test/add-chapter.test.ts. */',
    'export const chapter: ChapterEntry = {',
    "  id: '99',",
    "  dir: '99-probe',",
    "  title: { ko: '시험 장', en: 'Probe chapter' },",
    '  exercises: [',
    '    {',
    "      id: '99/1',",
    "      title: { ko: '두 배 하기', en: 'Doubling' },",
    "      hint: { ko: '받은 값의 두 배를 돌려주라.', en: 'Return twice the value you get.' },",
    "      rule: { ko: '어떤 수를 받든 그 두 배를 돌려준다.', en: 'Whatever number it gets, it returns twice that number.' },",
    "      suite: '1-double.test.ts',",
    "      todo: { file: 'main.ts' },",
    "      tests: { 'doubles 21 to 42': '21을 42로 만든다', 'doubles a negative number': '음수도 두 배로 만든다' },",
    '    },',
    '  ],',
    '};',
    '',
  ].join('\n'),
  'test/fixtures/99-probe.ts': [
    "import type { ChapterOutput, Fixture } from './types.ts';",
    '',
    '/** What the probe prints, and what the solution changes in it. */',
    'export const output: ChapterOutput = {',
    "  starter: ['시험 장', '하나', '둘', '셋', '넷', 'double(21) = 21'],",
    "  solved: [['double(21) = 21', 'double(21) = 42']],",
    '};',
    '',
    '/** Wrong answers for the probe. */',
    'export const fixtures: Fixture[] = [',
    "  { exercise: '99/1', name: 'adds-two', why: 'Adds 2 instead of doubling.', edits: [{ file: 'main.ts', find: 'return value * 2;', replace: 'return value + 2;' }], fails: ['doubles 21 to 42', 'doubles a negative number'] },",
    "  { exercise: '99/1', name: 'drops-the-sign', why: 'Doubles the absolute value.', edits: [{ file: 'main.ts', find: 'return value * 2;', replace: 'return Math.abs(value) * 2;' }], fails: ['doubles a negative number'] },",
    '];',
    '',
  ].join('\n'),
};

/** What a finished command left behind. */
interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The environment for commands in the copy: this run's vitest settings removed, Korean unless asked. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CHECKER_LANG: '' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_OPTIONS') delete env[key];
  return env;
}

/** Runs a command in the copy and waits for it. */
function run(cwd: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Ran {
  const ran = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 480_000, maxBuffer: 64 * 1024 * 1024, env: { ...cleanEnv(), ...env } });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

/**
 * Runs an npm script of the copy as `npm run` does, without npm's own start: the script's line from the copy's
 * package.json with `args` appended, through `sh -c`, with node_modules/.bin on PATH and INIT_CWD set to the copy.
 * So each command is the documented one; `npm run check` below goes through npm itself, proving that wiring too.
 */
function script(cwd: string, name: string, args: readonly string[] = []): Ran {
  const line = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[name];
  if (line === undefined) throw new Error(`package.json has no script ${name}`);
  const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`);
  return run(cwd, 'sh', ['-c', [line, ...quoted].join(' ')], { PATH: `${join(cwd, 'node_modules', '.bin')}${delimiter}${process.env['PATH'] ?? ''}`, INIT_CWD: cwd });
}

/** Runs git in the copy with a fixed identity; throws when it fails. */
function git(cwd: string, ...args: string[]): string {
  const ran = run(cwd, 'git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args]);
  if (ran.status !== 0) throw new Error(`git ${args.join(' ')}: ${ran.stderr}`);
  return ran.stdout;
}

/**
 * A cheap copy of the repository as committed to git: the tracked files of HEAD, the working tree's checker/, test/
 * and solutions/ over them (so the code under test is this run's), chapter folders holding the committed starters
 * that checker/starters.json names (never a learner's work), node_modules as a link, and a git history of its own,
 * which reset reads starters from.
 */
function repositoryCopy(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'add-chapter-')), 'course');
  mkdirSync(root);
  const archive = spawnSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: REPO, maxBuffer: 256 * 1024 * 1024 });
  if (archive.status !== 0) throw new Error(`git archive: ${archive.stderr.toString()}`);
  const untar = spawnSync('tar', ['-x', '-C', root], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr.toString()}`);
  for (const path of ['checker', 'test', 'solutions', 'README.md', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
    cpSync(join(REPO, path), join(root, path), { recursive: true });
  }
  for (const entry of readdirSync(join(root, 'chapters'), { withFileTypes: true })) {
    if (entry.isDirectory()) rmSync(join(root, 'chapters', entry.name), { recursive: true });
  }
  writeCommittedStarters(join(root, 'chapters'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  git(root, 'init', '-q', '-b', 'main');
  writeFileSync(join(root, '.git', 'info', 'exclude'), 'node_modules\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'course');
  return root;
}

/** The line of the probe's TODO in its starter. */
const TODO_LINE = PROBE['chapters/99-probe/main.ts']!.split('\n').findIndex((line) => line.includes('TODO(99/1)')) + 1;

/** The vitest JSON report of the course proofs run in the copy: every test's full name and status. */
interface VitestJson {
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

describe('a chapter added with its folders, one manifest file and one fixtures file', () => {
  let root: string;
  let starters: Ran;
  afterAll(() => {
    if (root) rmSync(dirname(root), { recursive: true, force: true });
  });
  // The copy is made and the chapter added before the tests, never while the file loads (the copy needs git).
  beforeAll(() => {
    root = repositoryCopy();
    for (const [file, text] of Object.entries(PROBE)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    starters = script(root, 'starters');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'add the probe chapter');
  });

  test('npm run starters records it after the committed starters, recorded exactly as checker/starters.json has them, so reset can restore it', () => {
    expect(starters.status, starters.stderr).toBe(0);
    const text = readFileSync(join(root, 'checker', 'starters.json'), 'utf8');
    const recorded = JSON.parse(text) as Record<string, Record<string, string>>;
    expect(Object.keys(recorded['99-probe'] ?? {})).toEqual(['README.en.md', 'README.md', 'main.ts']);
    // The real course's starters, recorded again from its committed starters: checker/starters.json is current.
    const committed = JSON.parse(readFileSync(join(REPO, 'checker', 'starters.json'), 'utf8')) as Record<string, Record<string, string>>;
    expect(text).toBe(`${JSON.stringify({ ...committed, '99-probe': recorded['99-probe'] }, null, 2)}\n`);
  });

  test('npm run check -- 99 fails on the starter with exit 1, naming the TODO', () => {
    const ran = run(root, 'npm', ['run', '-s', 'check', '--', '99', '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stdout + ran.stderr).toBe(1);
    expect(ran.stdout).toContain('99/1 Doubling');
    expect(ran.stdout).toContain(`chapters/99-probe/main.ts:${TODO_LINE}`);
  });

  test('npm run check -- 99 --target solutions passes', () => {
    const ran = script(root, 'check', ['99', '--target', 'solutions', '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stdout).toContain('99/1 Doubling');
  });

  test('npm run hint -- 99 shows its hint and where its TODO is', () => {
    const ran = script(root, 'hint', ['99', '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('Return twice the value you get.');
    expect(ran.stdout).toContain(`chapters/99-probe/main.ts:${TODO_LINE}`);
    expect(ran.stdout).toContain('Lesson: chapters/99-probe/README.en.md, "99/1 Doubling"');
  });

  test('npm run reset -- 99 backs up the learner\'s work and restores the committed starter', () => {
    const file = join(root, 'chapters', '99-probe', 'main.ts');
    writeFileSync(file, '// my work in progress\n');
    const ran = script(root, 'reset', ['99']);
    expect(ran.status, ran.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(PROBE['chapters/99-probe/main.ts']);
    const backups = readdirSync(join(root, '.backups')).filter((name) => name.startsWith('99-probe-'));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(root, '.backups', backups[0]!, 'main.ts'), 'utf8')).toBe('// my work in progress\n');
  });

  test('the repository type-checks with it: npm run typecheck takes its hidden suite (against the committed starter), and npm run typecheck:chapters its starter', () => {
    // One full run: --listFiles (unlike --listFilesOnly) type-checks too, and names every file it checked.
    const ran = script(root, 'typecheck', ['--listFiles']);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stdout).toContain('./checker/suites/99-probe/1-double.test.ts');
    const chapters = script(root, 'typecheck:chapters', ['--listFilesOnly']);
    expect(chapters.status, chapters.stdout + chapters.stderr).toBe(0);
    expect(chapters.stdout).toContain(join(root, 'chapters', '99-probe', 'main.ts'));
  });

  test('the course proofs cover it: outputs, TODOs, suite names, and the hidden suite both ways with its wrong answers', () => {
    const out = join(root, '..', 'proofs.json');
    const files = ['test/chapters.test.ts', 'test/course.test.ts', 'test/exercises.test.ts', 'test/lesson-parity.test.ts'];
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    run(root, process.execPath, [vitest, 'run', ...files, '--reporter=json', `--outputFile=${out}`], { COURSE_CHAPTERS: '99' });
    expect(existsSync(out), 'vitest wrote no report').toBe(true);
    const report = JSON.parse(readFileSync(out, 'utf8')) as VitestJson;
    const results = report.testResults.flatMap((file) => file.assertionResults);
    const status = (name: string) => results.find((result) => result.fullName === name)?.status;

    const chapter = results.filter((result) => result.fullName.startsWith('chapter 99-probe '));
    expect(chapter.map((result) => result.fullName.slice('chapter 99-probe '.length)).sort()).toEqual([
      'each exercise has exactly one TODO in the starter, where the manifest says, and none in the solution',
      'files without a TODO are the same in the recorded starter and the solution',
      'starter and solution hold the same files',
      "the manifest lists exactly the tests each hidden suite declares",
      'the recorded starter output is the seed\'s expected output, byte for byte',
      'the solution prints it with the solved exercises\' changes',
      'the untouched starter prints exactly the recorded output',
    ]);
    // The probe has no seed chapter, so the seed comparison is skipped for it, visibly; everything else ran and passed.
    const seedTest = 'chapter 99-probe the recorded starter output is the seed\'s expected output, byte for byte';
    expect(chapter.filter((result) => result.fullName === seedTest).map((result) => result.status)).toEqual(['skipped']);
    expect(chapter.filter((result) => result.fullName !== seedTest && result.status !== 'passed')).toEqual([]);

    for (const name of ['passes on the solution', 'fails on the untouched starter', 'has at least two wrong-answer fixtures']) {
      expect(status(`hidden suite of 99/1 ${name}`), name).toBe('passed');
    }
    for (const fixture of ['adds-two', 'drops-the-sign']) {
      expect(status(`hidden suite of 99/1 fails on the wrong answer ${fixture}, for its stated reason`), fixture).toBe('passed');
    }
    expect(results.some((result) => result.fullName.startsWith('hidden suite of 01/')), 'COURSE_CHAPTERS=99 proves chapter 99 alone').toBe(false);
    // Its two lessons are compared like every chapter's, found from its manifest alone.
    expect(results.filter((result) => result.fullName.startsWith('lesson 99-probe ')).map((result) => [result.fullName, result.status])).toEqual([
      ['lesson 99-probe chapters/: README.md and README.en.md teach the same lesson', 'passed'],
      ['lesson 99-probe solutions/: README.md and README.en.md teach the same lesson', 'passed'],
    ]);

    // The README's chapter table is prose a course author updates by hand; its check must notice the new chapter.
    const table = results.find((result) => result.fullName === 'the README chapter table lists exactly the chapters that exist, in order');
    expect(table?.status).toBe('failed');
    expect(table?.failureMessages.join('\n')).toContain('99-probe');
    const failed = results.filter((result) => result.status !== 'passed' && result.status !== 'skipped' && result !== table);
    expect(failed.map((result) => `${result.fullName}: ${result.failureMessages.join('\n')}`)).toEqual([]);
  });
});
