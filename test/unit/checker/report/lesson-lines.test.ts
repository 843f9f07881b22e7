import { expect, test } from 'vitest';
import { buildReport } from '../../../../checker/report/build.ts';
import type { CourseOutline } from '../../../../checker/report/course-view.ts';
import { readLessonLines } from '../../../../checker/report/lesson-lines.ts';
import type { ExerciseReport } from '../../../../checker/report/shape.ts';
import { nextSteps } from '../../../../checker/report/text.ts';
import { messages } from '../../../../checker/usage/messages.ts';

/** Two chapters of two exercises; the first has its lesson in the report's language, the second too. */
const COURSE: CourseOutline = {
  chapters: ['01', '02'].map((id) => ({
    id,
    dir: `${id}-x`,
    title: `Chapter ${id}`,
    learnerDir: `chapters/${id}-x`,
    lesson: `chapters/${id}-x/README.en.md`,
    exercises: [1, 2].map((n) => ({ id: `${id}/${n}`, title: `Exercise ${n}`, todo: `chapters/${id}-x/main.ts:${n}` })),
  })),
};

function passed(id: string): ExerciseReport {
  return { id, title: id, status: 'pass', message: '', hint: '', todo: 'x', points: 1, max_points: 1, tests: [{ name: 't', title: 't', status: 'pass', message: '' }] };
}

test('the first exercise of a chapter comes with its lesson; any other exercise with none', () => {
  expect(readLessonLines(COURSE, '02/1', messages('en'))).toEqual(["Read its chapter's lesson first: chapters/02-x/README.en.md"]);
  expect(readLessonLines(COURSE, '02/1', messages('ko'))).toEqual(['먼저 그 장의 강의를 읽는다: chapters/02-x/README.en.md']);
  expect(readLessonLines(COURSE, '01/2', messages('en'))).toEqual([]);
  const { lesson: _, ...without } = COURSE.chapters[1]!;
  expect(readLessonLines({ chapters: [COURSE.chapters[0]!, without] }, '02/1', messages('en'))).toEqual([]);
});

test('a completed chapter sends the learner to the next chapter\'s lesson, under its first exercise', () => {
  const report = buildReport({ target: 'chapters', lang: 'en', exercises: ['01/1', '01/2'].map(passed), type_errors: [] });
  const lines = nextSteps(report, COURSE);
  const next = lines.indexOf('Next exercise: 02/1 Exercise 1 → chapters/02-x/main.ts:1');
  expect(lines.slice(1, 2)).toEqual(['Chapter 1 complete: Chapter 01. What you can do now:']);
  expect(next).toBeGreaterThan(0);
  expect(lines[next + 1]).toBe("Read its chapter's lesson first: chapters/02-x/README.en.md");
});
