import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, FIXTURE_COURSE, FIXTURE_SOLUTIONS, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';
import { entriesFrom, zipOf } from './support/zip.ts';

/** Submissions as they arrive from GitHub's Download ZIP and LMS exports, beside the mistakes an instructor's folder holds (on the fixture course). */
const solutions = FIXTURE_SOLUTIONS;
type Book = {
  students: (Report & { student: string; reason: string })[];
  similarity?: { pairs: { chapter: string; students: string[] }[]; solution: { chapter: string; student: string }[] };
};
let work: string;
let ran: Ran;
let book: Book;

// The submissions are laid out and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'class-submissions-'));
  const submissions = join(work, 'class');
  mkdirSync(submissions);
  // A folder wrapping the repository copy in one more folder, as Download ZIP unpacks.
  cpSync(solutions, join(submissions, 'seo', 'mcp-ts-workshop-main', 'chapters'), { recursive: true });
  // The same as a .zip file, never unpacked by hand.
  writeFileSync(join(submissions, 'park.zip'), zipOf(entriesFrom(solutions, 'mcp-ts-workshop-main/chapters')));
  // A Korean name with a space in it, with the chapters directly inside.
  cpSync(solutions, join(submissions, '김 민수'), { recursive: true });
  // Canvas's "Download Submissions": one file per student, named sortable name, LATE when late, user id, attachment id, then
  // the uploaded file's own name (with -1 when a student uploaded two files of one name).
  writeFileSync(join(submissions, 'kimminsu_123456_7890123_mcp-workshop.zip'), zipOf(entriesFrom(solutions, 'mcp-workshop/chapters')));
  writeFileSync(join(submissions, 'leejieun_LATE_234567_8901234_mcp-workshop-1.zip'), zipOf(entriesFrom(solutions, 'chapters')));
  // A GitHub Classroom repository as `gh classroom clone student-repos` leaves it: assignment-username, a git clone with the student's commit.
  const classroom = join(submissions, 'mcp-workshop-kimdev');
  cpSync(solutions, join(classroom, 'chapters'), { recursive: true });
  for (const args of [['init', '-q', '-b', 'main'], ['add', '-A'], ['-c', 'user.name=kimdev', '-c', 'user.email=kimdev@example.com', 'commit', '-q', '-m', 'Solve the chapters']]) {
    const git = spawnSync('git', ['-C', classroom, ...args], { encoding: 'utf8' });
    if (git.status !== 0) throw new Error(`git ${args.join(' ')}: ${git.stderr}`);
  }
  mkdirSync(join(submissions, 'empty'));
  writeFileSync(join(submissions, 'README.txt'), 'notes for the grader\n');
  writeFileSync(join(submissions, 'escape.zip'), zipOf([{ name: '../../outside.ts', data: Buffer.from('owned') }]));
  writeFileSync(join(submissions, 'link.zip'), zipOf([{ name: 'chapters/secret', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]));
  writeFileSync(join(submissions, 'bomb.zip'), zipOf([{ name: 'chapters/zeros.ts', data: Buffer.alloc(60_000_000) }]));

  const out = join(work, 'out');
  ran = runTs('checker/class/cli.ts', [submissions, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en', '--similarity'], { timeoutMs: 300_000 });
  book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book;
});

const student = (name: string) => book.students.find((entry) => entry.student === name);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run grade on submissions as they arrive', () => {
  test('a wrapped copy, a .zip of one and a Korean name with a space all get full marks', () => {
    expect(ran.status, ran.stderr).toBe(0);
    for (const name of ['seo', 'park.zip', '김 민수']) {
      expect(student(name)?.score, name).toBe(student(name)?.max_score);
      expect(student(name)?.reason, name).toBe('every exercise passed');
    }
  });

  test("Canvas's download names, a late one among them, and a GitHub Classroom clone get full marks, each under its own name", () => {
    for (const name of ['kimminsu_123456_7890123_mcp-workshop.zip', 'leejieun_LATE_234567_8901234_mcp-workshop-1.zip', 'mcp-workshop-kimdev']) {
      expect(student(name)?.score, name).toBe(student(name)?.max_score);
      expect(student(name)?.reason, name).toBe(name.includes('_LATE_') ? 'every exercise passed; late: Canvas marked this submission late (LATE in its file name)' : 'every exercise passed');
    }
  });

  test('--similarity compares the copies the grader unpacked, a .zip among them', () => {
    // Each is a copy of the published solution: listed beside it, a .zip among them, and never as a pair, since
    // what the solution holds does not count between two students.
    const alike = book.similarity?.solution.filter((match) => match.chapter === FIXTURE_CHAPTERS[0]!.dir).map((match) => match.student);
    expect(alike).toEqual(expect.arrayContaining(['park.zip', 'seo', '김 민수']));
    expect(book.similarity?.pairs.filter((pair) => pair.students.includes('park.zip') && pair.students.includes('seo'))).toEqual([]);
  });

  test('hostile ZIPs are refused whole, each saying why, and nothing is written outside', () => {
    expect(student('escape.zip')?.reason).toMatch(/ZIP not unpacked: an entry points outside its folder/);
    expect(student('link.zip')?.reason).toBe('ZIP not unpacked: it holds a link (chapters/secret)');
    expect(student('bomb.zip')?.reason).toMatch(/ZIP not unpacked: it would unpack to more than 50 MB/);
    for (const name of ['escape.zip', 'link.zip', 'bomb.zip']) expect(student(name)?.score, name).toBe(0);
    expect(existsSync(join(tmpdir(), 'outside.ts'))).toBe(false);
  });

  test('an empty folder is a row with its reason; a stray file is no student, with one warning line', () => {
    expect(student('empty')?.reason).toBe('empty folder');
    expect(student('README.txt')).toBeUndefined();
    expect(ran.stderr.split('\n').filter((line) => line.includes('README.txt'))).toEqual(['Skipped, not a submission (neither a folder nor a .zip): README.txt']);
    expect(ran.stderr).toMatch(/Found 10 students/);
  });
});

