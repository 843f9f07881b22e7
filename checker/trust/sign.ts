import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UsageError } from '../usage/command-line.ts';

/**
 * Signing of the results file for grade:pr. The key reaches the checker on standard input, which it reads to
 * the end before any learner code runs; it never appears in argv or the environment, which learner code
 * running as the same user could read. A results file rewritten by learner code then fails verification.
 */

/** A fresh random key, as hex. */
export function newSigningKey(): string {
  return randomBytes(32).toString('hex');
}

/** Reads the key from standard input (to its end), so nothing started later can read it there. */
export function readSigningKey(): string {
  const key = readFileSync(0, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(key)) throw new UsageError((say) => say.signKey);
  return key;
}

/** The HMAC-SHA256 of the exact text, as hex. */
export function signature(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** True when the signature matches the text under the key. */
export function verifySignature(key: string, text: string, given: string): boolean {
  const expected = Buffer.from(signature(key, text), 'hex');
  const actual = Buffer.from(given.trim(), 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
