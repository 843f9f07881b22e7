import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../checker/pr/grade-pr.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { commitBranch, makeCourseRepo, rewrite, solveChapter } from './support/pr-repo.ts';
import { chapterDir } from './support/chapters.ts';
import { GRADING_TIMEOUT, runTs } from './support/run.ts';

/** The chapter an honest head solves (01) and the one a tampering head forges suites for (02), from the manifest. */
const SOLVED = CHAPTERS.find((chapter) => chapter.id === '01')!;
const FORGED = chapterDir('02');

// Everything below is built in beforeAll, never while the file loads, so listing the tests starts no git and grades nothing.
let work: string;
/**
 * A temp folder of this file's own for every grade:pr it starts: should the sandbox ever let the forging head below
 * start its process, that process rewrites results files in the temp folder for 20 s, and must spoil no other run.
 */
let temp: string;
let repo: string;
let base: string;

/** The suites of chapter 02 rewritten to one test that always passes. */
function alwaysPass(root: string): void {
  const dir = join(root, 'checker', 'suites', FORGED);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.test.ts'))) {
    writeFileSync(join(dir, file), "import { test } from 'vitest';\ntest('passes', () => {});\n");
  }
}

/** Removes every chapter of a head but the given ones (the rest is reported missing, and grading it costs nothing). */
function keepChapters(root: string, kept: readonly string[]): void {
  for (const chapter of CHAPTERS) if (!kept.includes(chapter.dir)) rmSync(join(root, 'chapters', chapter.dir), { recursive: true, force: true });
}

/** Leaves chapter 1 alone in a head: the reading and forging heads plant code there only, so nothing else of them needs grading (the rest is reported missing). */
function chapterOneOnly(root: string): void {
  keepChapters(root, [SOLVED.dir]);
}

/**
 * Leaves the solved chapter and the forged one in a head: the honest and tampering heads are compared on what they
 * solve (chapter 1) and on the chapter whose suites the tampering head forges (an untouched starter, which passes
 * only if those suites are used). The later chapters' starters fail under either head and no assertion reads them,
 * so they are left out rather than graded twice.
 */
function solvedAndForgedOnly(root: string): void {
  keepChapters(root, [SOLVED.dir, FORGED]);
}

let honest: string;
let tampering: string;

/** A file outside the repository whose content must never reach the results: a head imports it as text. */
let secret: string;
const marker = `TOPSECRET-${process.pid}`;
let reading: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'batch-grade-pr-'));
  temp = mkdtempSync(join(tmpdir(), 'batch-grade-pr-temp-'));
  repo = join(work, 'course');
  base = makeCourseRepo(repo);
  honest = commitBranch(repo, 'honest', base, (root) => {
    solveChapter(root, SOLVED.dir);
    solvedAndForgedOnly(root);
  });
  tampering = commitBranch(repo, 'tampering', base, (root) => {
    solveChapter(root, SOLVED.dir);
    solvedAndForgedOnly(root);
    alwaysPass(root);
    rewrite(join(root, 'package.json'), (text) => text.replace(/"check": "[^"]*"/, '"check": "echo every exercise passes"'));
    rewrite(join(root, 'checker', 'grading', 'score.ts'), (text) => `${text}\nprocess.exit(0);\n`);
  });
  secret = join(work, 'secret.txt');
  writeFileSync(secret, marker);
  reading = commitBranch(repo, 'reading', base, (root) => {
    solveChapter(root, SOLVED.dir);
    chapterOneOnly(root);
    rewrite(join(root, 'chapters', SOLVED.dir, 'model.ts'), (text) => `// @ts-nocheck\nimport leaked from ${JSON.stringify(`${secret}?raw`)};\nthrow new Error(String(leaked));\n${text}`);
  });
});

/** What grade:pr exited with, printed and wrote as JSON. */
type Graded = { status: number | null; stdout: string; report: PullRequestReport };

