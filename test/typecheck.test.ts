import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { tscBinary } from '../checker/grading/typecheck.ts';
import { readStarters, writeCommittedStarters } from '../checker/course/starters.ts';
import { typecheckSuites } from '../checker/grading/typecheck-suites.ts';
import { REPO } from './support/run.ts';

const scripts = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A new temporary folder, removed after the tests. */
function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Runs the repository's tsc with `args` in `cwd`. */
function tsc(cwd: string, args: readonly string[]) {
  return spawnSync(tscBinary(REPO), [...args, '--pretty', 'false'], { cwd, encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
}

/** Every TypeScript file under a folder, relative to it. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).sort();
}

/** The files a `--listFilesOnly` run lists, outside node_modules. */
function listed(output: string): string[] {
  return output.split('\n').filter((line) => line.trim() !== '' && !line.includes('/node_modules/'));
}

describe('npm run typecheck reads no learner file', () => {
  test('runs the repository program, then the hidden suites against the committed starters, and npm test runs it first', () => {
    expect(scripts['typecheck']).toBe('tsc -p tsconfig.json && node --import tsx checker/grading/typecheck-suites.ts');
    expect(scripts['test']).toMatch(/^npm run typecheck && /);
  });

  test('the repository program holds no file under chapters/ and none of the hidden suites\' tests', () => {
    const ran = tsc(REPO, ['-p', 'tsconfig.json', '--listFilesOnly']);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    const files = listed(ran.stdout).map((file) => relative(REPO, file));
    expect(files.some((file) => file.startsWith('solutions/')), 'the list was read').toBe(true);
    expect(files.filter((file) => file.split('/').includes('chapters'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('checker/suites/') && file.endsWith('.test.ts'))).toEqual([]);
  });

  test('the suites are type-checked with every test file, and the chapters they import are the committed starters in a temporary folder', () => {
    const ran = typecheckSuites(undefined, ['--listFilesOnly']);
    expect(ran.status, ran.output).toBe(0);
    const files = listed(ran.output);
    const suites = tsFiles(join(REPO, 'checker', 'suites')).filter((file) => file.endsWith('.test.ts'));
    expect(suites.length).toBeGreaterThan(0);
    for (const suite of suites) expect(files, suite).toContain(`./checker/suites/${suite}`);
    const chapterFiles = files.filter((file) => file.split('/').includes('chapters'));
    expect(chapterFiles.length).toBeGreaterThan(0);
    for (const file of chapterFiles) expect(file).toMatch(/^\.\/chapters\//);
    expect(files.filter((file) => file.startsWith(REPO))).toEqual([]);
  });

  test('a type error planted in a copy of a suite fails the suites\' type check, naming the file', () => {
    const copy = join(temp('typecheck-suites-'), 'suites');
    cpSync(join(REPO, 'checker', 'suites'), copy, { recursive: true });
    const suite = tsFiles(copy).find((file) => file.endsWith('.test.ts'))!;
    appendFileSync(join(copy, suite), "\nexport const planted: number = 'not a number';\n");
    const ran = typecheckSuites(copy);
    expect(ran.status).not.toBe(0);
    expect(ran.output).toMatch(new RegExp(`^checker/suites/${suite.replace(/[.]/g, '\\.')}\\(\\d+,\\d+\\): error TS2322:`, 'm'));
  });
});

describe('npm run typecheck:chapters, the learner\'s own type check', () => {
  test('is tsc over chapters/tsconfig.json', () => {
    expect(scripts['typecheck:chapters']).toBe('tsc -p chapters/tsconfig.json');
  });

  /** A course-shaped folder: the repository's tsconfig.json, node_modules, and chapters/ holding the committed starters and chapters/tsconfig.json. */
  function starterCourse(): string {
    const root = temp('typecheck-chapters-');
    cpSync(join(REPO, 'tsconfig.json'), join(root, 'tsconfig.json'));
    symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
    writeCommittedStarters(join(root, 'chapters'));
    const config = spawnSync('git', ['show', 'HEAD:chapters/tsconfig.json'], { cwd: REPO, encoding: 'utf8' });
    expect(config.status, config.stderr).toBe(0);
    writeFileSync(join(root, 'chapters', 'tsconfig.json'), config.stdout);
    return root;
  }

  test('covers every TypeScript file of every chapter, chapter 3\'s stdio.ts and main.ts too', () => {
    const root = starterCourse();
    const ran = tsc(root, ['-p', 'chapters/tsconfig.json', '--listFilesOnly']);
    expect(ran.status, ran.stdout + ran.stderr).toBe(0);
    const files = listed(ran.stdout).map((file) => relative(join(root, 'chapters'), file)).sort();
    const starters = Object.entries(readStarters()).flatMap(([chapter, index]) => Object.keys(index).filter((file) => file.endsWith('.ts')).map((file) => `${chapter}/${file}`)).sort();
    expect(starters).toEqual(expect.arrayContaining(['03-real-mcp-sdk/stdio.ts', '03-real-mcp-sdk/main.ts']));
    expect(files).toEqual(starters);
  });

  test('reports a type error in chapter 3\'s stdio.ts, which no hidden suite imports', () => {
    const root = starterCourse();
    appendFileSync(join(root, 'chapters', '03-real-mcp-sdk', 'stdio.ts'), "\nexport const planted: number = 'not a number';\n");
    const ran = tsc(root, ['-p', 'chapters/tsconfig.json']);
    expect(ran.status).not.toBe(0);
    expect(ran.stdout).toMatch(/^chapters\/03-real-mcp-sdk\/stdio\.ts\(\d+,\d+\): error TS2322:/m);
  });
});
