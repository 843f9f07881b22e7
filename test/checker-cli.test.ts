/**
 * The learner commands end to end on the fixture course (test/fixtures/course): exit codes, the JSON and JUnit files,
 * the text report, selection, hint and the missing-file message. The real course is proven in the course project.
 * What is decided before anything is graded (which exercises an id selects, an unknown id, a hint for a named id)
 * runs in this process, through the same functions checker/cli.ts calls; every grading run is a process.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { allExercises, validIds } from '../checker/course/course.ts';
import { COURSE_VARIABLE } from '../checker/course/files.ts';
import { weightOf } from '../checker/report/build.ts';
import type { Report } from '../checker/report/shape.ts';
import { FIXTURE_CHAPTERS, FIXTURE_COURSE, FIXTURE_SOLUTIONS, FIXTURE_STARTERS, fixtureChecker as checker, fixtureCopy, fixtureLine } from './support/course.ts';
import { inProcess } from './support/in-process.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

let work: string;
// Made before the tests, never while the file loads (listing the tests leaves no folder behind).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'checker-cli-'));
});
/** Every exercise of the fixture course. */
const ALL = allExercises(FIXTURE_CHAPTERS);

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The fixture course's command modules, once loaded. */
let loaded: ReturnType<typeof loadFixtureModules> | null = null;

/** Imports the command modules afresh while CHECKER_COURSE names the fixture course. */
async function loadFixtureModules() {
  vi.resetModules();
  const [args, check, hint, current] = await Promise.all([
    import('../checker/commands/learner/args.ts'),
    import('../checker/commands/learner/check.ts'),
    import('../checker/commands/learner/hint.ts'),
    import('../checker/course/current.ts'),
  ]);
  expect(current.CHAPTERS.map((chapter) => chapter.dir)).toEqual(FIXTURE_CHAPTERS.map((chapter) => chapter.dir));
  return { ...args, ...check, ...hint };
}

/**
 * The checker's command modules on the fixture course, loaded afresh in this process with CHECKER_COURSE naming it,
 * as a process started by fixtureChecker loads them (the modules this file imported hold the real course).
 */
function fixtureModules(): ReturnType<typeof loadFixtureModules> {
  vi.stubEnv(COURSE_VARIABLE, FIXTURE_COURSE);
  loaded ??= loadFixtureModules();
  return loaded;
}

/**
 * `npm run check` or `npm run hint` on the fixture course, in this process, for a command line decided before grading:
 * what checker/cli.ts runs (readCheckerCommandLine, then runCheck or runHint), with CHECKER_LANG and INIT_CWD blanked.
 */
async function here(argv: readonly string[]): Promise<Ran> {
  const { readCheckerCommandLine, runCheck, runHint } = await fixtureModules();
  vi.stubEnv('INIT_CWD', '');
  return inProcess(() => {
    const line = readCheckerCommandLine(argv, { CHECKER_LANG: '' });
    if (line.exitCode !== undefined) return line.exitCode;
    return line.args.command === 'hint' ? runHint(line.args) : runCheck(line.args);
  });
}

/** The exercise ids runCheck grades for a check command line, from its own pickExercises, in this process. */
async function picked(argv: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ ids: string[]; said: string }> {
  const { parseArgs, pickExercises } = await fixtureModules();
  let ids: string[] = [];
  const { stderr } = await inProcess(() => {
    ids = (pickExercises(parseArgs(['check', ...argv], { CHECKER_LANG: '' }), env) ?? []).map(({ exercise }) => exercise.id);
    return 0;
  });
  return { ids, said: stderr };
}

/** The line of a TODO marker in a starter file of the fixture course. */
function todoLine(file: string, marker: string): number {
  return fixtureLine(join('chapters', file), marker);
}

