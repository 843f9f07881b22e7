import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { deniedModule, fileOfId, isInside, refusal } from '../../../../checker/trust/confine.ts';
import type { LoadScope } from '../../../../checker/trust/confine.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const root = tempDir('confine');
beforeAll(() => {
  writeTree(root, {
    't0/chapters/01-x/server.ts': '',
    't0/checker/suites/01-x/1-x.test.ts': '',
    't0/checker/suites/01-x.private/1-x.test.ts': '',
    't1/chapters/01-x/server.ts': '',
    'packages/zod/index.js': '',
    'outside/secret.txt': 'secret',
  });
  symlinkSync(join(root, 'outside'), join(root, 't0', 'chapters', 'way-out'));
});
const scope: LoadScope = { root: join(root, 't0'), shared: [join(root, 'packages')] };

describe('fileOfId', () => {
  test('reads the file behind /@fs/, file:// and a query, and nothing from ids that are no file', () => {
    expect(fileOfId('/@fs/etc/passwd?raw')).toBe('/etc/passwd');
    expect(fileOfId('file:///etc/passwd?raw')).toBe('/etc/passwd');
    expect(fileOfId('/a/b.ts#x')).toBe('/a/b.ts');
    expect(fileOfId('\0virtual')).toBeNull();
    expect(fileOfId('zod')).toBeNull();
  });
});

describe('isInside', () => {
  test('follows links and ".." before comparing, so neither leads out', () => {
    expect(isInside(join(root, 't0', 'chapters', '01-x', 'server.ts'), join(root, 't0'))).toBe(true);
    expect(isInside(join(root, 't0', 'chapters', 'way-out', 'secret.txt'), join(root, 't0'))).toBe(false);
    expect(isInside(join(root, 't0', '..', 't1', 'chapters'), join(root, 't0'))).toBe(false);
    expect(isInside(join(root, 't00'), join(root, 't0'))).toBe(false);
  });
});

describe('refusal', () => {
  test("allows the student's own copy, the shared folders and built-in modules", () => {
    expect(refusal(join(root, 't0', 'chapters', '01-x', 'server.ts'), scope)).toBeNull();
    expect(refusal(join(root, 'packages', 'zod', 'index.js'), scope)).toBeNull();
    expect(refusal('node:fs', scope)).toBeNull();
  });

  test("refuses a classmate's copy, any other file, a link out, a query on the student's own file, and everything while no student is graded", () => {
    expect(refusal(join(root, 't1', 'chapters', '01-x', 'server.ts'), scope)).toBe(join(root, 't1', 'chapters', '01-x', 'server.ts'));
    expect(refusal('/etc/passwd?raw', scope)).toBe('/etc/passwd');
    expect(refusal(`/@fs${root}/outside/secret.txt`, scope)).toBe(`${root}/outside/secret.txt`);
    expect(refusal(join(root, 't0', 'chapters', 'way-out', 'secret.txt'), scope)).not.toBeNull();
    expect(refusal(`${join(root, 't0', 'chapters', '01-x', 'server.ts')}?raw`, scope)).not.toBeNull();
    expect(refusal(join(root, 't0', 'chapters', '01-x', 'server.ts'), { ...scope, root: null })).not.toBeNull();
    expect(refusal('\0some-virtual-module', scope)).toBe('some-virtual-module');
  });
});

describe('refusal by importer and group', () => {
  const learner = join(root, 't0', 'chapters', '01-x', 'server.ts');
  const publicSuite = join(root, 't0', 'checker', 'suites', '01-x', '1-x.test.ts');
  const privateSuite = join(root, 't0', 'checker', 'suites', '01-x.private', '1-x.test.ts');

  test('learner code loads only its chapters copy and the packages, never a suite of its own copy', () => {
    expect(refusal(learner, scope, learner)).toBeNull();
    expect(refusal(join(root, 'packages', 'zod', 'index.js'), scope, learner)).toBeNull();
    expect(refusal(publicSuite, scope, learner)).toBe(publicSuite);
    expect(refusal(privateSuite, scope, learner)).toBe(privateSuite);
  });

  test("a group of public suites loads its own suites and the learner's copy, never the private suites", () => {
    const group: LoadScope = { ...scope, suites: [join(root, 't0', 'checker', 'suites', '01-x')] };
    expect(refusal(publicSuite, group, publicSuite)).toBeNull();
    expect(refusal(learner, group, publicSuite)).toBeNull();
    expect(refusal(privateSuite, group, publicSuite)).toBe(privateSuite);
    expect(refusal(privateSuite, group)).toBe(privateSuite);
    expect(refusal(privateSuite, { ...group, suites: [...group.suites!, join(root, 't0', 'checker', 'suites', '01-x.private')] })).toBeNull();
  });
});

describe('deniedModule', () => {
  test("throws, when imported, the permission model's refusal, naming what was asked for and where", async () => {
    const code = deniedModule('/etc/passwd?raw', { file: '/s/t0/chapters/01-x/server.ts', line: 3 });
    const error = await import(`data:text/javascript,${encodeURIComponent(code)}`).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'ERR_ACCESS_DENIED', permission: 'FileSystemRead', resource: '/etc/passwd?raw' });
    expect((error as Error).stack).toContain('/s/t0/chapters/01-x/server.ts:3:1');
    expect(code).not.toContain('secret');
  });
});
