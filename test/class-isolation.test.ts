import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { allExercises } from '../checker/course/course.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import type { Report } from '../checker/report/shape.ts';
import { chapterDir } from './support/chapters.ts';
import { FIXTURES, buildFixture } from './support/fixtures.ts';
import { hostileCopy } from './support/hostile.ts';
import type { Change } from './support/fixtures.ts';
import { GRADING_TIMEOUT, checker, entry } from './support/run.ts';

/** Students whose code misbehaves in every way the checker must contain, beside honest and wrong ones. */
const HOSTILE: Record<string, Change[]> = {
  'loop-at-import': [{ file: `${chapterDir('01')}/model.ts`, prepend: 'for (;;) {}\n' }],
  'exit-at-import': [{ file: `${chapterDir('02')}/client.ts`, prepend: 'process.exit(3);\n' }],
  'throw-at-import': [{ file: `${chapterDir('02')}/protocol.ts`, prepend: "throw new Error('boom');\n" }],
  'pollutes-prototype': [{ file: `${chapterDir('02')}/client.ts`, prepend: "(Object.prototype as Record<string, unknown>)['polluted'] = true;\n" }],
  'patches-builtin': [
    { file: `${chapterDir('01')}/rpc.ts`, prepend: "import * as nodeFs from 'node:fs';\ntry { Object.assign(nodeFs, { readFileSync: () => 'patched' }); } catch {}\n(JSON as { parse: unknown }).parse = () => ({});\n" },
  ],
  'memory-bomb': [{ file: `${chapterDir('02')}/server.ts`, prepend: 'const hoard: number[][] = [];\nfor (;;) hoard.push(new Array(1_000_000).fill(1));\n' }],
  // Module state is fresh for every exercise; state kept on globalThis is the student's own, in check and in grade alike.
  'leaks-global-state': [
    {
      file: `${chapterDir('01')}/server.ts`,
      prepend: "const shared = globalThis as { loads?: number };\nshared.loads = (shared.loads ?? 0) + 1;\nif (shared.loads > 2) throw new Error('loaded more than twice in one process');\n",
    },
  ],
  solved: [],
};

describe('a class graded together gives every student what check gives them alone', () => {
  const klass = mkdtempSync(join(tmpdir(), 'isolation-class-'));
  for (const [name, changes] of Object.entries(HOSTILE)) cpSync(hostileCopy(changes), join(klass, name, 'chapters'), { recursive: true });
  // One wrong answer per exercise, so every suite runs beside hostile neighbours.
  const wrong = [...new Map(FIXTURES.map((fixture) => [fixture.exercise, fixture])).values()];
  for (const fixture of wrong) cpSync(buildFixture(fixture), join(klass, `fixture-${fixture.exercise.replace('/', '-')}-${fixture.name}`, 'chapters'), { recursive: true });
  const out = mkdtempSync(join(tmpdir(), 'isolation-out-'));
  // A generous limit: at 10 s a loaded machine timed out honest files in one run and not in the other; the hostile
  // students' loops never end, so they time out in both runs at any limit.
  const ran = entry('checker/class/cli.ts', [klass, '--out', out, '--timeout', GRADING_TIMEOUT, '--lang', 'en'], { timeoutMs: 1_800_000 });
  const book = existsSync(join(out, 'gradebook.json'))
    ? (JSON.parse(readFileSync(join(out, 'gradebook.json'), 'utf8')) as { students: (Report & { student: string })[] })
    : { students: [] };
  const statuses = (report: Report) => report.exercises.map((exercise) => `${exercise.id} ${exercise.status}`);

  test('the class run finishes and grades every student', () => {
    expect(ran.status, `${ran.stdout}\n${ran.stderr}`).toBe(0);
    expect(book.students.map((student) => student.student).sort()).toEqual(
      [...Object.keys(HOSTILE), ...wrong.map((fixture) => `fixture-${fixture.exercise.replace('/', '-')}-${fixture.name}`)].sort(),
    );
  });

  test('the honest student passes everything whatever the others did', () => {
    const solved = book.students.find((student) => student.student === 'solved')!;
    expect(statuses(solved)).toEqual(allExercises(CHAPTERS).map(({ exercise }) => `${exercise.id} pass`));
  });

  test('each misbehaving student loses only the exercises their own code breaks', () => {
    const byName = (name: string) => book.students.find((student) => student.student === name)!;
    const status = (name: string, id: string) => byName(name).exercises.find((exercise) => exercise.id === id)!.status;
    expect(status('loop-at-import', '01/2')).toBe('timeout');
    expect(status('loop-at-import', '02/1')).toBe('pass');
    expect(status('exit-at-import', '01/1')).toBe('pass');
    expect(status('throw-at-import', '02/1')).toBe('error');
    expect(status('memory-bomb', '01/1')).toBe('pass');
    // The learner's heap is capped, so the bomb ends its worker at once instead of racing the file limit.
    expect(status('memory-bomb', '02/2')).toBe('error');
    expect(status('pollutes-prototype', '01/1')).toBe('pass');
    expect(status('leaks-global-state', '02/1')).toBe('pass');
  });

  test('every student\'s statuses equal check --target on that student alone', () => {
    for (const student of book.students) {
      const json = join(out, `${student.student}.json`);
      const alone = checker(['check', '--target', join(klass, student.student), '--timeout', GRADING_TIMEOUT, '--lang', 'en', '--json', json, '--quiet'], { timeoutMs: 600_000 });
      expect(alone.status === 0 || alone.status === 1, `${student.student}: exit ${alone.status}\n${alone.stdout}\n${alone.stderr}`).toBe(true);
      expect(existsSync(json), `${student.student}: exit ${alone.status}\n${alone.stdout}\n${alone.stderr}`).toBe(true);
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
      expect(statuses(report), student.student).toEqual(statuses(student));
    }
  }, 3_600_000);
});
