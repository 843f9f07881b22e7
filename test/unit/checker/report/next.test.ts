import { describe, expect, test } from 'vitest';
import { loadChapters, allExercises } from '../../../../checker/course/course.ts';
import { buildReport } from '../../../../checker/report/build.ts';
import { junitOf } from '../../../../checker/report/junit.ts';
import { afterPass, chapterInProgress } from '../../../../checker/report/course-view.ts';
import type { CourseOutline } from '../../../../checker/report/course-view.ts';
import type { ExerciseReport, Report, TestOutput } from '../../../../checker/report/shape.ts';
import { quietText, renderText } from '../../../../checker/report/text.ts';
import { OutputCollector, visible } from '../../../../checker/runner/learner-output.ts';
import { FIXTURE_COURSE } from '../../../support/course.ts';

/*
 * What the text report adds around the graded exercises: the learner's own output with a failure, what is next after
 * a pass (the next exercise, a completed chapter or course, the solution to compare with), and the focused first screen.
 */
const CHAPTERS = await loadChapters(FIXTURE_COURSE);
const SELECTED = allExercises(CHAPTERS);

/** The fixture course as check outlines it, each exercise's TODO at line 5 of its file. */
const COURSE: CourseOutline = {
  chapters: CHAPTERS.map((chapter) => ({
    id: chapter.id,
    dir: chapter.dir,
    title: chapter.title.en,
    learnerDir: `chapters/${chapter.dir}`,
    solutionDir: `solutions/${chapter.dir}`,
    ...(chapter.outcome ? { outcome: chapter.outcome.en } : {}),
    exercises: chapter.exercises.map((exercise) => ({ id: exercise.id, title: exercise.title.en, todo: `chapters/${chapter.dir}/${exercise.todo.file}:5` })),
  })),
};

function exercise(id: string, pass: boolean, output?: TestOutput): ExerciseReport {
  const { exercise: spec } = SELECTED.find(({ exercise: known }) => known.id === id)!;
  const names = Object.keys(spec.tests);
  const message = pass ? '' : `${spec.title.en} broke its rule\n  got: 21\n  expected: 42`;
  return {
    id,
    title: spec.title.en,
    status: pass ? 'pass' : 'fail',
    message,
    hint: spec.hint.en,
    todo: `chapters/x/${spec.todo.file}:5`,
    points: pass ? 1 : 0,
    max_points: 1,
    tests: names.map((name, index) => {
      const failing = !pass && index === 0;
      return { name, title: name, status: failing ? 'fail' : 'pass', message: failing ? message : '', ...(failing && output ? { output } : {}) };
    }),
  };
}

/** A report of the given exercises (all of the course when none are named), with the failing ones failing. */
function report(failing: readonly string[], ids: readonly string[] = SELECTED.map(({ exercise: spec }) => spec.id), output?: TestOutput): Report {
  return buildReport({ target: 'chapters', lang: 'en', exercises: ids.map((id) => exercise(id, !failing.includes(id), output)), type_errors: [] });
}

describe('learner output with a failure', () => {
  const output: TestOutput = { lines: [{ stream: 'stdout', text: 'double got 21' }, { stream: 'stderr', text: 'warned' }], more: 7 };

  test('appears under the failure, marked as the learner\'s line by line, with a count of the lines left out', () => {
    const text = renderText(report(['01/1'], undefined, output));
    expect(text).toContain('What your code printed during this test (console, stdout and stderr):\n    │ double got 21\n    │ (stderr) warned\n    │ … 7 more lines (only the first 20 are shown)');
  });

  test('is escaped in JUnit, so learner text cannot forge the XML', () => {
    const forged: TestOutput = { lines: [{ stream: 'stdout', text: '</system-out></testcase><testcase name="fake"/>' }], more: 0 };
    const xml = junitOf(report(['01/1'], undefined, forged));
    expect(xml).toContain('<system-out>&lt;/system-out&gt;&lt;/testcase&gt;&lt;testcase name=&quot;fake&quot;/&gt;</system-out>');
    expect(xml).not.toContain('<testcase name="fake"');
  });

  test('is bounded as it is collected: the first 20 lines kept, the rest counted, control characters made visible', () => {
    const collector = new OutputCollector();
    for (let line = 0; line < 1000; line += 1) collector.add('t1', 'stdout', `line ${line}\n`);
    collector.add('t1', 'stderr', 'a\nb\n');
    collector.add(undefined, 'stdout', 'while loading\n');
    const kept = collector.take('t1')!;
    expect(kept.lines).toHaveLength(20);
    expect(kept.lines[0]).toEqual({ stream: 'stdout', text: 'line 0' });
    expect(kept.more).toBe(982);
    expect(collector.take('t1')).toBeUndefined();
    expect(visible('\u001b[2J✓ 01/1 fake — pass\r')).toBe('\\u001b[2J✓ 01/1 fake — pass\\u000d');
    expect(visible('x'.repeat(1000))).toHaveLength(301);
  });
});

