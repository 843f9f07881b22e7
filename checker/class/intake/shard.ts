import { createHash } from 'node:crypto';
import { UsageError } from '../../usage/command-line.ts';

/** One part of a class to grade on one machine: shard `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Reads `--shard i/n` (1 ≤ i ≤ n ≤ 1000). */
export function shardOption(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || count > 1000 || index < 1 || index > count) throw new UsageError((say) => say.badShard(value));
  return { index, count };
}

/**
 * The shard (1-based) a submission belongs to, by rendezvous hashing of its name: each submission goes to the
 * shard whose hash with its name is highest. It depends on the submission's own name only, so adding or
 * removing students never moves another student to another shard, and every machine computes the same split.
 * Each submission lands in each shard with equal chance, so the shards' counts and total sizes balance in
 * expectation (not exactly: an exact balance by size would move students whenever one is added).
 */
export function shardOf(name: string, count: number): number {
  let best = 1;
  let bestScore = -1n;
  for (let shard = 1; shard <= count; shard += 1) {
    const score = BigInt(`0x${createHash('sha256').update(`${shard}\0${name}`).digest('hex').slice(0, 16)}`);
    if (score > bestScore) {
      best = shard;
      bestScore = score;
    }
  }
  return best;
}
