import { allExercises } from '../course/course.ts';
import type { ChapterSpec } from '../manifest/types.ts';
import { buildReport, pointsFor, totals, weightOf } from '../report/build.ts';
import { REPORT_VERSION } from '../report/shape.ts';
import { STATUSES } from '../report/shape.ts';
import type { ExerciseReport, Status, TestReport, TypeErrorReport } from '../report/shape.ts';
import type { PullRequestReport } from './grade-pr.ts';
import { PRIVATE_PREFIX } from '../course/private-suites.ts';
import type { AssignmentGrading } from '../course/class-file.ts';

/** A results file that does not have the shape grade:pr writes; the message names the field, never its content. */
export class ResultsShapeError extends Error {}

const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

type Json = Record<string, unknown>;

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ResultsShapeError(`${where} is not an object`);
  return value as Json;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ResultsShapeError(`${where} is not a string`);
  return value;
}

function count(value: unknown, where: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new ResultsShapeError(`${where} is not a count`);
  return value as number;
}

function status(value: unknown, where: string): Status {
  if (!STATUSES.includes(value as Status)) throw new ResultsShapeError(`${where} is not a status`);
  return value as Status;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new ResultsShapeError(`${where} is not a list`);
  return value;
}

/**
 * Checks that parsed JSON is a grade:pr report for this course: every exercise and test of the trusted
 * manifest present once, and the score, maximum and statuses consistent with the tests. Returns it typed.
 * With an assignment (from the trusted class file), the report must be that assignment's: its name, only its
 * exercises, each worth its points there; without one, a report recorded for an assignment is refused.
 */
export function validatePrReport(value: unknown, chapters: readonly ChapterSpec[], assignment?: AssignmentGrading): PullRequestReport {
  const root = object(value, 'report');
  if (root['version'] !== REPORT_VERSION) throw new ResultsShapeError(`report.version is not ${REPORT_VERSION}`);
  const recorded = root['assignment'];
  if (assignment) {
    const named = object(recorded, 'report.assignment');
    if (named['name'] !== assignment.name) throw new ResultsShapeError('report.assignment is not the assignment given');
    const listed = list(named['exercises'], 'report.assignment.exercises');
    if (listed.length !== assignment.exercises.length || listed.some((id, index) => id !== assignment.exercises[index])) throw new ResultsShapeError('report.assignment.exercises are not the class file\'s');
  } else if (recorded !== undefined) throw new ResultsShapeError('report.assignment is set, but no assignment was given');
  const expected = allExercises(chapters).filter(({ exercise }) => !assignment || assignment.exercises.includes(exercise.id));
  const weight = (spec: (typeof expected)[number]['exercise']) => (assignment && Object.hasOwn(assignment.weights, spec.id) ? assignment.weights[spec.id]! : weightOf(spec));
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
  if (exercises.length !== expected.length) throw new ResultsShapeError(assignment ? 'report.exercises do not cover the assignment' : 'report.exercises do not cover the course');
  const sums = totals(exercises);
  for (const name of ['score', 'max_score', 'tests_passed', 'tests_total'] as const) {
    if (count(root[name], `report.${name}`) !== sums[name]) throw new ResultsShapeError(`report.${name} does not match the exercises`);
  }
  if (root['status'] !== sums.status) throw new ResultsShapeError('report.status does not match the exercises');
  const lang = root['lang'];
  if (lang !== 'ko' && lang !== 'en') throw new ResultsShapeError('report.lang is not ko or en');
  const tampered = list(root['tampered'], 'report.tampered').map((path, index) => text(path, `report.tampered[${index}]`));
  const typeErrors = list(root['type_errors'], 'report.type_errors').map((problem, index): TypeErrorReport => {
    const at = `report.type_errors[${index}]`;
    const item = object(problem, at);
    const kind = item['kind'];
    if (kind !== 'syntax' && kind !== 'type') throw new ResultsShapeError(`${at}.kind is not syntax or type`);
    return { kind, file: text(item['file'], `${at}.file`), line: count(item['line'], `${at}.line`), column: count(item['column'], `${at}.column`), code: text(item['code'], `${at}.code`), message: text(item['message'], `${at}.message`) };
  });
  const sha = (name: string) => {
    const value = text(root[name], `report.${name}`);
    if (!SHA.test(value)) throw new ResultsShapeError(`report.${name} is not a commit id`);
    return value;
  };
  return {
    ...buildReport({ target: text(root['target'], 'report.target'), lang, exercises, type_errors: typeErrors }),
    tampered, base: sha('base'), head: sha('head'), merge_base: sha('merge_base'),
    ...(assignment ? { assignment: { name: assignment.name, exercises: [...assignment.exercises] } } : {}),
  };
}
