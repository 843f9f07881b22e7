import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import type { Report } from '../checker/report/shape.ts';
import { chapterDir } from './support/chapters.ts';
import { digest } from './support/digest.ts';
import type { Change } from './support/fixtures.ts';
import { hostileCopy } from './support/hostile.ts';
import { GRADING_TIMEOUT, REPO, checker } from './support/run.ts';
import type { Ran } from './support/run.ts';

/** A committed copy of the checker, so planted code aims at files whose loss would not hurt, and git can vouch for them. */
function checkerCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'sandbox-repo-'));
  for (const name of ['checker', 'package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(REPO, name), join(copy, name), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(copy, '.gitignore'), 'node_modules\n');
  const git = (...args: string[]) => spawnSync('git', ['-C', copy, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { encoding: 'utf8' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'checker');
  return copy;
}

/** Runs one of the copy's checker entry points, with git allowed to vouch for it (no maintainer override). */
function run(copy: string, file: string, args: readonly string[]): Ran {
  const result = spawnSync(process.execPath, [join(copy, 'checker', 'run.mjs'), join(copy, file), ...args], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 900_000,
    env: { ...process.env, CHECKER_LANG: '', CHECKER_TRUST_WORKTREE: '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Puts an attacker into the class as `name`: chapter 1 of the solutions with the attack planted, and no other chapter.
 * Every attack sits in chapter 1, so the class grades nothing else of theirs (their other chapters are reported missing).
 */
function attacker(klass: string, name: string, changes: readonly Change[]): void {
  cpSync(join(hostileCopy(changes), chapterDir('01')), join(klass, name, 'chapters', chapterDir('01')), { recursive: true });
}

/**
 * Puts the honest classmate into the class as `z-honest`: chapter 1 of the solutions, untouched, and no other chapter.
 * Chapter 1 is the one every attack runs in and the one the attacks on a classmate write into or read from; the other
 * chapters hold nothing an attack aims at, and grading their solutions would only add the SDK and HTTP chapters' runs.
 */
function honestClassmate(klass: string): void {
  attacker(klass, 'z-honest', []);
}

/** Chapter 1's exercise ids: the honest classmate's full marks are a pass on each of them. */
const FIRST = CHAPTERS.find((chapter) => chapter.id === '01')!.exercises.map((exercise) => exercise.id);

/** The honest classmate's chapter 1 exercises that did not pass (with why), and the ids of every exercise it passed. */
function honestMarks(students: readonly (Report & { student: string })[]): { failing: string[]; passed: string[] } {
  const honest = students.find((entry) => entry.student === 'z-honest')!;
  return {
    failing: honest.exercises.filter((exercise) => FIRST.includes(exercise.id) && exercise.status !== 'pass').map((exercise) => `${exercise.id}: ${exercise.message}`),
    passed: honest.exercises.filter((exercise) => exercise.status === 'pass').map((exercise) => exercise.id),
  };
}

/** Live processes whose command line contains the marker. */
function processesWith(marker: string): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) count += 1;
    } catch {
      // Gone while we looked.
    }
  }
  return count;
}

/** The class gradebook a grading wrote, none when it wrote none. */
type Book = { students: (Report & { student: string })[] };

describe('learner code in a class grading cannot write, spawn or signal out of its sandbox', () => {
  const homeProbe = join(homedir(), `mcp-sandbox-probe-${randomUUID()}`);
  const sleepMarker = String(600 + Math.floor(Math.random() * 300));
  let copy: string;
  let klass: string;
  let victim: string;
  /** Each attack runs when the planted module loads, so exercises 01/2 and 01/3 (which load model.ts) report it. */
  let attacks: Record<string, { code: string; en: RegExp }>;
  let guarded: { checker: string; git: string; victim: string };
  let first: { ran: Ran; book: Book };
  let second: { ran: Ran; book: Book };
  beforeAll(() => {
    copy = checkerCopy();
    klass = mkdtempSync(join(tmpdir(), 'sandbox-class-'));
    victim = join(klass, 'z-honest', 'chapters');
    const suite = join(copy, 'checker', 'suites', chapterDir('01'), '1-argument-checks.test.ts');
    attacks = {
      suites: { code: `writeFileSync(${JSON.stringify(suite)}, "import { test } from 'vitest'; test('forged', () => {});");`, en: /Tried to write outside the sandbox: .*1-argument-checks\.test\.ts/ },
      git: { code: `writeFileSync(${JSON.stringify(join(copy, '.git', 'hooks', 'post-checkout'))}, 'echo owned');`, en: /Tried to write outside the sandbox: .*\.git/ },
      home: { code: `writeFileSync(${JSON.stringify(homeProbe)}, 'owned');`, en: /Tried to write outside the sandbox: .*mcp-sandbox-probe/ },
      neighbour: { code: `writeFileSync(${JSON.stringify(join(victim, chapterDir('01'), 'server.ts'))}, 'export {};');`, en: /Tried to write outside the sandbox: .*z-honest/ },
      detached: { code: `spawn('sleep', ['${sleepMarker}'], { detached: true, stdio: 'ignore' }).unref();`, en: /Tried to start a child process/ },
      worker: { code: "new Worker('setInterval(() => {}, 1000)', { eval: true });", en: /Tried to start a worker thread/ },
      signal: { code: "process.kill(process.ppid, 'SIGKILL');", en: /Tried to send a signal to another process/ },
    };
    const header = "import { writeFileSync } from 'node:fs';\nimport { spawn } from 'node:child_process';\nimport { Worker } from 'node:worker_threads';\n";
    for (const [name, attack] of Object.entries(attacks)) attacker(klass, name, [{ file: `${chapterDir('01')}/model.ts`, prepend: `${header}${attack.code}\n` }]);
    honestClassmate(klass);
    guarded = { checker: digest(join(copy, 'checker')), git: digest(join(copy, '.git')), victim: digest(victim) };
    const grade = (out: string) => {
      const ran = run(copy, 'checker/class/cli.ts', [klass, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en']);
      const book: Book = existsSync(join(out, 'gradebook.json')) ? (JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book) : { students: [] };
      return { ran, book };
    };
    first = grade(join(klass, '..', `${randomUUID()}-out1`));
    second = grade(join(klass, '..', `${randomUUID()}-out2`));
  });
  const statuses = (book: Book) => book.students.map((student) => `${student.student}:${student.exercises.map((exercise) => exercise.status).join(',')}`);

  test('each attempt is refused and reported as the learner\'s error, with what was tried', () => {
    expect(first.ran.status, first.ran.stderr).toBe(0);
    for (const [name, attack] of Object.entries(attacks)) {
      const student = first.book.students.find((entry) => entry.student === name)!;
      for (const id of ['01/2', '01/3']) {
        const exercise = student.exercises.find((entry) => entry.id === id)!;
        expect(exercise.status, `${name} ${id}`).toBe('error');
        expect(exercise.message, `${name} ${id}`).toMatch(attack.en);
      }
      // Exercises that never load the planted module are graded as usual.
      expect(student.exercises.find((entry) => entry.id === '01/1')!.status, name).toBe('pass');
    }
  });

  test('nothing outside the sandbox changed: suites, .git, the home folder, another student\'s folder, no process left', () => {
    expect(digest(join(copy, 'checker'))).toBe(guarded.checker);
    expect(digest(join(copy, '.git'))).toBe(guarded.git);
    expect(digest(victim)).toBe(guarded.victim);
    expect(existsSync(homeProbe)).toBe(false);
    expect(processesWith(`sleep\0${sleepMarker}`)).toBe(0);
  });

  test('the honest student gets full marks, and a second grading gives exactly the same results', () => {
    const { failing, passed } = honestMarks(first.book.students);
    expect(failing, failing.join('\n')).toEqual([]);
    expect(passed).toEqual(FIRST);
    expect(second.ran.status, second.ran.stderr).toBe(0);
    expect(statuses(second.book)).toEqual(statuses(first.book));
  });

  test('in Korean, the refusal says the same in Korean', () => {
    const out = join(klass, '..', `${randomUUID()}-ko`);
    const ran = run(copy, 'checker/cli.ts', ['check', '01/2', '--target', join(klass, 'home', 'chapters'), '--json', join(out, 'r.json'), '--timeout', GRADING_TIMEOUT]);
    expect(ran.status).toBe(1);
    expect(ran.stdout).toContain('샌드박스 밖에 쓰려고 했다');
    expect(existsSync(homeProbe)).toBe(false);
  });
});

describe('learner code in a class grading reads and loads only its own copy', () => {
  const marker = `TOPSECRET-${randomUUID()}`;
  const secretText = join(homedir(), `mcp-read-probe-${randomUUID()}.txt`);
  const secretModule = join(homedir(), `mcp-read-probe-${randomUUID()}.ts`);
  let copy: string;
  let klass: string;
  let out: string;
  let ran: Ran;
  let book: Book;
  afterAll(() => {
    rmSync(secretText, { force: true });
    rmSync(secretModule, { force: true });
  });
  const model = `${chapterDir('01')}/model.ts`;
  /** Each attack runs when model.ts loads (01/2 and 01/3 load it) and, were it to succeed, would carry what it read into the report. */
  const attacks: Record<string, { code: string; en: RegExp }> = {
    raw: { code: `import leaked from ${JSON.stringify(`${secretText}?raw`)};\nthrow new Error(String(leaked));`, en: /Tried to read outside the sandbox: .*mcp-read-probe-.*\.txt\?raw/ },
    absolute: { code: `import { secret } from ${JSON.stringify(secretModule)};\nthrow new Error(secret);`, en: /Tried to read outside the sandbox: .*mcp-read-probe-.*\.ts/ },
    url: { code: `const loaded = await import(${JSON.stringify(`file://${secretModule}`)});\nthrow new Error(loaded.secret);`, en: /Tried to read outside the sandbox: file:\/\/.*mcp-read-probe/ },
    fs: { code: `const loaded = await import(${JSON.stringify(`/@fs${secretText}?raw`)});\nthrow new Error(loaded.default);`, en: /Tried to read outside the sandbox: \/@fs.*mcp-read-probe/ },
    glob: { code: `const found = import.meta.glob(${JSON.stringify(`${homedir()}/mcp-read-probe-*`)}, { eager: true, query: '?raw' });\nthrow new Error(JSON.stringify(found));`, en: /import\.meta\.glob/ },
    // Copies a classmate: scans the folders above its own copy for another student's chapter 1 and re-exports it.
    classmate: {
      code: [
        "import { readdirSync } from 'node:fs';",
        "import { join } from 'node:path';",
        "const up = join(import.meta.dirname, '..', '..', '..');",
        "let names: string[] = [];",
        "try { names = readdirSync(up); } catch { names = ['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']; }",
        "for (const name of names) await import(join(up, name, 'chapters', '01-mini-mcp', 'model.ts'));",
      ].join('\n'),
      en: /Tried to read outside the sandbox/,
    },
  };
  beforeAll(() => {
    copy = checkerCopy();
    klass = mkdtempSync(join(tmpdir(), 'sandbox-read-class-'));
    writeFileSync(secretText, marker);
    writeFileSync(secretModule, `export const secret = ${JSON.stringify(marker)};\n`);
    // Type-correct as far as tsc can tell, so the chapter's other exercises are graded as usual.
    for (const [name, attack] of Object.entries(attacks)) attacker(klass, name, [{ file: model, prepend: `// @ts-nocheck\n${attack.code}\n` }]);
    honestClassmate(klass);
    out = join(klass, '..', `${randomUUID()}-read-out`);
    // The generous limit the other class runs here get: no attack hangs, so nothing here needs a short one.
    ran = run(copy, 'checker/class/cli.ts', [klass, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en']);
    book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book;
  });

  test('each route is refused as a read outside the sandbox, naming what was asked for', () => {
    expect(ran.status, ran.stderr).toBe(0);
    for (const [name, attack] of Object.entries(attacks)) {
      const student = book.students.find((entry) => entry.student === name)!;
      for (const id of ['01/2', '01/3']) {
        const exercise = student.exercises.find((entry) => entry.id === id)!;
        expect(exercise.status, `${name} ${id}`).toBe('error');
        expect(exercise.message, `${name} ${id}`).toMatch(attack.en);
      }
      expect(student.exercises.find((entry) => entry.id === '01/1')!.status, name).toBe('pass');
    }
  });

  test('what the files hold appears in no output, and the honest classmate is graded as if alone', () => {
    const written = readdirSync(out, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(written.length).toBeGreaterThanOrEqual(3);
    for (const entry of written) expect(readFileSync(join(entry.parentPath, entry.name), 'utf8'), entry.name).not.toContain(marker);
    expect(ran.stdout + ran.stderr).not.toContain(marker);
    const { failing, passed } = honestMarks(book.students);
    expect(failing, failing.join('\n')).toEqual([]);
    expect(passed).toEqual(FIRST);
  });

  test('check refuses the same reads, in Korean by default', () => {
    const json = join(klass, '..', `${randomUUID()}-read.json`);
    const checked = run(copy, 'checker/cli.ts', ['check', '01/2', '--target', join(klass, 'raw', 'chapters'), '--json', json]);
    expect(checked.status).toBe(1);
    expect(checked.stdout + readFileSync(json, 'utf8')).not.toContain(marker);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.exercises[0]!.message).toContain('샌드박스 밖을 읽으려고 했다');
  });
});

describe('checker files that differ from the commit', () => {
  let copy: string;
  let students: string;
  beforeAll(() => {
    copy = checkerCopy();
    students = mkdtempSync(join(tmpdir(), 'sandbox-edited-'));
    cpSync(hostileCopy([]), join(students, 'kim', 'chapters'), { recursive: true });
    const suite = join(copy, 'checker', 'suites', chapterDir('01'), '1-argument-checks.test.ts');
    writeFileSync(suite, "import { test } from 'vitest';\ntest('rejects an extra field with -32602', () => {});\n");
  });

  test('grade refuses to grade, naming the file and how to restore it', () => {
    const out = join(students, '..', `${randomUUID()}-out`);
    const ran = run(copy, 'checker/class/cli.ts', [students, '--out', out, '--lang', 'en']);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain(`checker/suites/${chapterDir('01')}/1-argument-checks.test.ts`);
    expect(ran.stderr).toContain('git checkout --');
    expect(existsSync(out)).toBe(false);
  });

  test('check warns in one line and grades anyway', () => {
    const ran = run(copy, 'checker/cli.ts', ['check', '01/1', '--target', join(students, 'kim')]);
    const warning = ran.stderr.split('\n').filter((line) => line.includes('1-argument-checks.test.ts'));
    expect(warning).toHaveLength(1);
    expect(warning[0]).toContain('주의');
    expect(ran.stdout).toContain('01/1');
  });
});

describe('a learner file that a suite starts as its own process', () => {
  const probe = join(tmpdir(), `mcp-sandbox-child-${randomUUID()}`);
  const stdio = `${chapterDir('03')}/stdio.ts`;
  let json: string;
  let ran: Ran;
  beforeAll(() => {
    const dir = hostileCopy([{ file: stdio, prepend: `import { writeFileSync as probeWrite } from 'node:fs';\nprobeWrite(${JSON.stringify(probe)}, 'escaped');\n` }]);
    json = join(dir, '..', 'child.json');
    ran = checker(['check', '03/3', '--target', dir, '--lang', 'en', '--json', json, '--timeout', GRADING_TIMEOUT]);
  });

  test('runs in the same sandbox: its write outside is refused and the exercise fails, saying so', () => {
    expect(ran.status, ran.stderr).toBe(1);
    expect(existsSync(probe)).toBe(false);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const exercise = report.exercises.find((entry) => entry.id === '03/3')!;
    expect(exercise.status).not.toBe('pass');
    expect(exercise.message).toContain('Refused by the grading sandbox');
    // The refusal keeps the path it refused, whatever the learner's code does with the error.
    expect(exercise.message).toContain(basename(probe));
  });
});
