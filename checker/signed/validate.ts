import { allExercises } from '../course/course.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import { buildReport, pointsFor, totals, weightOf } from '../report/build.ts';
import { REPORT_VERSION } from '../report/shape.ts';
import { STATUSES } from '../report/shape.ts';
import type { ExerciseReport, Report, Status, TestReport, TypeErrorReport } from '../report/shape.ts';
import { PRIVATE_PREFIX } from '../course/private-suites.ts';

/** A results file that does not have the shape the checker writes; the message names the field, never its content. */
export class ResultsShapeError extends Error {}

/** Parsed JSON, read field by field. */
export type Json = Record<string, unknown>;

/** The value as an object, or ResultsShapeError naming where. */
export function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ResultsShapeError(`${where} is not an object`);
  return value as Json;
}

/** The value as a string, or ResultsShapeError naming where. */
export function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ResultsShapeError(`${where} is not a string`);
  return value;
}

/** The value as a count (a safe integer, 0 or more), or ResultsShapeError naming where. */
export function count(value: unknown, where: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new ResultsShapeError(`${where} is not a count`);
  return value as number;
}

function status(value: unknown, where: string): Status {
  if (!STATUSES.includes(value as Status)) throw new ResultsShapeError(`${where} is not a status`);
  return value as Status;
}

/** The value as a list, or ResultsShapeError naming where. */
export function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ResultsShapeError(`${where} is not a list`);
  return value;
}

/** What a report is checked against besides the manifest: only these exercises (in course order), worth these points. */
export interface ExpectedGrading {
  exercises?: readonly string[];
  weights?: Readonly<Record<string, number>>;
}

/**
 * Checks that parsed JSON is a checker report for this course, read against the trusted manifest: every expected
 * exercise (all, or only `grading.exercises`) once and in order, each with exactly the manifest's tests (an
 * instructor's private tests aside), each worth its weight (`grading.weights`, else the manifest's) and scored by its
 * status, and the headline numbers, status, language and type errors consistent. Returns the report rebuilt from the
 * checked exercises, so nothing of it is taken on trust; throws ResultsShapeError naming the first field that is wrong.
 * The graders that start the signed check (signed/launch.ts) and the pull-request summary (pr/validate.ts) both read
 * reports through here.
 */
export function validateReport(value: unknown, chapters: readonly ChapterSpec[], grading: ExpectedGrading = {}): Report {
  const root = object(value, 'report');
  if (root['version'] !== REPORT_VERSION) throw new ResultsShapeError(`report.version is not ${REPORT_VERSION}`);
  const { exercises: only, weights } = grading;
  const expected = allExercises(chapters).filter(({ exercise }) => !only || only.includes(exercise.id));
  const weight = (spec: (typeof expected)[number]['exercise']) => (weights && Object.hasOwn(weights, spec.id) ? weights[spec.id]! : weightOf(spec));
  const exercises = list(root['exercises'], 'report.exercises').map((entry, index): ExerciseReport => {
    const where = `report.exercises[${index}]`;
    const raw = object(entry, where);
    const tests = list(raw['tests'], `${where}.tests`).map((test, position): TestReport => {
      const at = `${where}.tests[${position}]`;
      const item = object(test, at);
      return { name: text(item['name'], `${at}.name`), title: text(item['title'], `${at}.title`), status: status(item['status'], `${at}.status`), message: text(item['message'], `${at}.message`) };
    });
    const exercise: ExerciseReport = {
      id: text(raw['id'], `${where}.id`),
      title: text(raw['title'], `${where}.title`),
      status: status(raw['status'], `${where}.status`),
      message: text(raw['message'], `${where}.message`),
      hint: text(raw['hint'], `${where}.hint`),
      todo: text(raw['todo'], `${where}.todo`),
      points: count(raw['points'], `${where}.points`),
      max_points: count(raw['max_points'], `${where}.max_points`),
      tests,
    };
    const spec = expected[index];
    if (!spec || spec.exercise.id !== exercise.id) throw new ResultsShapeError(`${where}.id is not the course's exercise ${index + 1}`);
    if (exercise.max_points !== weight(spec.exercise) || exercise.points !== pointsFor(exercise.status, exercise.max_points)) {
      throw new ResultsShapeError(`${where}.points do not match its status and the manifest's weight`);
    }
    const names = tests.map((test) => test.name).filter((name) => !name.startsWith(PRIVATE_PREFIX));
    const wanted = Object.keys(spec.exercise.tests);
    if (names.length !== wanted.length || wanted.some((name) => !names.includes(name))) throw new ResultsShapeError(`${where}.tests are not the manifest's tests`);
    if ((exercise.status === 'pass') !== tests.every((test) => test.status === 'pass')) throw new ResultsShapeError(`${where}.status does not match its tests`);
    return exercise;
  });
  if (exercises.length !== expected.length) throw new ResultsShapeError(only ? 'report.exercises do not cover the assignment' : 'report.exercises do not cover the course');
  const sums = totals(exercises);
  for (const name of ['score', 'max_score', 'tests_passed', 'tests_total'] as const) {
    if (count(root[name], `report.${name}`) !== sums[name]) throw new ResultsShapeError(`report.${name} does not match the exercises`);
  }
  if (root['status'] !== sums.status) throw new ResultsShapeError('report.status does not match the exercises');
  const lang = root['lang'];
  if (lang !== 'ko' && lang !== 'en') throw new ResultsShapeError('report.lang is not ko or en');
  const typeErrors = list(root['type_errors'], 'report.type_errors').map((problem, index): TypeErrorReport => {
    const at = `report.type_errors[${index}]`;
    const item = object(problem, at);
    const kind = item['kind'];
    if (kind !== 'syntax' && kind !== 'type') throw new ResultsShapeError(`${at}.kind is not syntax or type`);
    return { kind, file: text(item['file'], `${at}.file`), line: count(item['line'], `${at}.line`), column: count(item['column'], `${at}.column`), code: text(item['code'], `${at}.code`), message: text(item['message'], `${at}.message`) };
  });
  return buildReport({ target: text(root['target'], 'report.target'), lang, exercises, type_errors: typeErrors });
}
