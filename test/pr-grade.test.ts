import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../checker/pr/grade-pr.ts';
import { CHAPTERS } from '../checker/course.ts';
import { commitBranch, makeCourseRepo, rewrite, solveChapter } from './support/pr-repo.ts';
import { chapterDir } from './support/fixtures.ts';
import { runTs } from './support/run.ts';

/** The chapter an honest head solves (01) and the one a tampering head forges suites for (02), from the manifest. */
const SOLVED = CHAPTERS.find((chapter) => chapter.id === '01')!;
const FORGED = chapterDir('02');

const work = mkdtempSync(join(tmpdir(), 'batch-grade-pr-'));
/**
 * A temp folder of this file's own for every grade:pr it starts: the forging head below rewrites results files in
 * the temp folder for 20 s, and must not spoil other grade:pr runs on the machine (nor theirs spoil these).
 */
const temp = mkdtempSync(join(tmpdir(), 'batch-grade-pr-temp-'));
const repo = join(work, 'course');
const base = makeCourseRepo(repo);

/** The suites of chapter 02 rewritten to one test that always passes. */
function alwaysPass(root: string): void {
  const dir = join(root, 'checker', 'suites', FORGED);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.test.ts'))) {
    writeFileSync(join(dir, file), "import { test } from 'vitest';\ntest('passes', () => {});\n");
  }
}

const honest = commitBranch(repo, 'honest', base, (root) => solveChapter(root, SOLVED.dir));
const tampering = commitBranch(repo, 'tampering', base, (root) => {
  solveChapter(root, SOLVED.dir);
  alwaysPass(root);
  rewrite(join(root, 'package.json'), (text) => text.replace(/"check": "[^"]*"/, '"check": "echo every exercise passes"'));
  rewrite(join(root, 'checker', 'score.ts'), (text) => `${text}\nprocess.exit(0);\n`);
});

/** Runs grade:pr against the throwaway repository and reads the JSON it wrote. */
function gradePr(head: string, name: string): { status: number | null; stdout: string; report: PullRequestReport } {
  const json = join(work, `${name}.json`);
  const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', 'main', '--head', head, '--json', json, '--lang', 'en'], { env: { TMPDIR: temp } });
  expect(ran.status, ran.stderr).not.toBe(2);
  return { status: ran.status, stdout: ran.stdout, report: JSON.parse(readFileSync(json, 'utf8')) as PullRequestReport };
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(temp, { recursive: true, force: true });
});

describe('grade:pr in a throwaway repository', () => {
  const fair = gradePr(honest, 'honest');
  const forged = gradePr(tampering, 'tampering');

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
      'checker/score.ts',
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

describe('grade:pr against a head that rewrites the results file', () => {
  const forger = [
    "import { spawn as launch } from 'node:child_process';",
    '// Starts a detached process that keeps rewriting every grade:pr results file it finds with a perfect score.',
    'const forgeScript = `',
    "const fs = require('node:fs'); const os = require('node:os'); const path = require('node:path');",
    'const end = Date.now() + 20000;',
    'const timer = setInterval(() => {',
    '  if (Date.now() > end) clearInterval(timer);',
    "  for (const dir of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('mcp-grade-pr-'))) {",
    "    const file = path.join(os.tmpdir(), dir, 'out', 'report.json');",
    '    try {',
    "      const report = JSON.parse(fs.readFileSync(file, 'utf8'));",
    '      if (report.forged) continue;',
    "      for (const exercise of report.exercises) { exercise.status = 'pass'; for (const one of exercise.tests) one.status = 'pass'; }",
    "      report.score = report.max_score; report.status = 'pass'; report.forged = true;",
    "      fs.writeFileSync(file, JSON.stringify(report, null, 2) + '\\\\n');",
    '    } catch {}',
    '  }',
    '}, 2);`;',
    "launch(process.execPath, ['-e', forgeScript], { detached: true, stdio: 'ignore' }).unref();",
    '',
  ].join('\n');
  const forging = commitBranch(repo, 'forging', base, (root) => {
    rewrite(join(root, 'chapters', SOLVED.dir, 'model.ts'), (text) => `${forger}${text}`);
  });
  const json = join(work, 'forging.json');

  test('never yields the forged score: the signature exposes the rewrite, or the honest report was read first', () => {
    // The forger outlives the checker here (in CI the grader user's processes are killed); it stops by itself after
    // 20 s and, with its own temp folder, can spoil no other run meanwhile.
    const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', 'main', '--head', forging, '--json', json, '--lang', 'en'], { env: { TMPDIR: temp } });
    if (ran.status === 2) {
      expect(ran.stderr).toContain('does not match its signature');
      return;
    }
    const report = JSON.parse(readFileSync(json, 'utf8')) as PullRequestReport & { forged?: boolean };
    expect(report.forged).toBeUndefined();
    expect(report.score).toBeLessThan(report.max_score);
  });
});
