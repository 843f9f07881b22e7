import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import { FIXTURE_CHAPTERS, FIXTURE_ENV, FIXTURE_SOLUTIONS, FIXTURE_STARTERS, fixtureCopy } from './support/course.ts';
import { GRADING_TIMEOUT, REPO } from './support/run.ts';

/*
 * watch end to end on the fixture course (test/fixtures/course): chapter 1 has three exercises (01/1 and 01/2 in
 * numbers.ts, 01/3 in text.ts), chapter 2 two (in pairs.ts).
 */
const CHAPTERS = FIXTURE_CHAPTERS;
const starterCopy = (prefix: string) => fixtureCopy(prefix);

/** The checker's scratch folders in a temp folder. */
function scratchFolders(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith('mcp-check-'));
}

/** Saves a file in one step, as editors do (write beside it, then rename), so watch sees one complete save. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.saving`, text);
  renameSync(`${file}.saving`, file);
}

/**
 * Resolves with the child's output from `from` on as soon as a chunk of stdout makes it match `pattern`; rejects when
 * the child exits first (with its exit code and output, so a crashed watch fails at once) or, as a last bound, after
 * `ms` without a match.
 */
function waitFor(child: ChildProcessWithoutNullStreams, read: () => string, from: number, pattern: RegExp, ms: number, context: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      stop();
      reject(new Error(`${why} while waiting for ${pattern}; output since then:\n${read().slice(from)}\n${context()}`));
    };
    const check = () => {
      const text = read().slice(from);
      if (!pattern.test(text)) return;
      stop();
      resolve(text);
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) => fail(`watch exited (code ${code}, signal ${signal})`);
    const timer = setTimeout(() => fail(`no match after ${ms / 1000} s`), ms);
    const stop = () => {
      clearTimeout(timer);
      child.stdout.off('data', check);
      child.off('exit', exited);
    };
    child.stdout.on('data', check);
    child.once('exit', exited);
    if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode, child.signalCode);
    else check();
  });
}

/** A running watch and everything it has printed so far. */
interface Watch {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  stderr: () => string;
}

/**
 * Starts `watch ARGS` in the repository with its own temp folder. With `pty`, it runs under script(1), so its
 * standard input and output are a terminal, as when a learner types `npm run watch`; `initCwd` is the folder
 * npm was started from.
 */
function startWatch(args: readonly string[], temp: string, pty = false, initCwd = ''): Watch {
  const argv = [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', ...args];
  const env = { ...process.env, ...FIXTURE_ENV, CHECKER_LANG: '', INIT_CWD: initCwd, TMPDIR: temp, TERM: 'xterm' };
  const quoted = [process.execPath, ...argv].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const child = pty
    ? spawn('script', ['-qfec', quoted, '/dev/null'], { cwd: REPO, env })
    : spawn(process.execPath, argv, { cwd: REPO, env });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  return { child, output: () => output, stderr: () => `stderr:\n${errors}` };
}

/** Stops a watch with Ctrl+C unless it has ended, and waits for it to exit. */
async function stopWatch(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGINT');
    await exited;
  }
}

/** Whether script(1) is here to give a watch a terminal. */
const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

