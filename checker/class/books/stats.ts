import type { Selected } from '../../course/course.ts';
import type { Lang } from '../../usage/messages.ts';
import type { StudentResult } from '../student-result.ts';
import { handedIn } from './reasons.ts';

/** How often one test failed among the students who handed in its chapter. */
export interface TestStat {
  name: string;
  title: string;
  failed: number;
  graded: number;
}

/** How the class did on one exercise, with its most common failure message. */
export interface ExerciseStat {
  id: string;
  title: string;
  failed: number;
  graded: number;
  /** The most common failure message and how many students got it. */
  common: { message: string; count: number } | null;
  tests: TestStat[];
}

/** Failure rates per exercise and per test, and the most common failure message per exercise. */
export function classStats(results: readonly StudentResult[], selected: readonly Selected[], lang: Lang): ExerciseStat[] {
  return selected.map(({ exercise }) => {
    const graded = results
      .filter((result) => handedIn(result, exercise.id))
      .map((result) => result.report.exercises.find((entry) => entry.id === exercise.id))
      .filter((entry) => entry !== undefined);
    const failing = graded.filter((entry) => entry.status !== 'pass');
    const counts = new Map<string, number>();
    // Scoring already wrote the messages' paths the same for everyone (grading/learner-paths.ts), so equal failures read equal.
    for (const entry of failing) {
      const message = entry.message.trim();
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
    const top = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const names = graded[0]?.tests.map((test) => ({ name: test.name, title: test.title })) ??
      Object.entries(exercise.tests).map(([name, ko]) => ({ name, title: lang === 'ko' ? ko : name }));
    const tests = names.map(({ name, title }) => ({
      name,
      title,
      graded: graded.length,
      failed: graded.filter((entry) => entry.tests.find((test) => test.name === name)?.status !== 'pass').length,
    }));
    return {
      id: exercise.id,
      title: exercise.title[lang],
      failed: failing.length,
      graded: graded.length,
      common: top ? { message: top[0], count: top[1] } : null,
      tests,
    };
  });
}

/** A rate as a whole percentage, or a dash when nobody was graded. */
export function percent(failed: number, graded: number): string {
  return graded === 0 ? '–' : `${Math.round((failed / graded) * 100)}%`;
}
