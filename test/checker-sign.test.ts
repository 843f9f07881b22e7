import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { newSigningKey, verifySignature } from '../checker/trust/sign.ts';
import { GRADING_TIMEOUT, runTs } from './support/run.ts';

let work: string;
// Made before the tests, never while the file loads (listing the tests leaves no folder behind).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'sign-'));
});

test('the signed check reads the key from standard input and signs the JSON it writes', () => {
  const key = newSigningKey();
  const json = join(work, 'signed.json');
  const ran = runTs('checker/signed/signed-check.ts', ['01/1', '--target', 'solutions', '--shown-as', 'chapters', '--json', json, '--quiet', '--timeout', GRADING_TIMEOUT], { input: `${key}\n` });
  expect(ran.status, ran.stderr).toBe(0);
  const text = readFileSync(json, 'utf8');
  expect(verifySignature(key, text, readFileSync(`${json}.sig`, 'utf8'))).toBe(true);
  writeFileSync(json, text.replace('"status": "pass"', '"status": "fail"'));
  expect(verifySignature(key, readFileSync(json, 'utf8'), readFileSync(`${json}.sig`, 'utf8'))).toBe(false);
});