/** Runs grade:pr against the throwaway repository and reads the JSON it wrote. */
function gradePr(head: string, name: string, extra: readonly string[] = []): Graded {
  const json = join(work, `${name}.json`);
  const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', 'main', '--head', head, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT, ...extra], { env: { TMPDIR: temp } });
  expect(ran.status, ran.stderr).not.toBe(2);
  return { status: ran.status, stdout: ran.stdout, report: JSON.parse(readFileSync(json, 'utf8')) as PullRequestReport };
}

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('grade:pr and a head that reads a file outside its copy', () => {
  let read: Graded;
  beforeAll(() => {
    read = gradePr(reading, 'reading');
  });

  test("the read is refused as the learner's error, naming the file, and its content reaches no result", () => {
    const exercise = read.report.exercises.find((entry) => entry.id === `${SOLVED.id}/2`)!;
    expect(exercise.status).toBe('error');
    expect(exercise.message).toContain(`Tried to read outside the sandbox: ${secret}?raw`);
    expect(JSON.stringify(read.report) + read.stdout).not.toContain(marker);
  });
});

describe('grade:pr in a throwaway repository', () => {
  let fair: Graded;
  let forged: Graded;
  beforeAll(() => {
    fair = gradePr(honest, 'honest');
    forged = gradePr(tampering, 'tampering');
  });

  test('a head that solves chapter 1 gets chapter 1 and nothing else, with no tampered paths', () => {
    const passed = fair.report.exercises.filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id);
    expect(passed).toEqual(SOLVED.exercises.map((exercise) => exercise.id));
    expect(fair.report.tampered).toEqual([]);
    expect(fair.report.base).toBe(base);
    expect(fair.report.head).toBe(honest);
    expect(fair.status).toBe(1);
    const unsolved = CHAPTERS.find((chapter) => chapter.dir === FORGED)!.exercises[0]!;
    const shown = fair.report.exercises.find((exercise) => exercise.id === unsolved.id)?.todo;
    expect(shown).toMatch(new RegExp(`^chapters/${FORGED}/${unsolved.todo.file.replaceAll('.', '\\.')}:\\d+$`));
  });

  test('rewriting suites, package.json scripts and the checker does not change the score', () => {
    expect(forged.report.score).toBe(fair.report.score);
    expect(forged.report.max_score).toBe(fair.report.max_score);
    expect(forged.report.exercises.map((exercise) => exercise.status)).toEqual(fair.report.exercises.map((exercise) => exercise.status));
    expect(forged.status).toBe(fair.status);
  });

  test('lists every changed path outside chapters/ as tampered and warns about it', () => {
    expect(forged.report.tampered).toEqual([
      'checker/grading/score.ts',
      ...readdirSync(join(repo, 'checker', 'suites', FORGED)).filter((name) => name.endsWith('.test.ts')).map((name) => `checker/suites/${FORGED}/${name}`).sort(),
      'package.json',
    ]);
    expect(forged.stdout).toMatch(/WARNING: this pull request changes 6 paths outside chapters\//);
    expect(forged.stdout).toContain('"package.json"');
  });

  test('a head that deletes chapters/ scores zero instead of failing to grade', () => {
    const gone = commitBranch(repo, 'no-chapters', base, (root) => rmSync(join(root, 'chapters'), { recursive: true }));
    const { report } = gradePr(gone, 'no-chapters');
    expect(report.score).toBe(0);
    expect(report.exercises.every((exercise) => exercise.status === 'error')).toBe(true);
  });
});

