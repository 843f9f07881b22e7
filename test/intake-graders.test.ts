import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import type { PullRequestReport } from '../checker/pr/grade-pr.ts';
import { tamperedPaths } from '../checker/pr/grade-pr.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { FIXTURE_ENV, FIXTURE_SOLUTIONS, fixtureChecker } from './support/course.ts';
import { commitBranch, makeCourseRepo, solveChapter } from './support/pr-repo.ts';
import { runAutograder } from './support/gradescope.ts';
import { GRADING_TIMEOUT, REPO, runTs } from './support/run.ts';

/**
 * A link is never followed by `check --target`, by Gradescope's path or by `grade:pr` (the class grader's own cases
 * are in intake-class.test.ts): each attack points at a solved copy elsewhere on the grading machine, beside an honest
 * submission graded the same way, so an attack that is followed shows as full marks.
 */
let work: string;
let elsewhere: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'intake-graders-'));
  elsewhere = join(work, 'elsewhere');
  cpSync(FIXTURE_SOLUTIONS, join(elsewhere, 'chapters'), { recursive: true });
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs check --target on the fixture course and reads its JSON report (null when none was written). */
function check(target: string, name: string): { status: number | null; stderr: string; report: Report | null } {
  const json = join(work, `${name}.json`);
  const ran = fixtureChecker(['check', '--target', target, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
  let report: Report | null = null;
  try {
    report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  } catch {
    report = null;
  }
  return { status: ran.status, stderr: ran.stderr, report };
}

describe('check --target never follows a link below the folder named', () => {
  let honest: string;
  let nested: string;
  let linked: string;
  beforeAll(() => {
    honest = join(work, 'check-honest');
    cpSync(FIXTURE_SOLUTIONS, join(honest, 'chapters'), { recursive: true });
    nested = join(work, 'check-nested', 'chapters');
    mkdirSync(nested, { recursive: true });
    symlinkSync(join(elsewhere, 'chapters'), join(nested, 'chapters'));
    linked = join(work, 'check-linked');
    mkdirSync(linked);
    symlinkSync(join(elsewhere, 'chapters'), join(linked, 'chapters'));
  });

  test('the honest copy gets full marks', () => {
    const ran = check(honest, 'check-honest');
    expect(ran.report?.score, ran.stderr).toBe(ran.report?.max_score);
  });

  test('a chapters folder holding only `chapters -> a solved copy` scores 0 and names the link', () => {
    const ran = check(nested, 'check-nested');
    expect(ran.report?.score).toBe(0);
    expect(ran.stderr).toContain(`a link at ${join(nested, 'chapters')}, not graded`);
  });

  test('a copy whose chapters/ is a link is no course: exit 2, the link named', () => {
    const ran = check(linked, 'check-linked');
    expect(ran.status).toBe(2);
    expect(ran.report).toBeNull();
    expect(ran.stderr).toContain(`a link at ${join(linked, 'chapters')}, not graded`);
  });
});

/** Runs run_autograder without privileges against a fake /autograder whose submission `fill` builds, on the fixture course (test/support/gradescope.ts). */
function gradescope(name: string, fill: (submission: string) => void): Record<string, unknown> {
  return runAutograder(join(work, `gs-${name}`), fill, FIXTURE_ENV).results;
}

describe("Gradescope's path never follows a link in the upload (a GitHub-repository submission keeps its links)", () => {
  test('the honest upload gets full marks; `chapters -> a solved copy` and a linked wrapper score 0, each link named', () => {
    const honest = gradescope('honest', (submission) => cpSync(FIXTURE_SOLUTIONS, join(submission, 'chapters'), { recursive: true }));
    const tests = honest['tests'] as { max_score: number }[];
    expect(honest['score']).toBe(tests.reduce((sum, entry) => sum + entry.max_score, 0));
    const linked = gradescope('linked', (submission) => symlinkSync(join(elsewhere, 'chapters'), join(submission, 'chapters')));
    expect(linked['score']).toBe(0);
    expect(String(linked['output'])).toContain('a link at chapters, not graded');
    const wrapped = gradescope('wrapped', (submission) => symlinkSync(elsewhere, join(submission, 'mcp-ts-workshop-main')));
    expect(wrapped['score']).toBe(0);
    expect(String(wrapped['output'])).toContain('a link at mcp-ts-workshop-main, not graded');
    const inside = gradescope('inside', (submission) => {
      mkdirSync(join(submission, 'chapters'));
      symlinkSync(join(elsewhere, 'chapters'), join(submission, 'chapters', 'chapters'));
    });
    expect(inside['score']).toBe(0);
    expect(String(inside['output'])).toContain('a link at chapters/chapters, not graded');
  });
});

describe('grade:pr: a link or mode change anywhere in the head is tampering, and is never followed', () => {
  const first = CHAPTERS.find((chapter) => chapter.id === '01')!;
  let repo: string;
  let base: string;
  let honest: string;
  let linking: string;
  let executable: string;
  let submodule: string;
  let deepLink: string;
  beforeAll(() => {
    repo = join(work, 'course');
    base = makeCourseRepo(repo);
    /** A copy of chapter 1's solution elsewhere on the grading machine. */
    const solved = join(work, 'solved');
    cpSync(join(REPO, 'solutions', first.dir), join(solved, first.dir), { recursive: true });
    const removeChapters = (root: string, kept: readonly string[]) => {
      for (const chapter of CHAPTERS) if (!kept.includes(chapter.dir)) rmSync(join(root, 'chapters', chapter.dir), { recursive: true, force: true });
    };
    honest = commitBranch(repo, 'honest', base, (root) => {
      solveChapter(root, first.dir);
      removeChapters(root, [first.dir]);
    });
    linking = commitBranch(repo, 'linking', base, (root) => {
      removeChapters(root, []);
      symlinkSync(solved, join(root, 'chapters', 'chapters'));
    });
    executable = commitBranch(repo, 'executable', base, (root) => chmodSync(join(root, 'chapters', first.dir, 'server.ts'), 0o755));
    // A gitlink has no folder in the working tree, so it is committed straight from the index.
    const gitIn = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], { encoding: 'utf8' }).trim();
    gitIn('checkout', '-q', '-b', 'submodule', base);
    gitIn('update-index', '--add', '--cacheinfo', `160000,${base},chapters/${first.dir}/vendored`);
    gitIn('commit', '-q', '-m', 'submodule');
    submodule = gitIn('rev-parse', 'HEAD');
    deepLink = commitBranch(repo, 'deep-link', base, (root) => symlinkSync('../../../checker', join(root, 'chapters', first.dir, 'lib')));
  });

  const gradePr = (head: string, name: string) => {
    const json = join(work, `${name}.json`);
    const ran = runTs('checker/pr/cli.ts', ['--repo', repo, '--base', 'main', '--head', head, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(ran.status, ran.stderr).not.toBe(2);
    return JSON.parse(readFileSync(json, 'utf8')) as PullRequestReport;
  };

  test('the honest head scores chapter 1 with nothing tampered; `chapters/chapters -> a solved copy` scores 0 and is tampered', () => {
    const fair = gradePr(honest, 'pr-honest');
    expect(fair.tampered).toEqual([]);
    const passed = fair.exercises.filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id);
    expect(passed).toEqual(first.exercises.map((exercise) => exercise.id));
    const linked = gradePr(linking, 'pr-linking');
    expect(linked.tampered).toEqual(['chapters/chapters']);
    expect(linked.score).toBe(0);
  });

  test('an executable bit, a submodule and a link deep in a chapter are each tampering', () => {
    expect(tamperedPaths(repo, base, executable)).toEqual([`chapters/${first.dir}/server.ts`]);
    expect(tamperedPaths(repo, base, submodule)).toEqual([`chapters/${first.dir}/vendored`]);
    expect(tamperedPaths(repo, base, deepLink)).toEqual([`chapters/${first.dir}/lib`]);
  });
});