describe('what next', () => {
  test('after one exercise passes alone, names the next exercise and its TODO, and offers no diff that would show the unsolved ones', () => {
    const text = renderText(report([], ['01/1']), { course: COURSE });
    expect(text).toContain('Next exercise: 01/2 Clamping → chapters/01-numbers/numbers.ts:5');
    expect(text).not.toContain('git diff');
    expect(text).not.toContain('complete');
  });

  test('a chapter complete says what the learner can do now, from the manifest, and names the next chapter\'s first exercise', () => {
    const text = renderText(report([], ['01/1', '01/2', '01/3']), { course: COURSE });
    expect(text).toContain('Chapter 1 complete: Numbers. What you can do now:\n  You can double a number, keep it in a range and shout a text.');
    expect(text).toContain('Next exercise: 02/1 Swapping → chapters/02-pairs/pairs.ts:5');
    expect(text).toContain('git diff --no-index solutions/01-numbers chapters/01-numbers');
    expect(text).not.toContain('solutions/02-pairs');
  });

  test('the course complete follows the last pass, with every chapter\'s outcome', () => {
    const text = renderText(report([]), { course: COURSE });
    expect(text).toContain('Course complete: every exercise of every chapter passes.');
    expect(text).toContain('  02 Pairs: You can swap and add pairs.');
    expect(text).not.toContain('Next exercise');
    expect(afterPass(report([]), COURSE).courseDone).toBe(true);
  });

  test('graded in the solutions folder itself, a completed chapter offers no diff with itself', () => {
    const inSolutions: CourseOutline = { chapters: COURSE.chapters.map((chapter) => ({ ...chapter, learnerDir: chapter.solutionDir! })) };
    expect(afterPass(report([]), inSolutions).compare).toEqual([]);
    expect(renderText(report([]), { course: inSolutions })).not.toContain('git diff --no-index');
    expect(afterPass(report([]), COURSE).compare.length).toBeGreaterThan(0);
  });

  test('with earlier passes remembered, one chapter checked alone names no passed exercise and says the course is complete', () => {
    const known = SELECTED.map(({ exercise: spec }) => spec.id).filter((id) => !id.startsWith('02/'));
    const last = renderText(report([], ['02/1', '02/2']), { course: { ...COURSE, known } });
    expect(last).toContain('Course complete: every exercise of every chapter passes.');
    expect(last).not.toContain('Next exercise');
    const first = renderText(report([], ['01/1']), { course: { ...COURSE, known: [...known, '02/1', '02/2'] } });
    expect(first).toContain('Course complete');
    expect(first).not.toContain('Next exercise');
  });

  test('the next exercise is the first of the course not known to pass, never one after the last checked', () => {
    const text = renderText(report([], ['02/1']), { course: { ...COURSE, known: ['01/1', '01/3'] } });
    expect(text).toContain('Next exercise: 01/2 Clamping');
    expect(renderText(report([], ['01/1']), { course: { ...COURSE, known: ['01/2', '01/3', '02/1'] } })).toContain('Next exercise: 02/2 ');
  });

  test('a failure in the report wins over a pass remembered from before', () => {
    expect(afterPass(report(['01/2'], ['01/2']), { ...COURSE, known: ['01/2'] }).next?.id).toBe('01/1');
  });

  test('a failure still comes first: the next step is the first failing exercise', () => {
    expect(renderText(report(['01/2']), { course: COURSE })).toContain('Next: 01/2 → chapters/x/numbers.ts:5');
  });

  test('--quiet keeps two lines: the progress and the first line of the next step', () => {
    expect(quietText(report([], ['01/1']), { course: COURSE }).split('\n')).toEqual([expect.stringMatching(/^Progress: 1\/1/), 'Every selected exercise passes.']);
  });
});

describe('the focused first screen', () => {
  test('shows the chapter in progress in detail and one line for each other chapter', () => {
    const text = renderText(report(['02/1', '02/2', '01/3']), { course: COURSE, focus: true });
    expect(chapterInProgress(report(['02/1', '01/3']))).toBe('01');
    expect(text).toContain('✗ 01/3 Shouting — fail');
    expect(text).toContain('✓ 01/1 Doubling — pass');
    expect(text).toContain('· 02 Pairs — 0/2 exercises passed');
    expect(text).not.toContain('02/1 Swapping');
    expect(text).toContain('npm run check -- --all');
  });

  test('a completed chapter is one line marked passed', () => {
    const text = renderText(report(['02/2']), { course: COURSE, focus: true });
    expect(text).toContain('✓ 01 Numbers — 3/3 exercises passed');
    expect(text).toContain('✗ 02/2 Adding — fail');
  });

  test('without focus, every chapter is in detail', () => {
    expect(renderText(report(['02/1', '01/3']), { course: COURSE })).toContain('✗ 02/1 Swapping — fail');
  });
});
