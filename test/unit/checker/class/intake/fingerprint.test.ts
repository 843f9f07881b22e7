import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fingerprintChapter, importsFromOutside } from '../../../../../checker/class/intake/fingerprint.ts';
import { MAX_FILE_BYTES } from '../../../../../checker/course/learner-tree.ts';
import { tempDir, writeTree } from '../../../support/temp.ts';

const work = tempDir('fingerprint');
const FILES = { 'main.ts': "import { a } from './lib/a.ts';\nconsole.log(a);\n", 'lib/a.ts': 'export const a = 1;\n', 'README.md': '# x\n' };
let count = 0;

/** A fresh chapter folder holding FILES plus `extra`. */
function folder(extra: Record<string, string | Buffer> = {}): string {
  count += 1;
  return writeTree(join(work, `c${count}`), { ...FILES, ...extra });
}

describe('fingerprintChapter', () => {
  test('equal content in two folders gives one print, counting every copied file', () => {
    const a = fingerprintChapter(folder());
    expect(a).toEqual(fingerprintChapter(folder()));
    expect(a.files).toBe(3);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a changed byte, a renamed file, a moved file or an empty folder gives another print', () => {
    const base = fingerprintChapter(folder()).hash;
    expect(fingerprintChapter(folder({ 'lib/a.ts': 'export const a = 2;\n' })).hash).not.toBe(base);
    const renamed = folder();
    cpSync(join(renamed, 'README.md'), join(renamed, 'readme.md'));
    expect(fingerprintChapter(renamed).hash).not.toBe(base);
    const moved = writeTree(join(work, 'moved'), { 'main.ts': FILES['main.ts'], 'a.ts': FILES['lib/a.ts'], 'lib/README.md': FILES['README.md'] });
    expect(fingerprintChapter(moved).hash).not.toBe(base);
    const emptyDir = folder();
    mkdirSync(join(emptyDir, 'empty'));
    expect(fingerprintChapter(emptyDir).hash).not.toBe(base);
  });

  test('leaves out what the checker does not copy: dot entries, node_modules, links and files over the size limit', () => {
    const base = fingerprintChapter(folder());
    const noisy = folder({ '.env': 'SECRET=1', '.git/HEAD': 'ref', 'node_modules/x/index.js': "require('../../../x')", 'big.ts': Buffer.alloc(MAX_FILE_BYTES + 1, 'a') });
    symlinkSync(join(noisy, 'main.ts'), join(noisy, 'link.ts'));
    symlinkSync(join(noisy, 'lib'), join(noisy, 'linked-dir'));
    expect(fingerprintChapter(noisy)).toEqual(base);
  });

  test('counts a file of exactly the size limit', () => {
    const print = fingerprintChapter(folder({ 'edge.ts': Buffer.alloc(MAX_FILE_BYTES, 'a') }));
    expect(print.files).toBe(4);
  });

  test('a missing folder and an empty one both print as no files', () => {
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const missing = fingerprintChapter(join(work, 'missing'));
    expect(missing).toEqual(fingerprintChapter(empty));
    expect(missing.files).toBe(0);
  });

  test('reachesOut when a code file imports from outside the folder; other files do not count', () => {
    expect(fingerprintChapter(folder()).reachesOut).toBe(false);
    expect(fingerprintChapter(folder({ 'lib/b.mts': "export * from '../../other/x.ts';" })).reachesOut).toBe(true);
    expect(fingerprintChapter(folder({ 'notes.txt': "import x from '../secret';" })).reachesOut).toBe(false);
  });
});

describe('importsFromOutside', () => {
  test('true for a parent, absolute or file: path, by import, export or require', () => {
    for (const source of [
      "import { a } from '../01-mini-mcp/rpc.ts';",
      'import x from "/etc/passwd";',
      "export * from '../x';",
      "import '../side-effect.ts';",
      "const m = await import('file:///tmp/x.mjs');",
      "const fs = require('../../fs');",
      'import data from `../data.json`;',
    ]) expect(importsFromOutside(source), source).toBe(true);
  });

  test('true for an import or require of a computed path', () => {
    for (const source of ['await import(name);', "require(dir + '/x');", 'await import(`./${name}.ts`);', 'await import ( path )']) {
      expect(importsFromOutside(source), source).toBe(true);
    }
  });

  test('false for imports inside the folder and of packages', () => {
    for (const source of [
      "import { a } from './a.ts';",
      "import { b } from './lib/b.ts';",
      "import { readFileSync } from 'node:fs';",
      "import { expect } from 'vitest';",
      "const m = await import('./a.ts');",
      "const m = await import('./a.json', { with: { type: 'json' } });",
      "const fs = require('node:fs');",
      'const text = "see ../notes";',
    ]) expect(importsFromOutside(source), source).toBe(false);
  });
});