describe('check on the solutions', () => {
  let json: string;
  let junit: string;
  let ran: Ran;
  let report: Report;
  beforeAll(() => {
    json = join(work, 'solutions.json');
    junit = join(work, 'solutions.xml');
    ran = checker(['check', '--target', FIXTURE_SOLUTIONS, '--json', json, '--junit', junit, '--timeout', GRADING_TIMEOUT]);
    report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  });

  test('exits 0 when every selected exercise passes', () => {
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(`${ALL.length}/${ALL.length}`);
  });

  test('a course-complete message follows the last pass, with what each chapter taught', () => {
    const tail = ran.stdout.slice(ran.stdout.indexOf('진행: '));
    expect(tail).toContain('과정 완료: 모든 장의 모든 연습을 통과했다. 이제 할 수 있는 것:');
    for (const chapter of FIXTURE_CHAPTERS) expect(tail).toContain(`  ${chapter.id} ${chapter.title.ko}: ${chapter.outcome!.ko}`);
  });

  test('writes the documented JSON shape', () => {
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['version', 'status', 'score', 'max_score', 'exercises']));
    expect(report.version).toBe(2);
    expect(report.status).toBe('pass');
    expect(report.score).toBe(report.max_score);
    expect(report.max_score).toBe(ALL.length);
    expect(report.tests_passed).toBe(report.tests_total);
    expect(report.exercises.every((exercise) => exercise.points === exercise.max_points && exercise.max_points === 1)).toBe(true);
    expect(report.exercises.map((exercise) => exercise.id)).toEqual(ALL.map(({ exercise }) => exercise.id));
    for (const exercise of report.exercises) {
      expect(Object.keys(exercise)).toEqual(expect.arrayContaining(['id', 'title', 'status', 'message', 'hint', 'tests']));
      expect(['pass', 'fail', 'error', 'timeout']).toContain(exercise.status);
      for (const one of exercise.tests) expect(Object.keys(one)).toEqual(expect.arrayContaining(['name', 'status', 'message']));
    }
  });

  test('writes JUnit with one testsuite per exercise', () => {
    const xml = readFileSync(junit, 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml.match(/<testsuite /g)).toHaveLength(ALL.length);
    expect(xml).toContain(`name="mcp-workshop score ${ALL.length}/${ALL.length}" tests="${report.tests_total}" failures="0"`);
    expect(xml.match(/<property name="points" value="1"\/>/g)).toHaveLength(ALL.length);
    expect(xml).not.toContain('<failure');
  });
});

describe('check on the untouched starter', () => {
  let json: string;
  let ran: Ran;
  beforeAll(() => {
    json = join(work, 'starter.json');
    ran = checker(['check', '--all', '--target', FIXTURE_STARTERS, '--json', json, '--timeout', GRADING_TIMEOUT]);
  });

  test('scores 0 points: guard tests the starter passes are detail, not score', () => {
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const max = ALL.reduce((sum, { exercise }) => sum + weightOf(exercise), 0);
    expect([report.score, report.max_score]).toEqual([0, max]);
    expect(report.tests_passed).toBeGreaterThan(0);
    expect(ran.stdout).toContain(`점수 0/${max} (연습 단위) · 테스트 ${report.tests_passed}/${report.tests_total} 통과`);
  });

  test('says in its first lines that an exercise counts only when all of its tests pass', () => {
    expect(ran.stdout.split('\n').slice(0, 3).join('\n')).toContain('연습 하나는 그 테스트가 모두 통과해야 점수가 된다');
  });

  test('exits 1 and fails every exercise, each with its hint and TODO location', () => {
    expect(ran.status).toBe(1);
    expect(ran.stdout).toContain(`진행: 연습 0/${ALL.length} 통과`);
    for (const { chapter, exercise } of ALL) {
      expect(ran.stdout).toContain(`✗ ${exercise.id}`);
      expect(ran.stdout).toContain(exercise.hint.ko);
      const where = `chapters/${chapter.dir}/${exercise.todo.file}:${todoLine(`${chapter.dir}/${exercise.todo.file}`, exercise.todo.marker)}`;
      expect(ran.stdout).toContain(where);
    }
  });

  test('names the other failing tests of an exercise, not just how many there are', () => {
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const first = report.exercises.find((exercise) => exercise.id === '01/1')!;
    const others = first.tests.filter((one) => one.status !== 'pass').slice(1);
    expect(others.length).toBeGreaterThan(0);
    expect(ran.stdout).toContain(`함께 실패한 테스트 ${others.length}개:`);
    for (const one of others) expect(ran.stdout).toContain(`      - ${one.title}`);
  });

  test('shows what was sent, what came back and what was expected, without a stack trace', () => {
    expect(ran.stdout).toContain('보낸 것');
    expect(ran.stdout).toContain('받은 것');
    expect(ran.stdout).toContain('기대한 것');
    expect(ran.stdout).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  });
});

