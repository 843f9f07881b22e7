import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { privateSuitesDirName, syncLearnerTree } from '../../../../checker/grading/scratch.ts';
import { MAX_FILE_BYTES, copyLearnerTree } from '../../../../checker/course/learner-tree.ts';
import { listFiles } from '../../../../checker/course/files.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const work = tempDir('scratch');

/** Every file under `dir`, relative to it, sorted. */
function tree(dir: string): string[] {
  return listFiles(dir).map((file) => relative(dir, file)).sort();
}

describe('copyLearnerTree', () => {
  const from = join(work, 'from');
  beforeAll(() => {
    writeTree(from, {
      'main.ts': 'main',
      'lib/rpc.ts': 'rpc',
      'lib/deep/x.ts': 'x',
      '.env': 'SECRET',
      '.hidden/a.ts': 'a',
      'node_modules/pkg/index.js': 'pkg',
      'edge.bin': Buffer.alloc(MAX_FILE_BYTES, 1),
      'flood.txt': Buffer.alloc(MAX_FILE_BYTES + 1, 1),
    });
    symlinkSync('/etc/hostname', join(from, 'link.ts'));
    symlinkSync(join(from, 'lib'), join(from, 'linked-lib'));
  });

  test('copies regular files up to the size limit, in their folders, byte for byte', () => {
    const to = join(work, 'to');
    copyLearnerTree(from, to);
    expect(tree(to)).toEqual(['edge.bin', 'lib/deep/x.ts', 'lib/rpc.ts', 'main.ts']);
    expect(readFileSync(join(to, 'lib/rpc.ts'), 'utf8')).toBe('rpc');
    expect(readFileSync(join(to, 'edge.bin')).length).toBe(MAX_FILE_BYTES);
  });

  test('copies nothing and makes no folder when the source is missing', () => {
    const to = join(work, 'to-nothing');
    copyLearnerTree(join(work, 'no-such-chapter'), to);
    expect(existsSync(to)).toBe(false);
  });
});

describe('syncLearnerTree', () => {
  test('writes new and changed files, removes files gone, leaves equal files alone, and returns what changed', () => {
    const from = writeTree(join(work, 'sync-from'), { 'same.ts': 'same', 'changed.ts': 'new', 'added/x.ts': 'x', '.dot': 'skip' });
    const to = writeTree(join(work, 'sync-to'), { 'same.ts': 'same', 'changed.ts': 'old', 'gone.ts': 'gone' });
    const changed = syncLearnerTree(from, to);
    expect(changed.map((file) => relative(to, file)).sort()).toEqual(['added/x.ts', 'changed.ts', 'gone.ts']);
    expect(tree(to)).toEqual(['added/x.ts', 'changed.ts', 'same.ts']);
    expect(readFileSync(join(to, 'changed.ts'), 'utf8')).toBe('new');
    expect(syncLearnerTree(from, to)).toEqual([]);
  });
});

describe('listFiles and privateSuitesDirName', () => {
  test('listFiles lists every file under a folder, and nothing for a missing one', () => {
    const dir = writeTree(join(work, 'list'), { 'a.ts': '', 'b/c.ts': '', 'b/d/e.ts': '' });
    mkdirSync(join(dir, 'empty'));
    expect(tree(dir)).toEqual(['a.ts', 'b/c.ts', 'b/d/e.ts']);
    expect(listFiles(join(work, 'no-such-folder'))).toEqual([]);
  });

  test('private suites sit beside the public ones as <chapter dir>.private', () => {
    expect(privateSuitesDirName('01-mini-mcp')).toBe('01-mini-mcp.private');
  });
});