test('watch re-checks a saved file, reports type errors, and leaves nothing behind on Ctrl+C', async () => {
  // A temp folder of its own: other checkers running on the machine make their scratch folders elsewhere.
  const temp = mkdtempSync(join(tmpdir(), 'watch-temp-'));
  const target = starterCopy('watch-');
  const child = spawn(process.execPath, [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', '01', '--target', target, '--lang', 'en', '--timeout', GRADING_TIMEOUT], {
    cwd: REPO,
    env: { ...process.env, ...FIXTURE_ENV, CHECKER_LANG: '', TMPDIR: temp },
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  try {
    const stderr = () => `stderr:\n${errors}`;
    await waitFor(child, () => output, 0, /Ctrl\+C to stop/, 150_000, stderr);
    expect(output).toContain('Watching 01-numbers');
    expect(output).toContain('✗ 01/1');
    // Not a terminal: plain screens one after another, no escape codes.
    expect(output).not.toContain('\u001b');
    expect(scratchFolders(temp)).toHaveLength(1);

    let from = output.length;
    const server = join(target, '01-numbers', 'numbers.ts');
    const solved = readFileSync(join(FIXTURE_SOLUTIONS, '01-numbers', 'numbers.ts'), 'utf8');
    save(server, solved);
    const passing = await waitFor(child, () => output, from, /Progress: \d\/3/, 150_000, stderr);
    expect(passing).toMatch(/01\/1 .* — pass/);
    expect(passing).toMatch(/01\/2 .* — pass/);
    expect(passing).toMatch(/Re-checked in \d+ ms/);

    from = output.length;
    save(server, `${solved}export const wrong: number = 'text';\n`);
    const typed = await waitFor(child, () => output, from, /Progress: \d\/3/, 150_000, stderr);
    expect(typed).toMatch(/01-numbers\/numbers\.ts:\d+:\d+ TS2322/);
    expect(typed).toMatch(/01\/1 .* — fail/);

    from = output.length;
    save(server, readFileSync(join(FIXTURE_STARTERS, '01-numbers', 'numbers.ts'), 'utf8'));
    const again = await waitFor(child, () => output, from, /Progress: \d\/3/, 150_000, stderr);
    expect(again).toMatch(/01\/1 .* — fail/);
    expect(again).not.toContain('TS2322');
    expect(again).toContain(`\n${'='.repeat(72)}\n`);
    expect(output).not.toContain('\u001b');
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      await exited;
    }
  }
  expect(child.exitCode ?? 130).toBeGreaterThan(0);
  expect(scratchFolders(temp)).toEqual([]);
}, 600_000);

test('watch without arguments keeps the whole course in view: one chapter passing is not "all done"', async () => {
  const temp = mkdtempSync(join(tmpdir(), 'watch-temp-'));
  const target = starterCopy('watch-course-');
  const { child, output, stderr } = startWatch(['--target', target], temp);
  try {
    const first = await waitFor(child, output, 0, /끝내려면 Ctrl\+C/, 150_000, stderr);
    expect(first).toContain(`지켜보는 장: ${CHAPTERS.map((chapter) => chapter.dir).join(', ')}`);
    expect(first).toContain(`연습 ${allExercises(CHAPTERS).length}개`);
    expect(first).toContain('✗ 01/1');
    expect(first.match(/힌트: /g), 'one hint line, not one per exercise').toHaveLength(1);
    expect(first.split('\n').length).toBeLessThan(30);

    const from = output().length;
    for (const file of ['numbers.ts', 'text.ts']) save(join(target, '01-numbers', file), readFileSync(join(FIXTURE_SOLUTIONS, '01-numbers', file), 'utf8'));
    const total = allExercises(CHAPTERS).length;
    const solved = await waitFor(child, output, from, new RegExp(`진행: 연습 3/${total} 통과`), 150_000, stderr);
    const screen = solved.slice(solved.lastIndexOf('='.repeat(72)));
    expect(screen).not.toContain('선택한 연습을 모두 통과했다');
    expect(screen).toContain('✗ 02/1');
    expect(screen).toContain(`점수 3/${total} (연습 단위)`);
  } finally {
    await stopWatch(child);
  }
}, 600_000);

test.skipIf(!HAS_SCRIPT).each([
  ['ko', { keys: /키: h 힌트/, list: /← 지금 할 연습/, stopped: /watch를 끝냈다/, watching: '지켜보는 장: 02-pairs' }],
  ['en', { keys: /Keys: h hint/, list: /← in focus/, stopped: /Stopped watching/, watching: 'Watching 02-pairs' }],
] as const)('on a terminal (%s), watch clears the screen for each run and answers the keys l, h and q', async (lang, words) => {
  const temp = mkdtempSync(join(tmpdir(), 'watch-temp-'));
  const target = starterCopy('watch-keys-');
  // In Korean it is started from the chapter folder with no id, and must watch that chapter alone.
  const { child, output, stderr } = lang === 'ko'
    ? startWatch(['--target', target], temp, true, join(target, '02-pairs'))
    : startWatch(['02', '--target', target, '--lang', lang], temp, true);
  const hint = allExercises(CHAPTERS).find(({ exercise }) => exercise.id === '02/1')!.exercise.hint[lang];
  try {
    const first = await waitFor(child, output, 0, words.keys, 150_000, stderr);
    expect(first).toContain('\u001b[2J\u001b[H');
    expect(first).toContain(words.watching);
    expect(first).not.toContain('01-numbers');
    expect(first).not.toContain(hint);

    let from = output().length;
    child.stdin.write('l');
    const list = await waitFor(child, output, from, words.list, 60_000, stderr);
    for (const id of ['02/1', '02/2']) expect(list).toContain(`✗ ${id}`);

    from = output().length;
    child.stdin.write('h');
    await waitFor(child, output, from, new RegExp(hint.slice(-20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 60_000, stderr);

    from = output().length;
    child.stdin.write('q');
    await waitFor(child, output, from, words.stopped, 60_000, stderr);
    const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));
    expect(code).toBe(0);
  } finally {
    await stopWatch(child);
  }
}, 600_000);
