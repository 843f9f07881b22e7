import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { bundleLearnerEntry } from '../../../../checker/grading/bundle.ts';
import { bundlePath } from '../../../../checker/suites/_lib/learner-process.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

describe('bundlePath', () => {
  test('puts the bundle of an entry beside it as a hidden .mjs, so import.meta.dirname still names its folder', () => {
    expect(bundlePath('/scratch/t0/chapters/03-real-mcp-sdk/stdio.ts')).toBe('/scratch/t0/chapters/03-real-mcp-sdk/.checker-stdio.mjs');
    expect(bundlePath('/s/ch/bin/start-server.ts')).toBe('/s/ch/bin/.checker-start-server.mjs');
  });

  test('drops only the final .ts of a dotted name', () => {
    expect(bundlePath('/s/ch/main.test.ts')).toBe('/s/ch/.checker-main.test.mjs');
  });
});

describe('bundleLearnerEntry', () => {
  const root = tempDir('bundle');
  beforeAll(() => {
    writeTree(root, {
      't0/chapters/03-x/stdio.ts': "import { secret } from '../../../outside/secret.ts';\nimport { here } from './here.ts';\nconsole.log(secret, here);\n",
      't0/chapters/03-x/here.ts': "export const here = 'own file';\n",
      'outside/secret.ts': "export const secret = 'TOPSECRET';\n",
    });
  });

  test("bundles the student's own files", async () => {
    const entry = join(root, 't0', 'chapters', '03-x', 'here.ts');
    expect(await bundleLearnerEntry(entry, join(root, 't0'))).toBeNull();
    expect(readFileSync(bundlePath(entry), 'utf8')).toContain('own file');
  });

  test('writes a source map beside the bundle, naming the learner files, so a learner process can report their lines', async () => {
    const entry = join(root, 't0', 'chapters', '03-x', 'here.ts');
    expect(await bundleLearnerEntry(entry, join(root, 't0'))).toBeNull();
    expect((JSON.parse(readFileSync(`${bundlePath(entry)}.map`, 'utf8')) as { sources: string[] }).sources).toEqual(['here.ts']);
  });

  test('refuses, naming it, a file outside the copy, and never reads it into a bundle', async () => {
    const entry = join(root, 't0', 'chapters', '03-x', 'stdio.ts');
    const error = await bundleLearnerEntry(entry, join(root, 't0'));
    expect(error).toContain('Access to this API has been restricted');
    expect(error).toContain('outside/secret.ts');
    expect(existsSync(bundlePath(entry))).toBe(false);
  });
});