describe('npm run grade pointed at something that is no submissions folder', () => {
  test.each([
    ['the solutions folder', solutions],
    ['a copy of the course', FIXTURE_COURSE],
  ])('refuses %s with exit 2, saying what a submissions folder looks like, and writes nothing', (_name, target) => {
    const none = join(work, `none-${_name.length}`);
    const refused = runTs('checker/class/cli.ts', [target, '--out', none, '--lang', 'en']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('A submissions folder holds one folder or one .zip file per student.');
    expect(() => readFileSync(join(none, 'gradebook.json'))).toThrow();
  });
});

describe('npm run grade shows learner paths only, so equal failures count as one', () => {
  let book: string;
  let graded: Ran;
  beforeAll(() => {
    const klass = join(work, 'paths');
    // Three students whose copies differ (each is graded on its own) but fail the same way, with a message that carries the module's own path.
    for (const name of ['a', 'b', 'c']) {
      const model = join(klass, name, 'chapters', '01-numbers', 'numbers.ts');
      cpSync(solutions, join(klass, name, 'chapters'), { recursive: true });
      writeFileSync(model, `throw new Error(\`model failed at \${import.meta.filename} and \${import.meta.dirname}/x\`);\n// ${name}\n${readFileSync(model, 'utf8')}`);
    }
    book = join(work, 'paths-out');
    graded = runTs('checker/class/cli.ts', [klass, '--out', book, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 300_000 });
  });

  test('no message, report or JSON holds a scratch, sandbox or lane path', () => {
    expect(graded.status, graded.stderr).toBe(0);
    for (const file of ['gradebook.csv', 'gradebook.json', 'report.html']) {
      const text = readFileSync(join(book, file), 'utf8');
      expect(text, file).not.toMatch(/mcp-check-|\.sandbox|lane-\d|<checker>|\/t\d+\/chapters/);
    }
    const entries = (JSON.parse(readFileSync(join(book, 'gradebook.json'), 'utf8')) as { students: Report[] }).students;
    expect(entries[0]!.exercises.find((exercise) => exercise.id === '01/2')!.message).toContain('model failed at chapters/01-numbers/numbers.ts and chapters/01-numbers/x');
  });

  test('the most common failure counts every student who has it', () => {
    const html = readFileSync(join(book, 'report.html'), 'utf8');
    const row = /<td>01\/2<\/td>[\s\S]*?<\/tr>/.exec(html.slice(html.indexOf('Failure rate per exercise')))![0];
    expect(row).toContain('<small>× 3</small>');
  });
});
