import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { allExercises, loadChapters, manifestDir, selectExercises, validIds } from '../../../../checker/course/course.ts';
import type { ChapterSpec, ExerciseSpec } from '../../../../checker/manifest/types.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..');

/** The chapters of this repository's course. */
const CHAPTERS = await loadChapters(REPO);

/** A minimal exercise of a made-up chapter. */
function exercise(id: string): ExerciseSpec {
  return {
    id,
    title: { ko: id, en: id },
    hint: { ko: '', en: '' },
    rule: { ko: id, en: id },
    suite: `${id.slice(3)}-x.test.ts`,
    todo: { file: 'main.ts', marker: `TODO(${id})` },
    tests: {},
  };
}

/** A made-up chapter with `count` exercises, so selection is tested apart from the real course. */
function chapter(id: string, dir: string, count: number): ChapterSpec {
  return { id, dir, title: { ko: dir, en: dir }, exercises: Array.from({ length: count }, (_, n) => exercise(`${id}/${n + 1}`)) };
}

const COURSE = [chapter('01', '01-alpha', 3), chapter('02', '02-beta', 2), chapter('12', '12-gamma', 1)];

/** The exercise ids a selection picked, in the order it returned them. */
function picked(selectors: string[]): { ids: string[]; unknown: string[] } {
  const { selected, unknown } = selectExercises(selectors, COURSE);
  return { ids: selected.map(({ exercise: spec }) => spec.id), unknown };
}

describe('chapter discovery', () => {
  test('finds one chapter per numbered manifest file, in file-name order, named after the file', () => {
    const files = readdirSync(manifestDir(REPO)).filter((name) => /^\d/.test(name)).sort();
    expect(files.length).toBeGreaterThan(0);
    expect(CHAPTERS.map((spec) => `${spec.dir}.ts`)).toEqual(files);
  });

  test('derives every TODO marker the manifest files leave out from the exercise id', () => {
    const first = CHAPTERS.find((spec) => spec.id === '01');
    expect(first?.exercises[0]?.todo.marker).toBe('TODO(01/1)');
    for (const { exercise: spec } of allExercises(CHAPTERS)) expect(spec.todo.marker, spec.id).toMatch(/\S/);
  });
});

describe('allExercises and validIds', () => {
  test('lists every exercise with its chapter, in course order', () => {
    const all = allExercises(COURSE);
    expect(all.map(({ chapter: spec, exercise: ex }) => `${spec.dir} ${ex.id}`)).toEqual([
      '01-alpha 01/1', '01-alpha 01/2', '01-alpha 01/3', '02-beta 02/1', '02-beta 02/2', '12-gamma 12/1',
    ]);
  });

  test('lists each chapter id followed by its exercise ids', () => {
    expect(validIds(COURSE)).toEqual(['01', '01/1', '01/2', '01/3', '02', '02/1', '02/2', '12', '12/1']);
  });
});

describe('selectExercises', () => {
  test('no selector selects the whole course', () => {
    expect(picked([])).toEqual({ ids: ['01/1', '01/2', '01/3', '02/1', '02/2', '12/1'], unknown: [] });
  });

  test('a chapter id selects that chapter', () => {
    expect(picked(['02'])).toEqual({ ids: ['02/1', '02/2'], unknown: [] });
  });

  test('an exercise id selects that exercise only', () => {
    expect(picked(['01/3'])).toEqual({ ids: ['01/3'], unknown: [] });
  });

  test('accepts ids without the leading zero: 1 and 1/3', () => {
    expect(picked(['1'])).toEqual({ ids: ['01/1', '01/2', '01/3'], unknown: [] });
    expect(picked(['1/3'])).toEqual({ ids: ['01/3'], unknown: [] });
  });

  test('accepts a chapter folder name, with or without a trailing slash, and surrounding spaces', () => {
    expect(picked(['02-beta'])).toEqual({ ids: ['02/1', '02/2'], unknown: [] });
    expect(picked(['02-beta/'])).toEqual({ ids: ['02/1', '02/2'], unknown: [] });
    expect(picked([' 01/2 '])).toEqual({ ids: ['01/2'], unknown: [] });
  });

  test('returns selections in course order, once each, whatever order and repeats were typed', () => {
    expect(picked(['12', '01/2', '1/2', '01/1'])).toEqual({ ids: ['01/1', '01/2', '12/1'], unknown: [] });
    expect(picked(['01', '01/2'])).toEqual({ ids: ['01/1', '01/2', '01/3'], unknown: [] });
  });

  test('returns unknown selectors as typed, beside the known ones', () => {
    expect(picked(['03', '01/9', '01/2', 'beta', '001', '02-bet'])).toEqual({
      ids: ['01/2'],
      unknown: ['03', '01/9', 'beta', '001', '02-bet'],
    });
  });

  test('a folder name of another course is unknown', () => {
    expect(selectExercises(['01-mini-mcp'], COURSE)).toEqual({ selected: [], unknown: ['01-mini-mcp'] });
  });
});
