import type { PullRequestReport } from '../../checker/pr/grade-pr.ts';
import { allExercises } from '../../checker/course/course.ts';
import type { ChapterSpec } from '../../checker/manifest/types.ts';
import { totals } from '../../checker/report/build.ts';

/** The commit id every report below names as its base, head and merge base. */
const SHA = 'a'.repeat(40);

/** A well-formed grade:pr report on the given chapters where the listed exercises fail their first test with `message`. */
export function prReport(chapters: readonly ChapterSpec[], failing: readonly string[] = [], message = 'boom'): PullRequestReport {
  const exercises = allExercises(chapters).map(({ chapter, exercise }) => {
    const fails = failing.includes(exercise.id);
    const tests = Object.keys(exercise.tests).map((name, index) => ({
      name, title: name, status: fails && index === 0 ? ('fail' as const) : ('pass' as const), message: fails && index === 0 ? message : '',
    }));
    return {
      id: exercise.id, title: exercise.title.en, status: fails ? ('fail' as const) : ('pass' as const), message: fails ? message : '',
      hint: 'a hint', todo: `chapters/${chapter.dir}/${exercise.todo.file}:12`, points: fails ? 0 : 1, max_points: 1, tests,
    };
  });
  return {
    version: 2, ...totals(exercises),
    target: 'chapters', lang: 'en', exercises, type_errors: [], tampered: [], base: SHA, head: SHA, merge_base: SHA,
  };
}