describe('grade:pr against a head whose code tries to start a process that rewrites the results file', () => {
  const forger = [
    "import { spawn as launch } from 'node:child_process';",
    '// Tries to start a detached process that would keep rewriting every grade:pr results file it finds with a perfect score.',
    'const forgeScript = `',
    "const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');",
    'const end = Date.now() + 20000;',
    'const timer = setInterval(() => {',
    '  if (Date.now() > end) clearInterval(timer);',
    "  for (const dir of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('mcp-grade-pr-'))) {",
    "    const file = path.join(os.tmpdir(), dir, 'out', 'report.json');",
    '    try {',
    "      const report = JSON.parse(fs.readFileSync(file, 'utf8'));",
    "      for (const exercise of report.exercises) { exercise.status = 'pass'; for (const one of exercise.tests) one.status = 'pass'; }",
    "      report.score = report.max_score; report.status = 'pass';",
    "      fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\\\\n');",
    '    } catch {}',
    '  }',
    '}, 2);`;',
    "launch(process.execPath, ['-e', forgeScript], { detached: true, stdio: 'ignore' }).unref();",
    '',
  ].join('\n');
  let status: number | null;
  let report: PullRequestReport;
  beforeAll(() => {
    // Chapter 1 solved and alone, with the forger planted in model.ts: the exercises that load it are the ones it costs.
    const forging = commitBranch(repo, 'forging', base, (root) => {
      solveChapter(root, SOLVED.dir);
      chapterOneOnly(root);
      rewrite(join(root, 'chapters', SOLVED.dir, 'model.ts'), (text) => `${forger}${text}`);
    });
    ({ status, report } = gradePr(forging, 'forging'));
  });
  const byId = (id: string) => report.exercises.find((exercise) => exercise.id === id)!;

  test('the attempt is refused by the sandbox and reported on the exercises that load the file', () => {
    for (const id of ['01/2', '01/3']) {
      expect(byId(id).status, id).toBe('error');
      expect(byId(id).message, id).toMatch(/Tried to start a child process/);
    }
  });

  test('the score is the honest one: the rest of chapter 1 passes, nothing else does, and no rewrite got in', () => {
    const passed = report.exercises.filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id);
    expect(passed).toEqual(['01/1', '01/4']);
    expect(report.score).toBe(passed.reduce((sum, id) => sum + byId(id).max_points, 0));
    expect(report.score).toBeLessThan(report.max_score);
    expect(status).toBe(1);
  });
});

describe('grade:pr --suites: the instructor\'s private suites on top of the base\'s public ones', () => {
  let suites: string;
  let status: number | null;
  let report: PullRequestReport;
  let plain: Graded;
  beforeAll(() => {
    const solved = commitBranch(repo, 'private-suites', base, (root) => {
      solveChapter(root, SOLVED.dir);
      chapterOneOnly(root);
    });
    suites = join(work, 'private');
    mkdirSync(join(suites, SOLVED.dir), { recursive: true });
    writeFileSync(join(suites, SOLVED.dir, '1-exports.test.ts'), [
      "import { test } from 'vitest';",
      `import * as server from '../../../chapters/${SOLVED.dir}/server.ts';`,
      "test('exports the server class', () => { if (typeof (server as Record<string, unknown>)['MiniServer'] !== 'function') throw new Error('no MiniServer'); });",
      '',
    ].join('\n'));
    writeFileSync(join(suites, SOLVED.dir, '2-strict.test.ts'), "import { test } from 'vitest';\ntest('a private rule nobody meets', () => { throw new Error('private rule broken'); });\n");
    ({ status, report } = gradePr(solved, 'private-suites', ['--suites', suites]));
    plain = gradePr(solved, 'public-suites');
  });
  const byId = (id: string) => report.exercises.find((exercise) => exercise.id === id)!;

  test('a head that passes the public suites of chapter 1 fails the exercise whose private rule it breaks, and passes the one whose private rule it meets', () => {
    expect(byId('01/2').status).toBe('fail');
    expect(byId('01/2').tests.filter((entry) => entry.status !== 'pass').map((entry) => entry.name)).toEqual(['[private] a private rule nobody meets']);
    expect(byId('01/1').status).toBe('pass');
    expect(byId('01/1').tests.map((entry) => entry.name)).toContain('[private] exports the server class');
    expect(status).toBe(1);
  });

  test('without --suites the same head is graded by the public suites alone: chapter 1 passes, and no private test is run', () => {
    const passed = plain.report.exercises.filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id);
    expect(passed).toEqual(SOLVED.exercises.map((exercise) => exercise.id));
    expect(plain.report.exercises.flatMap((exercise) => exercise.tests).some((entry) => entry.name.startsWith('[private] '))).toBe(false);
  });

  test('a base whose starters cannot be read from git is refused with a sentence naming why, not a stack, and nothing is graded', () => {
    const broken = commitBranch(repo, 'base-lost-starter', base, (root) => {
      rewrite(join(root, 'checker', 'starters.json'), (text) => text.replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`));
    });
    const json = join(work, 'lost-starter.json');
    const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', broken, '--head', broken, '--json', json, '--lang', 'en', '--suites', suites], { env: { TMPDIR: temp } });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('--suites: private suites are type-checked against the committed starters');
    expect(ran.stderr).toContain(`the git history lacks the blob of ${SOLVED.dir}/`);
    expect(ran.stderr).not.toMatch(/StarterReadError|\n\s+at /);
    expect(existsSync(json)).toBe(false);
  });
});
