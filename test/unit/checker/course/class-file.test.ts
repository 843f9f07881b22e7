import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSIGNMENT_KEYS, CLASS_FILE_KEYS, NO_CONFIG, readClassConfig } from '../../../../checker/course/class-file.ts';
import { allExercises, loadChapters } from '../../../../checker/course/course.ts';
import type { ChapterSpec } from '../../../../checker/manifest/types.ts';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { usageWords } from '../../../../checker/usage/usage-words.ts';
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

/** Writes `text` as a class file and reads it against every exercise of the course. */
function read(text: string) {
  const file = join(work, 'read.json');
  writeFileSync(file, text);
  return readClassConfig(file, allExercises(CHAPTERS));
}

/** The dotted key a refused class file's --config error names, and the keys it lists as valid there. */
function fault(content: unknown): { key: string; keys: string[] } {
  const { en } = refusal(content);
  const file = join(work, 'class.json');
  const key = en.slice('--config: '.length, en.indexOf(` in ${file} does not fit.`));
  const keys = [...en.slice(en.indexOf('Keys there:')).matchAll(/(\w+) \(/g)].map((match) => match[1]!);
  return { key, keys };
}

describe('each value that does not fit is named by its dotted key, with the keys valid where it stands', () => {
  test.each([
    ['a class file that is no object', [], '{ … }'],
    ['a number for a class file', 5, '{ … }'],
    ['a key named __proto__ at the top', JSON.parse('{"__proto__": {}}'), '__proto__'],
    ['a roster that is a list', { roster: ['ann'] }, 'roster'],
    ['a roster id that is blank', { roster: { ann: 'S-1', alice: '  ' } }, 'roster.alice'],
    ['a roster id that is a number', { roster: { alice: 7 } }, 'roster.alice'],
    ['a roster id under __proto__ that is a number', JSON.parse('{"roster": {"__proto__": 7}}'), 'roster.__proto__'],
    ['weights that are a list', { weights: [2] }, 'weights'],
    ['a weight of an exercise the course does not have', { weights: { '01/9': 2 } }, 'weights.01/9'],
    ['a weight of 0', { weights: { '01/3': 0 } }, 'weights.01/3'],
    ['a weight below 0', { weights: { '01/3': -1 } }, 'weights.01/3'],
    ['a weight that is text', { weights: { '01/3': '2' } }, 'weights.01/3'],
    ['a blank Canvas assignment', { canvasAssignment: '   ' }, 'canvasAssignment'],
    ['a Canvas assignment that is a number', { canvasAssignment: 3 }, 'canvasAssignment'],
    ['assignments that are a list', { assignments: [] }, 'assignments'],
    ['an unknown key beside a value that does not fit: the unknown key', { roster: 3, nope: 1 }, 'nope'],
  ])('%s', (_, content, key) => {
    expect(fault(content)).toEqual({ key, keys: [...CLASS_FILE_KEYS] });
  });

  test.each([
    ['an assignment that is no object', { assignments: { hw1: 3 } }, 'assignments.hw1'],
    ['an assignment with no exercises', { assignments: { hw1: { weights: {} } } }, 'assignments.hw1.exercises'],
    ['an assignment with an empty list of exercises', { assignments: { hw1: { exercises: [] } } }, 'assignments.hw1.exercises'],
    ['exercises that are no list', { assignments: { hw1: { exercises: '01' } } }, 'assignments.hw1.exercises'],
    ['an exercise the course does not have', { assignments: { hw1: { exercises: ['01', '09'] } } }, 'assignments.hw1.exercises'],
    ['an exercise that is a number', { assignments: { hw1: { exercises: ['01', 2] } } }, 'assignments.hw1.exercises'],
    ['a weight of an exercise outside the assignment', { assignments: { hw1: { exercises: ['01'], weights: { '02/1': 2 } } } }, 'assignments.hw1.weights.02/1'],
    ['a weight of 0 inside an assignment', { assignments: { hw1: { exercises: ['01'], weights: { '01/2': 0 } } } }, 'assignments.hw1.weights.01/2'],
    ['assignment weights that are a list', { assignments: { hw1: { exercises: ['01'], weights: [] } } }, 'assignments.hw1.weights'],
    ['an unknown key of an assignment named __proto__', JSON.parse('{"assignments": {"__proto__": {"exercise": ["01"]}}}'), 'assignments.__proto__.exercise'],
  ])('%s', (_, content, key) => {
    expect(fault(content)).toEqual({ key, keys: [...ASSIGNMENT_KEYS] });
  });

  test('a weight too large for a number (1e999 reads as Infinity) is refused', () => {
    const file = join(work, 'class.json');
    writeFileSync(file, '{ "weights": { "01/3": 1e999 } }');
    expect(() => readClassConfig(file, allExercises(CHAPTERS))).toThrow(UsageError);
    try {
      readClassConfig(file, allExercises(CHAPTERS));
    } catch (error) {
      expect((error as UsageError).say(usageWords('en'))).toContain('--config: weights.01/3 in');
    }
  });

  test('a file that is no JSON is unreadable, not a key that does not fit', () => {
    const file = join(work, 'class.json');
    writeFileSync(file, '{ "weights": ');
    const refused = (() => {
      try {
        readClassConfig(file, allExercises(CHAPTERS));
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as UsageError).say(usageWords('en'))).not.toContain('does not fit');
    expect((refused as UsageError).say(usageWords('en'))).toContain(file);
  });

  test('a deadline that is no time, or no text, is refused as a time, naming where it stands', () => {
    const file = join(work, 'class.json');
    const said = (content: unknown) => {
      writeFileSync(file, JSON.stringify(content));
      try {
        readClassConfig(file, allExercises(CHAPTERS));
      } catch (error) {
        return (error as UsageError).say(usageWords('en'));
      }
      throw new Error(`accepted: ${JSON.stringify(content)}`);
    };
    expect(said({ deadline: 'friday' })).toContain(`${file}: deadline: not a time: "friday"`);
    expect(said({ deadline: 20261201 })).toContain(`${file}: deadline: not a time: ""`);
    expect(said({ assignments: { hw1: { exercises: ['01'], deadline: '2026-12-01' } } })).toContain(`${file}: assignments.hw1.deadline: not a time: "2026-12-01"`);
    expect(said({ assignments: { hw1: { exercises: ['01'], deadline: null } } })).toContain(`${file}: assignments.hw1.deadline: not a time: ""`);
  });
});

describe('what a class file that fits reads as', () => {
  test('a roster is read from its own entries: students named __proto__, constructor and toString are entries like any other', () => {
    const { roster } = read('{ "roster": { "__proto__": "S-1", "constructor": "S-2", "toString": "S-3", "ann": "S-4" } }');
    expect([...roster]).toEqual([['__proto__', 'S-1'], ['constructor', 'S-2'], ['toString', 'S-3'], ['ann', 'S-4']]);
  });

  test('an assignment named __proto__ or constructor is an assignment like any other', () => {
    const { assignments } = read('{ "assignments": { "__proto__": { "exercises": ["02/1"] }, "constructor": { "exercises": ["01/2"] } } }');
    expect([...assignments.keys()]).toEqual(['__proto__', 'constructor']);
    expect(assignments.get('__proto__')?.exercises).toEqual(['02/1']);
    expect(assignments.get('constructor')?.exercises).toEqual(['01/2']);
  });

  test("an assignment's exercises are chapters or exercises, expanded in course order, each once", () => {
    const { assignments } = read(JSON.stringify({ assignments: { hw1: { exercises: ['02/2', '01', '01/3'], weights: { '02/2': 3 }, deadline: '2026-12-08T23:59:00+09:00' } } }));
    expect(assignments.get('hw1')).toEqual({ exercises: ['01/1', '01/2', '01/3', '01/4', '02/2'], weights: { '02/2': 3 }, deadline: new Date('2026-12-08T14:59:00Z') });
  });

  test('the Canvas assignment is trimmed; weights and the deadline are read as given', () => {
    const config = read(JSON.stringify({ weights: { '01/1': 2.5 }, canvasAssignment: '  MCP lab ', deadline: '2026-12-01T23:59:00Z' }));
    expect(config).toEqual({ weights: { '01/1': 2.5 }, roster: new Map(), assignments: new Map(), canvasAssignment: 'MCP lab', deadline: new Date('2026-12-01T23:59:00Z') });
  });

  test('an empty class file is no weights, no roster and no assignments', () => {
    expect(read('{}')).toEqual(NO_CONFIG);
  });
});
