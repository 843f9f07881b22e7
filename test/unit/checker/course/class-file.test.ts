import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSIGNMENT_KEYS, CLASS_FILE_KEYS, readClassConfig } from '../../../../checker/course/class-file.ts';
import { allExercises, loadChapters } from '../../../../checker/course/course.ts';
import type { ChapterSpec } from '../../../../checker/manifest/types.ts';
import { classFileError } from '../../../support/class-file.ts';

let CHAPTERS: readonly ChapterSpec[];
let work: string;
beforeAll(async () => {
  CHAPTERS = await loadChapters(resolve(import.meta.dirname, '..', '..', '..', '..'));
  work = mkdtempSync(join(tmpdir(), 'batch-class-file-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The --config error a class file gets, in both languages; fails the test when the file is accepted. */
function refusal(content: unknown): { ko: string; en: string } {
  return classFileError(join(work, 'class.json'), content, CHAPTERS);
}

describe('a class file key that does not fit', () => {
  test('at the top, the error names it and lists every key the parser reads there', () => {
    const { ko, en } = refusal({ weigths: { '01/1': 2 } });
    expect(en).toContain('weigths in');
    expect([...en.slice(en.indexOf('Keys there:')).matchAll(/(\w+) \(/g)].map((match) => match[1])).toEqual([...CLASS_FILE_KEYS]);
    for (const key of CLASS_FILE_KEYS) {
      expect(en, key).toMatch(new RegExp(`\\b${key}\\b`));
      expect(ko, key).toMatch(new RegExp(`\\b${key}\\b`));
    }
  });

  test('inside an assignment, the error lists the keys an assignment may hold', () => {
    const { en } = refusal({ assignments: { week1: { exercise: ['01'] } } });
    expect(en).toContain('assignments.week1.exercise in');
    expect([...en.slice(en.indexOf('Keys there:')).matchAll(/(\w+) \(/g)].map((match) => match[1])).toEqual([...ASSIGNMENT_KEYS]);
    expect(en).not.toMatch(/\broster\b/);
  });

  test('every key the parser reads is accepted, and each is described in both languages', () => {
    const file = join(work, 'every.json');
    writeFileSync(file, JSON.stringify({
      weights: { '01/1': 2 }, roster: { ann: 'S-1' }, deadline: '2026-12-01T23:59:00+09:00', canvasAssignment: 'Workshop',
      assignments: { week1: { exercises: ['01'], deadline: '2026-12-08T23:59:00+09:00', weights: { '01/2': 4 } } },
    }));
    expect(() => readClassConfig(file, allExercises(CHAPTERS))).not.toThrow();
    const { ko, en } = refusal({ nope: 1 });
    for (const key of CLASS_FILE_KEYS) {
      expect(en, key).toMatch(new RegExp(`\\b${key} \\(`));
      expect(ko, key).toMatch(new RegExp(`\\b${key}\\(`));
    }
  });
});
