import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { newSigningKey, signature, verifySignature } from '../checker/sign.ts';
import { checker } from './support/run.ts';

const work = mkdtempSync(join(tmpdir(), 'sign-'));

test('a signature verifies its own text and nothing else', () => {
  const key = newSigningKey();
  const text = '{"score": 3, "max_score": 52}\n';
  const sig = signature(key, text);
  expect(verifySignature(key, text, sig)).toBe(true);
  expect(verifySignature(key, text.replace('3', '52'), sig)).toBe(false);
  expect(verifySignature(newSigningKey(), text, sig)).toBe(false);
  expect(verifySignature(key, text, '')).toBe(false);
  expect(verifySignature(key, text, 'zz')).toBe(false);
});

test('check --sign reads the key from standard input and signs the JSON it writes', () => {
  const key = newSigningKey();
  const json = join(work, 'signed.json');
  const ran = checker(['check', '01/1', '--target', 'solutions', '--json', json, '--sign', '--quiet'], { input: `${key}\n` });
  expect(ran.status, ran.stderr).toBe(0);
  const text = readFileSync(json, 'utf8');
  expect(verifySignature(key, text, readFileSync(`${json}.sig`, 'utf8'))).toBe(true);
  writeFileSync(json, text.replace('"status": "pass"', '"status": "fail"'));
  expect(verifySignature(key, readFileSync(json, 'utf8'), readFileSync(`${json}.sig`, 'utf8'))).toBe(false);
});

test('check --sign refuses a missing key or a missing --json, before grading', () => {
  expect(checker(['check', '01/1', '--json', join(work, 'x.json'), '--sign'], { input: 'not a key\n' }).status).toBe(2);
  expect(checker(['check', '01/1', '--sign'], { input: `${newSigningKey()}\n` }).status).toBe(2);
});
