import { describe, expect, test } from 'vitest';
import { newSigningKey, signature, verifySignature } from '../../../../checker/trust/sign.ts';

describe('signing keys and signatures', () => {
  test('a new key is 64 hex characters, and fresh each time', () => {
    const key = newSigningKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(newSigningKey()).not.toBe(key);
  });

  test('the signature is HMAC-SHA256 in hex (RFC 4231, test case 2)', () => {
    expect(signature('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  test('a signature verifies its own text under its own key, also with white space around it as a file may hold it', () => {
    const key = newSigningKey();
    const text = '{"score": 3}\n';
    expect(verifySignature(key, text, signature(key, text))).toBe(true);
    expect(verifySignature(key, text, `${signature(key, text)}\n`)).toBe(true);
    expect(verifySignature(key, text, ` \n${signature(key, text)}\r\n`)).toBe(true);
  });

  test('any change to the text, the key or the signature fails verification', () => {
    const key = newSigningKey();
    const text = '{"score": 3}\n';
    const sig = signature(key, text);
    expect(verifySignature(key, '{"score": 4}\n', sig)).toBe(false);
    expect(verifySignature(key, text.trim(), sig)).toBe(false);
    expect(verifySignature(newSigningKey(), text, sig)).toBe(false);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect(verifySignature(key, text, flipped)).toBe(false);
    expect(verifySignature(key, text, sig.slice(0, 62))).toBe(false);
    expect(verifySignature(key, text, `${sig}00`)).toBe(false);
    expect(verifySignature(key, text, '')).toBe(false);
    expect(verifySignature(key, text, 'not hex at all')).toBe(false);
  });
});
