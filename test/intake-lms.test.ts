import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import type { Entry } from 'yauzl';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Gradebook } from '../checker/class/books/gradebook.ts';
import { entryName } from '../checker/class/intake/zip-names.ts';
import { shardOf } from '../checker/class/intake/shard.ts';
import { parseCsv } from './support/class.ts';
import { FIXTURE_SOLUTIONS, fixtureTs as runTs } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';
import { backslashEntriesFrom, entriesFrom, legacyEntriesFrom, zipOf } from './support/zip.ts';

/**
 * A class as LMS downloads and Windows archivers hand it in (on the fixture course), every submission a copy of the
 * solution, so each row must show full marks: a ZIP whose names Korean Windows' Explorer wrote in CP949 without the
 * UTF-8 flag, a ZIP inside a ZIP, a ZIP with `\` separators, Canvas's late and resubmitted file names with a roster
 * keyed by Canvas user id, and roster keys written without `.zip`, graded in three shards and merged. Then Moodle's
 * "Download all submissions" ZIP itself, with an online-text folder beside a student's file folder.
 */
const solutions = FIXTURE_SOLUTIONS;
/** `김민수_과제1` in CP949, the bytes Explorer on Korean Windows writes (no UTF-8 flag). */
const CP949_FOLDER = Buffer.from([0xb1, 0xe8, 0xb9, 0xce, 0xbc, 0xf6, 0x5f, 0xb0, 0xfa, 0xc1, 0xa6, 0x31]);
const grade = (from: string, out: string, ...extra: string[]) =>
  runTs('checker/class/cli.ts', [from, '--out', join(work, out), '--lang', 'en', '--timeout', GRADING_TIMEOUT, ...extra], { timeoutMs: 300_000, env: { TZ: 'UTC' } });
let work: string;
let shards: Ran[];
let merged: Ran;
let book: Gradebook;
let moodleRun: Ran;
let twiceRun: Ran;
let moodleBook: Gradebook;
const row = (name: string) => book.students.find((entry) => entry.student === name);

