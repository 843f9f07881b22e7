import { execFileSync } from 'node:child_process';
import { cpSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, FIXTURE_SOLUTIONS, FIXTURE_STARTERS, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';
import { entriesFrom, zipOf } from './support/zip.ts';
import type { ZipEntry } from './support/zip.ts';

/**
 * A submission is data, in `npm run grade` (folders and ZIPs) on the fixture course: each attack is one student
 * beside an honest classmate, and both rows are checked. Every attacker points at a solved copy elsewhere on the
 * grading machine, so an attack that is followed shows as full marks.
 */
const [first, second] = FIXTURE_CHAPTERS.map((chapter) => chapter.dir) as [string, string];
type Book = { students: (Report & { student: string; reason: string })[] };
let work: string;
let submissions: string;
let ran: Ran;
let book: Book;

/** A student folder holding the given chapters (solved or starters) in its chapters/. */
function student(name: string, solved: boolean): string {
  const chapters = join(submissions, name, 'chapters');
  cpSync(solved ? FIXTURE_SOLUTIONS : FIXTURE_STARTERS, chapters, { recursive: true });
  return chapters;
}

// The class is laid out and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'intake-class-'));
  submissions = join(work, 'class');
  mkdirSync(submissions);
  /** A solved copy of the course somewhere on the grading machine, outside every submission. */
  const elsewhere = join(work, 'elsewhere');
  cpSync(FIXTURE_SOLUTIONS, join(elsewhere, 'chapters'), { recursive: true });

  student('honest', true);
  // The pull request's attack, as a folder: the chapter folders deleted, one link in their place.
  mkdirSync(join(submissions, 'nested-link', 'chapters'), { recursive: true });
  symlinkSync(join(elsewhere, 'chapters'), join(submissions, 'nested-link', 'chapters', 'chapters'));
  // chapters/ itself a link.
  mkdirSync(join(submissions, 'chapters-link'));
  symlinkSync(join(elsewhere, 'chapters'), join(submissions, 'chapters-link', 'chapters'));
  // The one wrapper folder a link.
  mkdirSync(join(submissions, 'wrapper-link'));
  symlinkSync(elsewhere, join(submissions, 'wrapper-link', 'mcp-ts-workshop-main'));
  // The student's entry itself a link.
  symlinkSync(elsewhere, join(submissions, 'student-link'));
  // One chapter folder a link, beside a real starter chapter.
  rmSync(join(student('chapter-link', false), first), { recursive: true });
  symlinkSync(join(elsewhere, 'chapters', first), join(submissions, 'chapter-link', 'chapters', first));
  // Files inside a real chapter folder: links to the solution, a hard link to it, a FIFO.
  const deep = student('file-links', false);
  for (const file of ['numbers.ts', 'text.ts']) {
    rmSync(join(deep, first, file));
    symlinkSync(join(elsewhere, 'chapters', first, file), join(deep, first, file));
  }
  const hard = student('hard-link', false);
  for (const file of ['numbers.ts', 'text.ts']) {
    rmSync(join(hard, first, file));
    linkSync(join(elsewhere, 'chapters', first, file), join(hard, first, file));
  }
  const special = student('special', true);
  execFileSync('mkfifo', [join(special, first, 'pipe.ts')]);
  // A configuration file the checker's own tools would honour: package.json `imports` answers whether a path resolves.
  const config = student('config', true);
  writeFileSync(join(config, first, 'package.json'), JSON.stringify({ imports: { '#probe': './numbers.ts' } }));
  writeFileSync(join(config, first, 'probe.ts'), "import type * as probe from '#probe';\nexport type Probe = typeof probe;\n");
  // Moodle's "Download all submissions": a folder per student holding the ZIP they uploaded.
  const moodle = join(submissions, 'Kim Minsu_123456_assignsubmission_file_');
  mkdirSync(moodle);
  writeFileSync(join(moodle, 'mcp-ts-workshop.zip'), zipOf(entriesFrom(FIXTURE_SOLUTIONS, 'mcp-ts-workshop-main/chapters')));
  // A ZIP of a whole working copy after npm ci: links and thousands of entries in node_modules/, git's objects, none graded.
  const installed: ZipEntry[] = [{ name: 'copy/node_modules/.bin/semver', data: Buffer.from('../semver/bin/semver.js'), mode: 0o120777 }];
  for (let index = 0; index < 5_100; index += 1) installed.push({ name: `copy/node_modules/pkg${index}/index.js`, data: Buffer.from('x') });
  installed.push({ name: 'copy/.git/objects/ab/cdef', data: Buffer.alloc(1000, 7) }, { name: 'copy/package.json', data: Buffer.from('{"name":"copy"}') });
  writeFileSync(join(submissions, 'working-copy.zip'), zipOf([...entriesFrom(FIXTURE_SOLUTIONS, 'copy/chapters'), ...installed]));
  // The same working copy with a link inside a graded path: still refused whole.
  writeFileSync(join(submissions, 'working-copy-link.zip'), zipOf([...entriesFrom(FIXTURE_STARTERS, 'copy/chapters'), ...installed, { name: `copy/chapters/${first}/numbers2.ts`, data: Buffer.from('/etc/passwd'), mode: 0o120777 }]));

  const out = join(work, 'out');
  ran = runTs('checker/class/cli.ts', [submissions, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en'], { timeoutMs: 300_000 });
  book = JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as Book;
});

const row = (name: string) => book.students.find((entry) => entry.student === name)!;
const points = (name: string, chapter: string) => row(name).exercises.filter((exercise) => exercise.id.startsWith(chapter.slice(0, 2))).reduce((sum, exercise) => sum + exercise.points, 0);
const full = (chapter: string) => points('honest', chapter);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run grade takes in only regular files at the course paths, and names what it leaves out', () => {
  test('the honest classmate gets full marks and a plain reason', () => {
    expect(ran.status, ran.stderr).toBe(0);
    expect(row('honest').score).toBe(row('honest').max_score);
    expect(row('honest').reason).toBe('every exercise passed');
  });

  test.each([
    ['nested-link', 'a link at chapters/chapters, not graded'],
    ['chapters-link', 'a link at chapters, not graded'],
    ['wrapper-link', 'a link at mcp-ts-workshop-main, not graded'],
  ])('%s: a link at a folder above the chapters is never followed: 0 points, the link named', (name, named) => {
    expect(row(name).score, name).toBe(0);
    expect(row(name).reason).toContain('no chapter folders at all');
    expect(row(name).reason).toContain(named);
  });

  test('a student entry that is itself a link is never followed', () => {
    expect(row('student-link').score).toBe(0);
    expect(row('student-link').reason).toBe('a link, not a student folder: not followed, not graded');
  });

  test('a chapter folder that is a link counts as missing and is named; the real chapter beside it is graded', () => {
    expect(points('chapter-link', first)).toBe(0);
    expect(row('chapter-link').reason).toContain(`missing chapter folders: ${first}`);
    expect(row('chapter-link').reason).toContain(`a link at chapters/${first}, not graded`);
    expect(row('chapter-link').exercises.length).toBe(row('honest').exercises.length);
  });

  test('links to the solution inside a chapter are left out and named, so the solution is not graded', () => {
    expect(points('file-links', first)).toBe(0);
    expect(row('file-links').reason).toContain(`a link at chapters/${first}/numbers.ts, not graded`);
  });

  test('hard links to the solution inside a chapter are left out and named, so the solution is not graded', () => {
    expect(points('hard-link', first)).toBe(0);
    expect(row('hard-link').reason).toContain(`a hard link (a file sharing its bytes with another path) at chapters/${first}/numbers.ts, not graded`);
  });

  test('a FIFO beside solved files is named and skipped, and grading does not block on it', () => {
    expect(row('special').score).toBe(row('special').max_score);
    expect(row('special').reason).toBe(`every exercise passed; a special file (FIFO, socket or device) at chapters/${first}/pipe.ts, not graded`);
  });

  test("a package.json in a chapter is never honoured: its `imports` map resolves nothing for the checker's tsc", () => {
    expect(row('config').reason).toContain(`a tool configuration file at chapters/${first}/package.json, not graded`);
    expect(row('config').type_errors.map((problem) => `${problem.file} ${problem.code}`)).toContain(`chapters/${first}/probe.ts TS2307`);
    expect(points('config', second)).toBe(full(second));
  });

  test("Moodle's download folder, holding the uploaded ZIP, grades as the course it holds, under the student's name without Moodle's suffix", () => {
    const name = 'Kim Minsu';
    expect(row(name).score).toBe(row('honest').max_score);
    expect(row(name).reason).toBe('every exercise passed');
  });

  test('a ZIP of a working copy with node_modules/ and .git/ grades; a link inside a graded path still refuses it', () => {
    expect(row('working-copy.zip').score).toBe(row('honest').max_score);
    expect(row('working-copy.zip').reason).toBe('every exercise passed');
    expect(row('working-copy-link.zip').score).toBe(0);
    expect(row('working-copy-link.zip').reason).toBe(`ZIP not unpacked: it holds a link (copy/chapters/${first}/numbers2.ts)`);
  });
});
