import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Report } from '../report/shape.ts';
import { UsageError } from '../usage/command-line.ts';

/**
 * Signing of the results file for grade:pr and the Gradescope autograder. The key reaches the checker on standard input, which it reads to
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

/** The largest results file read; a bigger one is refused rather than parsed, as no honest report comes near it. */
const MAX_REPORT_BYTES = 20 * 1024 * 1024;

/**
 * The report the signed check wrote to `json`, checked on the trusted side (grade:pr, the Gradescope autograder):
 * the report when `json.sig` signs its exact text under `key`, `forged` when that signature is missing or wrong
 * (or the file is too large to be the checker's), null when there is no results file at all.
 */
export function readSignedReport(json: string, key: string): Report | 'forged' | null {
  if (!existsSync(json)) return null;
  if (statSync(json).size > MAX_REPORT_BYTES) return 'forged';
  const text = readFileSync(json, 'utf8');
  const sig = existsSync(`${json}.sig`) ? readFileSync(`${json}.sig`, 'utf8') : '';
  return verifySignature(key, text, sig) ? (JSON.parse(text) as Report) : 'forged';
}
