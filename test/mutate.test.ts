import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import { selectExercises } from '../checker/course/course.ts';
import type { Mutant } from '../mutate/analyze.ts';
import { findEquivalent, readEquivalents } from '../mutate/equivalent.ts';
import { enclosingName, originalText, snippet } from '../mutate/identity.ts';
import { diffHunks, learnerHunks } from '../mutate/learner-lines.ts';
import { inScope, outcomeForExercise, scopeOf, tally, underBar } from '../mutate/score.ts';
import { applyMutant } from '../mutate/typecheck.ts';

// The mutation run itself is too slow for npm test (see docs/maintainers/mutation.md); these tests pin down the rules it reports by.

describe('learner lines', () => {
  test('a diff finds changed, added and removed runs of lines', () => {
    const hunks = diffHunks(['a', 'b', 'c', 'd'], ['a', 'B', 'c', 'x', 'd', 'e']);
    expect(hunks).toEqual([
      { starterFrom: 1, starterTo: 2, solutionFrom: 1, solutionTo: 2 },
      { starterFrom: 3, starterTo: 3, solutionFrom: 3, solutionTo: 4 },
      { starterFrom: 4, starterTo: 4, solutionFrom: 5, solutionTo: 6 },
    ]);
  });

  test('every TODO of every chapter in the manifest owns a learner hunk of its file', () => {
    const hunks = learnerHunks(CHAPTERS);
    for (const chapter of CHAPTERS) {
      for (const exercise of chapter.exercises) {
        const owned = hunks.filter((hunk) => hunk.exercise === exercise.id);
        expect(owned.length, exercise.id).toBe(1);
        expect(owned[0]!.file).toBe(`${chapter.dir}/${exercise.todo.file}`);
      }
    }
    expect(hunks.some((hunk) => hunk.exercise === undefined), 'learner lines away from a TODO are found too').toBe(true);
  });
});

describe('mutant identity', () => {
  const lines = [
    "const NAMES = [",
    "  'a',",
    "].join('\\n');",
    '',
    'export class Box {',
    '  private items: string[] = [];',
    '',
    '  add(item: string): void {',
    "    if (item === '') throw new Error('empty');",
    '  }',
    '}',
    '',
    'function helper(): number {',
    '  return 1;',
    '}',
    '',
    'if (process.argv[1]) helper();',
  ];

  test('names the declaration a line sits in, not a line number', () => {
    expect(enclosingName(lines, 2)).toBe('NAMES');
    expect(enclosingName(lines, 3)).toBe('NAMES');
    expect(enclosingName(lines, 6)).toBe('Box.items');
    expect(enclosingName(lines, 9)).toBe('Box.add');
    expect(enclosingName(lines, 14)).toBe('helper');
    expect(enclosingName(lines, 17)).toBe('(module)');
  });

  test('reads and applies a mutant by 1-based lines and columns, end exclusive', () => {
    const location = { start: { line: 9, column: 9 }, end: { line: 9, column: 20 } };
    expect(originalText(lines, { location })).toBe("item === ''");
    expect(applyMutant(lines, location, 'false').split('\n')[8]).toBe("    if (false) throw new Error('empty');");
    expect(snippet(`{\n  a;\n  ${'b'.repeat(200)};\n}`)).toMatch(/^\{ a; b+ … b+; \}$/);
  });

  test('an equivalent entry matches on every identity field', () => {
    const identity = { file: '01-mini-mcp/server.ts', function: 'f', mutator: 'StringLiteral', original: "'x'", replacement: '""' };
    const entry = { ...identity, reason: 'why' };
    expect(findEquivalent([entry], identity)).toBe(entry);
    for (const key of ['file', 'function', 'mutator', 'original', 'replacement'] as const) {
      expect(findEquivalent([entry], { ...identity, [key]: 'other' }), key).toBeUndefined();
    }
  });

  test('the committed equivalent list reads, and every entry gives a reason', () => {
    const entries = readEquivalents();
    expect(entries.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'equivalent-'));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify([{ ...entries[0], reason: ' ' }]));
    expect(() => readEquivalents(join(dir, 'bad.json'))).toThrow(/reason/);
  });
});

describe('scores and the bar', () => {
  const mutant = (overrides: Partial<Mutant>): Mutant => ({
    identity: { file: '01-mini-mcp/server.ts', function: 'f', mutator: 'm', original: 'o', replacement: 'r' },
    chapterDir: '01-mini-mcp',
    line: 1,
    outcome: 'killed',
    reachedBy: new Set(),
    detectedBy: new Set(),
    ...overrides,
  });

  test('the score is detected out of detected plus undetected; equivalent and invalid mutants are left out', () => {
    const t = tally([mutant({}), mutant({ outcome: 'type-error' }), mutant({ outcome: 'survived' }), mutant({ outcome: 'no-coverage' }), mutant({ outcome: 'equivalent' }), mutant({ outcome: 'invalid' })]);
    expect(t.score).toBe(50);
    expect(tally([]).score).toBeNull();
  });

  test('an exercise is credited only with what its own suite detects', () => {
    const other = mutant({ reachedBy: new Set(['01/1', '01/2']), detectedBy: new Set(['01/2']) });
    expect(outcomeForExercise('01/2')(other)).toBe('killed');
    expect(outcomeForExercise('01/1')(other)).toBe('survived');
  });

  test('a whole chapter puts every learner line under the bar; one exercise only its TODO hunk', () => {
    const hunk = { file: '01-mini-mcp/server.ts', from: 1, to: 2, starterFrom: 1, starterTo: 1 };
    const helper = mutant({ outcome: 'survived', hunk, reachedBy: new Set(['01/4']) });
    const todo = mutant({ outcome: 'survived', hunk: { ...hunk, exercise: '01/4' } });
    const elsewhere = mutant({ outcome: 'survived' });
    const chapter = scopeOf(selectExercises(['01'], CHAPTERS).selected);
    expect([helper, todo, elsewhere].map((one) => underBar(chapter, one))).toEqual([true, true, false]);
    const single = scopeOf(selectExercises(['01/4'], CHAPTERS).selected);
    expect([helper, todo, elsewhere].map((one) => underBar(single, one))).toEqual([false, true, false]);
    expect([helper, todo, elsewhere].map((one) => inScope(single, one))).toEqual([true, true, false]);
  });
});