describe('selecting exercises', () => {
  test('01/3 selects one exercise and 1/3 means the same', async () => {
    expect((await picked(['01/3'])).ids).toEqual(['01/3']);
    expect((await picked(['1/3'])).ids).toEqual(['01/3']);
  });

  test('02 selects the two exercises of chapter 2', async () => {
    expect((await picked(['02'])).ids).toEqual(['02/1', '02/2']);
  });

  test('an unknown id exits 2 and lists the valid ids', async () => {
    const ran = await here(['check', '09/9']);
    expect(ran.status).toBe(2);
    expect(ran.stderr).toContain('09/9');
    expect(ran.stderr).toContain(validIds(FIXTURE_CHAPTERS).join(', '));
  });
});

describe('hint', () => {
  test('prints the hint and the file:line of the TODO', async () => {
    const ran = await here(['hint', '01/3', '--target', FIXTURE_STARTERS, '--timeout', GRADING_TIMEOUT]);
    expect(ran.status).toBe(0);
    expect(ran.stdout).toContain(`chapters/01-numbers/text.ts:${todoLine('01-numbers/text.ts', 'TODO(01/3)')}`);
    expect(ran.stdout).toContain(ALL.find(({ exercise }) => exercise.id === '01/3')!.exercise.hint.ko);
  });

  test('on a copy of the whole repository, names the file inside its chapters folder, as check does', async () => {
    // A repository-shaped copy outside the current folder: chapters/ (the committed starters) beside solutions/ and the README.
    const copy = dirname(fixtureCopy('kim-'));
    cpSync(FIXTURE_SOLUTIONS, join(copy, 'solutions'), { recursive: true });
    cpSync(join(FIXTURE_COURSE, 'README.md'), join(copy, 'README.md'));
    const where = `${join(copy, 'chapters', '01-numbers', 'numbers.ts')}:${todoLine('01-numbers/numbers.ts', 'TODO(01/1)')}`;
    // The hint for a named id is decided without grading; hint's process run is the one from a chapter folder below.
    const hinted = await here(['hint', '01/1', '--target', copy, '--timeout', GRADING_TIMEOUT]);
    expect(hinted.status).toBe(0);
    expect(hinted.stdout).toContain(`: ${where}\n`);
    // 1/1 as a learner may type it: the process grades exactly 01/1.
    const json = join(work, 'copy.json');
    const checked = checker(['check', '1/1', '--target', copy, '--json', json, '--timeout', GRADING_TIMEOUT]);
    expect(checked.stdout).toContain(where);
    expect((JSON.parse(readFileSync(json, 'utf8')) as Report).exercises.map((exercise) => exercise.id)).toEqual(['01/1']);
    const english = await here(['hint', '01/1', '--target', copy, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(english.status).toBe(0);
    expect(english.stdout).toContain(`Look at: ${where}\n`);
    // The lesson line names the lesson in the learner's language: Korean while the chapter has no English edition.
    const lessons = join(copy, 'chapters', '01-numbers');
    expect(hinted.stdout).toContain(`강의: ${join(lessons, 'README.md')}\n`);
    expect(english.stdout).toContain(`Lesson: ${join(lessons, 'README.md')}\n`);
    writeFileSync(join(lessons, 'README.en.md'), '# Chapter 1. Numbers\n\n## Exercises\n\n### 01/1 Doubling\n');
    const withEnglish = await here(['hint', '01/1', '--target', copy, '--lang', 'en', '--timeout', GRADING_TIMEOUT]);
    expect(withEnglish.stdout).toContain(`Lesson: ${join(lessons, 'README.en.md')}, "01/1 Doubling"\n`);
  });
});

describe('run from a chapter folder (npm keeps the folder it was started from in INIT_CWD)', () => {
  test('check with no id checks only that chapter, and says so, here in English on request', () => {
    const target = fixtureCopy('here-check-');
    const json = join(work, 'here.json');
    const ran = checker(['check', '--target', target, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { env: { INIT_CWD: join(target, '02-pairs') } });
    expect(ran.status).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    expect(report.exercises.map((exercise) => exercise.id)).toEqual(['02/1', '02/2']);
    expect(ran.stderr).toContain('02-pairs, so this covers chapter 2 only');
    expect(ran.stdout).toContain('Progress: 0/2');
    expect(ran.stdout).toContain(`score 0/2 (by exercise) · tests ${report.tests_passed}/${report.tests_total} passed`);
    expect(ran.stdout.split('\n').slice(0, 3).join('\n')).toContain('an exercise counts only when all of its tests pass');
    expect(ran.stdout).toContain('Hint:');
    expect(ran.stdout).toMatch(/sent: |got: /);
  });

  test('says so in Korean by default', async () => {
    const target = fixtureCopy('here-ko-');
    const { ids, said } = await picked(['--target', target], { INIT_CWD: join(target, '02-pairs') });
    expect(ids).toEqual(['02/1', '02/2']);
    expect(said).toContain('02-pairs 폴더에서 실행해서 2장만 본다');
  });

  test('hint with no id, from a folder inside a chapter, hints that chapter\'s first failing exercise, in English', () => {
    const target = fixtureCopy('here-hint-');
    mkdirSync(join(target, '02-pairs', 'notes'));
    const ran = checker(['hint', '--target', target, '--lang', 'en'], { env: { INIT_CWD: join(target, '02-pairs', 'notes') } });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toContain(ALL.find(({ exercise }) => exercise.id === '02/1')!.exercise.hint.en);
    expect(ran.stdout).not.toContain('01/1');
    expect(ran.stderr).toContain('so this covers chapter 2 only');
  });
});

describe('a deleted learner file', () => {
  // One grading run; the English texts and the next step as check prints them, in both languages, are rendered
  // in-process from scoreTarget's report by test/unit/checker/grading/score-messages.test.ts.
  test('is named as missing, with how to get it back', () => {
    const [missing, next, misleading] = ['없는 파일: ', '다음 할 일: ', /샌드박스 밖|불러오다가 실패했다: /];
    const target = fixtureCopy('deleted-');
    rmSync(join(target, '01-numbers', 'text.ts'));
    const ran = checker(['check', '01', '--target', target]);
    expect(ran.status).toBe(1);
    const file = join(target, '01-numbers', 'text.ts');
    expect(ran.stdout).toContain(`${missing}${file}`);
    expect(ran.stdout).toContain('git checkout -- chapters/01-numbers/text.ts');
    expect(ran.stdout).toContain('npm run reset -- 01');
    expect(ran.stdout).not.toMatch(misleading);
    expect(ran.stdout).not.toContain('TS2307');
    expect(ran.stdout.trim().split('\n').at(-1)).toContain(`${next}`);
    expect(ran.stdout.trim().split('\n').at(-1)).toContain(file);
  });
});
