import { expect, test } from 'vitest';
import { join } from 'node:path';
import { COURSE_VARIABLE, REPO_ROOT, courseRoot, localStamp } from '../../../../checker/course/files.ts';

test('localStamp is the local date and time, sortable as text, for a new folder\'s name', () => {
  expect(localStamp(new Date(2026, 10, 30, 9, 45, 12))).toBe('20261130-094512');
  expect(localStamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('20260102-030405');
  expect(localStamp(new Date(2026, 0, 2, 3, 4, 5)) < localStamp(new Date(2026, 10, 30, 9, 45, 12))).toBe(true);
});

test('courseRoot is this repository unless a course is named, and takes a named one only beside CHECKER_TRUST_WORKTREE=1', () => {
  for (const named of [undefined, '']) {
    expect(courseRoot(named, {})).toBe(REPO_ROOT);
    expect(courseRoot(named, { CHECKER_TRUST_WORKTREE: '1' })).toBe(REPO_ROOT);
  }
  expect(courseRoot('test/fixtures/course', { CHECKER_TRUST_WORKTREE: '1' })).toBe(join(REPO_ROOT, 'test', 'fixtures', 'course'));
  for (const trust of [undefined, '', '0', 'true']) {
    expect(() => courseRoot('test/fixtures/course', { CHECKER_TRUST_WORKTREE: trust }), String(trust)).toThrow(`${COURSE_VARIABLE} is for the repository's own tests and needs CHECKER_TRUST_WORKTREE=1 beside it.`);
  }
});