// The class is laid out, graded in shards and merged before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'intake-lms-'));
  const submissions = join(work, 'class');
  mkdirSync(submissions);
  writeFileSync(join(submissions, 'hangul.zip'), zipOf(legacyEntriesFrom(solutions, Buffer.concat([CP949_FOLDER, Buffer.from('/chapters')]))));
  // A ZIP holding only the ZIP the student made first.
  writeFileSync(join(submissions, 'nested.zip'), zipOf([{ name: 'week1.zip', data: zipOf(entriesFrom(solutions, 'mcp-workshop/chapters')) }]));
  // .NET Framework's ZipFile (old PowerShell Compress-Archive) writes `\` between folders.
  writeFileSync(join(submissions, 'windows.zip'), zipOf(backslashEntriesFrom(solutions, 'mcp-workshop\\chapters')));
  // Canvas: a late submission, and a resubmission of the same file name (`-1`); a third roster student handed in nothing.
  writeFileSync(join(submissions, 'kimminsu_LATE_123456_7890123_mcp-workshop.zip'), zipOf(entriesFrom(solutions, 'chapters')));
  writeFileSync(join(submissions, 'leejieun_234567_8901235_mcp-workshop-1.zip'), zipOf(entriesFrom(solutions, 'chapters')));
  const config = join(work, 'class.json');
  writeFileSync(
    config,
    JSON.stringify({
      roster: { hangul: 'S-001', nested: 'S-002', windows: 'S-003', '123456': 'S-004', '234567': 'S-005', '345678': 'S-006', absent: 'S-007' },
      canvasAssignment: 'MCP',
      assignments: { week1: { exercises: ['01', '02'] } },
    }),
  );

  shards = [1, 2, 3].map((index) => grade(submissions, `part${index}`, '--config', config, '--assignment', 'week1', '--shard', `${index}/3`));
  merged = runTs('checker/class/merge-cli.ts', [1, 2, 3].map((index) => join(work, `part${index}`)).concat(['--out', join(work, 'merged'), '--lang', 'en']), { env: { TZ: 'UTC' } });
  book = JSON.parse(readFileSync(join(work, 'merged', 'gradebook.json'), 'utf8')) as Gradebook;

  // Moodle's download ZIP, given as it is: one folder per student and plugin; Kim's file folder holds the ZIP he uploaded.
  const moodle = join(work, 'moodle.zip');
  writeFileSync(
    moodle,
    zipOf([
      { name: 'Kim Minsu_101_assignsubmission_file_/mcp.zip', data: zipOf(entriesFrom(solutions, 'mcp/chapters')) },
      { name: 'Kim Minsu_101_assignsubmission_onlinetext_/onlinetext.html', data: Buffer.from('<p>done, see the zip</p>') },
      ...entriesFrom(solutions, 'Lee Jieun_102_assignsubmission_file_/chapters'),
      { name: 'Park Jiho_103_assignsubmission_onlinetext_/onlinetext.html', data: Buffer.from('<p>I forgot the file</p>') },
    ]),
  );
  moodleRun = grade(moodle, 'moodle');

  // One student twice in one run: a folder `lee` and a `lee.zip` beside it.
  const twice = join(work, 'twice');
  cpSync(solutions, join(twice, 'lee', 'chapters'), { recursive: true });
  writeFileSync(join(twice, 'lee.zip'), zipOf(entriesFrom(solutions, 'chapters')));
  twiceRun = grade(twice, 'twice-out');
  moodleBook = JSON.parse(readFileSync(join(work, 'moodle', 'gradebook.json'), 'utf8')) as Gradebook;
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm run grade on LMS downloads and Windows ZIPs, in three shards', () => {
  test('every shard and the merge succeed, and each student is one row', () => {
    for (const ran of [...shards, merged]) expect(ran.status, ran.stderr).toBe(0);
    const names = book.students.map((entry) => entry.student);
    expect(names).toEqual(['345678', 'absent', 'hangul.zip', 'kimminsu_LATE_123456_7890123_mcp-workshop.zip', 'leejieun_234567_8901235_mcp-workshop-1.zip', 'nested.zip', 'windows.zip']);
    const ids = book.students.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The fixture holds the old bug: hashed by the submission's own name, each of these lands in another shard than its roster key.
    for (const name of ['hangul', 'nested', 'windows']) expect(shardOf(`${name}.zip`, 3), name).not.toBe(shardOf(name, 3));
  });

  test('the CP949, nested and backslash ZIPs get full marks, each row saying how it was read', () => {
    for (const name of ['hangul.zip', 'nested.zip', 'windows.zip']) expect(row(name)?.score, `${name}: ${row(name)?.reason}`).toBe(row(name)?.max_score);
    expect(row('hangul.zip')?.reason).toContain("the ZIP's file names are in CP949 without the UTF-8 flag");
    expect(row('nested.zip')?.reason).toContain('graded from a ZIP inside a ZIP (2 levels unpacked)');
    expect(row('windows.zip')?.reason).toContain("the ZIP's paths use \\ as separator");
    expect(shards.map((ran) => ran.stderr).join('\n')).toContain('Warning: ZIPs whose file names were read as CP949 (no UTF-8 flag): hangul.zip');
  });

  test('Canvas file names: matched to the roster by user id, the late one marked, ID filled, resubmission graded', () => {
    const late = row('kimminsu_LATE_123456_7890123_mcp-workshop.zip')!;
    const resubmitted = row('leejieun_234567_8901235_mcp-workshop-1.zip')!;
    expect([late.id, resubmitted.id]).toEqual(['S-004', 'S-005']);
    expect(late.score).toBe(late.max_score);
    expect(late.reason).toContain('late: Canvas marked this submission late');
    expect(resubmitted.reason).not.toContain('late');
    expect(row('345678')?.reason).toBe('not handed in');
    const canvas = parseCsv(readFileSync(join(work, 'merged', 'gradebook-canvas.csv'), 'utf8'));
    expect(canvas[0]).toEqual(['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section', 'MCP (week1)']);
    expect(canvas.find((line) => line[0] === late.student)?.slice(1, 3)).toEqual(['123456', 'S-004']);
    expect(canvas.find((line) => line[0] === resubmitted.student)?.slice(1, 3)).toEqual(['234567', 'S-005']);
    expect(shards.map((ran) => ran.stderr).join('\n')).toMatch(/Canvas marked these submissions late.*kimminsu_LATE_123456/);
  });

  test('a merge that would hold two rows of one student is refused, naming them', () => {
    const copy = join(work, 'part-dup');
    cpSync(join(work, 'part1'), copy, { recursive: true });
    const part = JSON.parse(readFileSync(join(copy, 'gradebook.json'), 'utf8')) as Gradebook;
    const other = [2, 3].map((index) => JSON.parse(readFileSync(join(work, `part${index}`, 'gradebook.json'), 'utf8')) as Gradebook);
    // The old bug: `hangul` (the roster's key) as a "not handed in" row in one shard, `hangul.zip` graded in another.
    const graded = [part, ...other].flatMap((one) => one.students).find((entry) => entry.student === 'hangul.zip')!;
    const inPart = part.students.some((entry) => entry.student === 'hangul.zip');
    part.students.push({ ...graded, student: inPart ? 'hangul-copy.zip' : 'hangul', score: 0 });
    writeFileSync(join(copy, 'gradebook.json'), JSON.stringify(part));
    const dirs = [copy, join(work, 'part2'), join(work, 'part3')];
    const refused = runTs('checker/class/merge-cli.ts', [...dirs, '--out', join(work, 'dup-out'), '--lang', 'en']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/No gradebook written: .* are one student \((student key hangul|SIS id S-001)\)/);
  });

  test('one run holding one student twice (`lee` and `lee.zip`) writes no gradebook and names both rows', () => {
    expect(twiceRun.status).toBe(2);
    expect(twiceRun.stderr).toContain('No gradebook written: lee and lee.zip are one student (student key lee)');
    expect(() => readFileSync(join(work, 'twice-out', 'gradebook.json'))).toThrow();
  });

  test("an entry's name is decoded from CP949 when it has no UTF-8 flag and is no valid UTF-8", async () => {
    const zip = await yauzl.fromBufferPromise(zipOf([{ name: 'x', rawName: Buffer.concat([CP949_FOLDER, Buffer.from('/a.ts')]), utf8: false, data: Buffer.from('') }]), { lazyEntries: true, decodeStrings: false });
    const entry = await new Promise<Entry>((done) => {
      zip.once('entry', done);
      zip.readEntry();
    });
    expect(entryName(entry)).toEqual({ name: '김민수_과제1/a.ts', encoding: 'cp949', backslashes: false });
    zip.close();
  });
});

describe("npm run grade on Moodle's download ZIP itself", () => {
  test('each student is one row under their own name, graded in full; online-text folders are no row, said once', () => {
    expect(moodleRun.status, moodleRun.stderr).toBe(0);
    expect(moodleBook.students.map((entry) => entry.student)).toEqual(['Kim Minsu', 'Lee Jieun']);
    for (const entry of moodleBook.students) expect(entry.score, entry.reason).toBe(entry.max_score);
    const said = moodleRun.stderr.split('\n').filter((line) => line.includes('online-text'));
    expect(said).toEqual(["Moodle online-text folders, which hold no code, not counted as submissions (2): Kim Minsu_101_assignsubmission_onlinetext_, Park Jiho_103_assignsubmission_onlinetext_"]);
    expect(readFileSync(join(work, 'moodle', 'gradebook.json'), 'utf8')).not.toContain('mcp-grade-zips-');
  });
});
