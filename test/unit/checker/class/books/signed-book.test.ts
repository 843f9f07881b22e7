import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { signGradebook, verifyGradebook } from '../../../../../checker/class/books/signed-book.ts';
import { newSigningKey } from '../../../../../checker/trust/sign.ts';
import { tempDir, writeTree } from '../../../support/temp.ts';

/** A gradebook folder as grade writes it, signed with a fresh key. */
function signedBook(name: string): { dir: string; key: string } {
  const dir = writeTree(join(tempDir(name), 'book'), {
    'gradebook.csv': 'student,score\r\nann,5\r\nbob,0\r\n',
    'gradebook.json': '{"students":[]}\n',
    'gradescope/ann/results.json': '{"score":5}\n',
  });
  const key = newSigningKey();
  signGradebook(dir, key);
  return { dir, key };
}

describe('a signed gradebook folder', () => {
  test('verifies under its key, and not under another', () => {
    const { dir, key } = signedBook('signed-ok');
    expect(verifyGradebook(dir, key)).toBeNull();
    expect(verifyGradebook(dir, newSigningKey())).toBe('signatures.json.sig');
  });

  test('a classmate\'s row rewritten after grading names the file', () => {
    const { dir, key } = signedBook('signed-row');
    writeFileSync(join(dir, 'gradebook.csv'), 'student,score\r\nann,5\r\nbob,5\r\n');
    expect(verifyGradebook(dir, key)).toBe('gradebook.csv');
  });

  test('a file added or taken away is found, and so is a missing signature', () => {
    const added = signedBook('signed-added');
    writeFileSync(join(added.dir, 'gradescope', 'extra.json'), '{}');
    expect(verifyGradebook(added.dir, added.key)).toBe('gradescope/extra.json');
    const removed = signedBook('signed-removed');
    rmSync(join(removed.dir, 'gradescope', 'ann', 'results.json'));
    expect(verifyGradebook(removed.dir, removed.key)).toBe('gradescope/ann/results.json');
    rmSync(join(removed.dir, 'signatures.json.sig'));
    expect(verifyGradebook(removed.dir, removed.key)).toBe('signatures.json');
  });
});
