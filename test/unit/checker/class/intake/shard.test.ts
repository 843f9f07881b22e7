import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../../../checker/usage/command-line.ts';
import { shardOf, shardOption } from '../../../../../checker/class/intake/shard.ts';

describe('shardOption', () => {
  test('reads i/n and refuses anything else', () => {
    expect(shardOption('2/8')).toEqual({ index: 2, count: 8 });
    for (const bad of ['0/2', '3/2', '2', 'a/b', '1/0', '1/1001']) expect(() => shardOption(bad), bad).toThrow(UsageError);
  });
});

describe('shardOf', () => {
  const names = Array.from({ length: 400 }, (_, index) => `student-${index}`);

  test('is the same on every call and in 1..n, and one shard holds everyone', () => {
    for (const name of names.slice(0, 20)) {
      expect(shardOf(name, 8)).toBe(shardOf(name, 8));
      expect(shardOf(name, 8)).toBeGreaterThanOrEqual(1);
      expect(shardOf(name, 8)).toBeLessThanOrEqual(8);
      expect(shardOf(name, 1)).toBe(1);
    }
  });

  test('spreads a class evenly enough: every shard of 8 gets between half and twice its share of 400', () => {
    const counts = Array.from({ length: 8 }, (_, shard) => names.filter((name) => shardOf(name, 8) === shard + 1).length);
    for (const count of counts) {
      expect(count).toBeGreaterThan(25);
      expect(count).toBeLessThan(100);
    }
  });

  test('going from n to n+1 shards moves only the students who land in the new shard', () => {
    const moved = names.filter((name) => shardOf(name, 8) !== shardOf(name, 9));
    expect(moved.every((name) => shardOf(name, 9) === 9)).toBe(true);
  });
});
