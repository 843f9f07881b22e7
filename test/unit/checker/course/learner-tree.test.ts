import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { listFiles } from '../../../../checker/course/files.ts';
import { MAX_FILE_BYTES, copyLearnerTree, isLearnerFolder, learnerEntries } from '../../../../checker/course/learner-tree.ts';
import { fingerprintChapter } from '../../../../checker/class/intake/fingerprint.ts';
import { readChapterTexts } from '../../../../checker/class/review/similarity.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const work = tempDir('learner-tree');
const from = join(work, 'from');
beforeAll(() => {
  writeTree(from, {
    'main.ts': 'main',
    'b/z.ts': 'z',
    'a.md': 'notes',
    '.env': 'SECRET',
    'node_modules/pkg/index.js': 'pkg',
    'flood.ts': Buffer.alloc(MAX_FILE_BYTES + 1, 1),
  });
  mkdirSync(join(from, 'empty'));
  symlinkSync('/etc/hostname', join(from, 'link.ts'));
});

test('lists the folders and files that count, each folder before what it holds, in name order', () => {
  expect(learnerEntries(from).map((entry) => `${entry.folder ? 'd' : 'f'} ${entry.name}`)).toEqual(['f a.md', 'd b', 'f b/z.ts', 'd empty', 'f main.ts']);
  expect(learnerEntries(join(work, 'missing'))).toEqual([]);
  expect(learnerEntries(join(from, 'main.ts'))).toEqual([]);
});

test('the scratch copy, the fingerprint and the similarity pass see the same files', () => {
  const to = join(work, 'to');
  copyLearnerTree(from, to);
  const files = learnerEntries(from).filter((entry) => !entry.folder).map((entry) => entry.name);
  expect(listFiles(to).map((file) => relative(to, file)).sort()).toEqual([...files].sort());
  expect(readFileSync(join(to, 'b', 'z.ts'), 'utf8')).toBe('z');
  expect(fingerprintChapter(from)).toEqual(fingerprintChapter(to));
  expect([...readChapterTexts(from).keys()].sort()).toEqual(files.filter((name) => name.endsWith('.ts')).sort());
});

test.skipIf(process.getuid?.() === 0)('leaves out a subfolder it cannot read instead of failing', () => {
  const locked = writeTree(join(work, 'locked'), { 'main.ts': 'main', 'shut/secret.ts': 'x' });
  chmodSync(join(locked, 'shut'), 0o000);
  try {
    expect(learnerEntries(locked).map((entry) => entry.name)).toEqual(['main.ts', 'shut']);
  } finally {
    chmodSync(join(locked, 'shut'), 0o755);
  }
});

test('a top folder that is a link to a real folder counts as absent: no entries, no copy, not even the target folder', () => {
  const linked = join(work, 'linked-chapter');
  symlinkSync(from, linked);
  expect(isLearnerFolder(from)).toBe(true);
  expect(isLearnerFolder(linked)).toBe(false);
  expect(learnerEntries(linked)).toEqual([]);
  const to = join(work, 'linked-copy');
  copyLearnerTree(linked, to);
  expect(existsSync(to)).toBe(false);
});
