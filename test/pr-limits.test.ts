import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PULL_REQUEST_LIMITS, PullRequestTooLargeError, gradePullRequest, headFiles, pastLimit } from '../checker/pr/grade-pr.ts';

/*
 * A pull request is refused from git's object listing before grade:pr writes anything: one blob of 900 KB at 40
 * paths (36 MB written out, the limit is 32 MB), and one small blob at 2,500 paths (the limit is 2,000 files). The
 * repositories hold each blob once, so building them costs nothing; before the limits, the first of these made
 * grade:pr write every copy (a 1 MB blob at 2,500 paths wrote 2.5 GB) before any limit applied.
 */

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'pr-limits-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

function git(repo: string, args: readonly string[], input?: string | Buffer): string {
  return execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', input, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } }).trim();
}

/** A repository with a base commit and a head whose chapters/01-x holds one blob of `bytes` at `paths` paths. */
function repoWith(name: string, bytes: number, paths: number): { repo: string; base: string; head: string } {
  const repo = join(work, name);
  execFileSync('git', ['init', '-q', repo]);
  const blob = git(repo, ['hash-object', '-w', '--stdin'], Buffer.alloc(bytes, 'a'));
  const readme = git(repo, ['hash-object', '-w', '--stdin'], 'course\n');
  const baseTree = git(repo, ['mktree'], `100644 blob ${readme}\tREADME.md\n`);
  const base = git(repo, ['commit-tree', baseTree, '-m', 'base']);
  const chapter = git(repo, ['mktree'], Array.from({ length: paths }, (_, index) => `100644 blob ${blob}\tfile-${index}.ts\n`).join(''));
  const chapters = git(repo, ['mktree'], `040000 tree ${chapter}\t01-x\n`);
  const headTree = git(repo, ['mktree'], `100644 blob ${readme}\tREADME.md\n040000 tree ${chapters}\tchapters\n`);
  const head = git(repo, ['commit-tree', headTree, '-p', base, '-m', 'head']);
  return { repo, base, head };
}

/** Grades a pull request with TMPDIR pointed at an empty folder, and returns the error and what was written there. */
async function refused(pr: { repo: string; base: string; head: string }, lang: 'en' | 'ko'): Promise<{ error: unknown; written: string[] }> {
  const temp = mkdtempSync(join(work, 'tmp-'));
  const before = process.env['TMPDIR'];
  process.env['TMPDIR'] = temp;
  try {
    await gradePullRequest({ ...pr, lang, timeoutMs: 10_000, chapters: [] });
    return { error: null, written: readdirSync(temp) };
  } catch (error) {
    return { error, written: readdirSync(temp) };
  } finally {
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
  }
}

describe('grade:pr refuses a pull request past its limits before writing anything', () => {
  let copies: { repo: string; base: string; head: string };
  let many: { repo: string; base: string; head: string };
  beforeAll(() => {
    copies = repoWith('copies', 900 * 1024, 40);
    many = repoWith('many', 10, 2_500);
  });

  test('one blob at many paths counts at each path: 36 MB past the 32 MB limit, named, and nothing written', async () => {
    expect(pastLimit(headFiles(copies.repo, copies.head, 'chapters'))).toEqual({ limit: 'totalBytes', found: 40 * 900 * 1024 });
    const { error, written } = await refused(copies, 'en');
    expect(error).toBeInstanceOf(PullRequestTooLargeError);
    expect((error as Error).message).toBe(
      `The pull request was not graded: writing out chapters/ would take 35.2 MB (the same content at several paths counts at each), more than the limit (totalBytes) of 32.0 MB. Nothing was written.`,
    );
    expect(written).toEqual([]);
  });

  test('2,500 files past the limit of 2,000, named in Korean too, and nothing written', async () => {
    expect(PULL_REQUEST_LIMITS.files).toBe(2_000);
    const { error, written } = await refused(many, 'ko');
    expect((error as Error).message).toBe('풀 리퀘스트를 채점하지 않았다: chapters/에 파일이 2500개로, 한도(files) 2000개를 넘는다. 아무것도 쓰지 않았다.');
    expect(written).toEqual([]);
  });

  test('a head within the limits is listed as within them', () => {
    const small = repoWith('small', 100, 3);
    expect(pastLimit(headFiles(small.repo, small.head, 'chapters'))).toBeNull();
  });
});
