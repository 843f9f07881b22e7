import { describe, expect, test } from 'vitest';
import * as first from '../solutions/01-mini-mcp/rpc.ts';
import * as second from '../solutions/02-two-sided-allowlists/protocol.ts';

/**
 * Chapters 1 and 2 each keep their own copy of the JSON helpers, so each chapter stands alone; this test keeps the
 * two copies to one contract. Only the separators differ: chapter 1 writes Python's default ", " and ": ",
 * chapter 2 the seed's compact "," and ":".
 */
const VALUES: unknown[] = [
  null,
  true,
  0,
  -1.5,
  '한글 "따옴표" \\ \n',
  [],
  [1, undefined, 'x'],
  {},
  { b: 1, a: { d: [2, { f: null, e: false }], c: '' } },
  { kept: 1, dropped: undefined },
  { 'é': 1, 'e': 2, '\u{1F600}': 3, '\uFF5E': 4 },
  Object.assign(Object.create(null) as object, { z: 1, y: 2 }),
];

const NOT_JSON: unknown[] = [Number.NaN, Number.POSITIVE_INFINITY, undefined, () => 1, Symbol('s'), 10n, new Date(0), new Map(), { nested: new Set() }];

const OBJECTS: unknown[] = [{}, { a: 1 }, Object.create(null), JSON.parse('{"x": [1]}')];
const NOT_OBJECTS: unknown[] = [null, undefined, [], [{}], 'text', 1, true, new Date(0), new Map(), new (class Box {})()];

/** Chapter 1's text with chapter 2's separators. */
function compact(text: string): string {
  return JSON.stringify(JSON.parse(text));
}

describe('chapters 1 and 2 share one JSON contract', () => {
  test('encode writes the same JSON in both chapters, keys sorted by code point, only the separators differ', () => {
    for (const value of VALUES) {
      const one = first.encode(value);
      const two = second.encode(value);
      expect(compact(one), `chapter 1 and chapter 2 disagree on ${two}`).toBe(two);
    }
    const spaced = { b: [1, 'x, y: z'], a: null };
    expect(first.encode(spaced), 'chapter 1 writes ", " and ": " between items, never inside strings').toBe('{"a": null, "b": [1, "x, y: z"]}');
    expect(second.encode(spaced), 'chapter 2 writes "," and ":" between items').toBe('{"a":null,"b":[1,"x, y: z"]}');
    expect(second.encode({ '\uFF5E': 4, '\u{1F600}': 3 }), 'an astral key sorts after U+FF5E by code point, as in Python').toBe('{"～":4,"😀":3}');
  });

  test('encode refuses what JSON cannot hold, in both chapters', () => {
    for (const value of NOT_JSON) {
      expect(() => first.encode(value), `chapter 1 encode(${String(value)})`).toThrow(TypeError);
      expect(() => second.encode(value), `chapter 2 encode(${String(value)})`).toThrow(TypeError);
    }
  });

  test('isPlainObject accepts the same values in both chapters', () => {
    for (const value of OBJECTS) {
      expect(first.isPlainObject(value)).toBe(true);
      expect(second.isPlainObject(value)).toBe(true);
    }
    for (const value of NOT_OBJECTS) {
      expect(first.isPlainObject(value), `chapter 1 isPlainObject(${String(value)})`).toBe(false);
      expect(second.isPlainObject(value), `chapter 2 isPlainObject(${String(value)})`).toBe(false);
    }
  });

  test('hasExactKeys agrees in both chapters', () => {
    const cases: [Record<string, unknown>, string[], boolean][] = [
      [{ name: 1 }, ['name'], true],
      [{ name: 1, extra: 2 }, ['name'], false],
      [{}, ['name'], false],
      [Object.create({ name: 1 }) as Record<string, unknown>, ['name'], false],
    ];
    for (const [value, keys, expected] of cases) {
      expect(first.hasExactKeys(value, keys)).toBe(expected);
      expect(second.hasExactKeys(value, keys)).toBe(expected);
    }
  });
});
