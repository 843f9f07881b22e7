import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { chapterHere } from '../../../../../checker/commands/learner/check.ts';

/** A course copy with the folders of chapters 01 and 02 (one with a folder inside it). */
function course(): string {
  const root = mkdtempSync(join(tmpdir(), 'here-'));
  mkdirSync(join(root, 'chapters', '01-mini-mcp', 'notes'), { recursive: true });
  mkdirSync(join(root, 'chapters', '02-two-sided-allowlists'), { recursive: true });
  return root;
}

test('a chapter folder, or a folder inside it, names that chapter when no id is given', () => {
  const root = course();
  const target = join(root, 'chapters');
  expect(chapterHere({ ids: [], target }, { INIT_CWD: join(target, '02-two-sided-allowlists') })?.id).toBe('02');
  expect(chapterHere({ ids: [], target }, { INIT_CWD: join(target, '01-mini-mcp', 'notes') })?.id).toBe('01');
  expect(chapterHere({ ids: [], target: root }, { INIT_CWD: join(target, '01-mini-mcp') })?.id).toBe('01');
});

test('an id on the command line, the top folder, a look-alike folder or no INIT_CWD name no chapter', () => {
  const root = course();
  const target = join(root, 'chapters');
  expect(chapterHere({ ids: ['01/2'], target }, { INIT_CWD: join(target, '02-two-sided-allowlists') })).toBeNull();
  expect(chapterHere({ ids: [], target }, { INIT_CWD: root })).toBeNull();
  expect(chapterHere({ ids: [], target }, { INIT_CWD: `${join(target, '01-mini-mcp')}-old` })).toBeNull();
  expect(chapterHere({ ids: [], target }, {})).toBeNull();
});
