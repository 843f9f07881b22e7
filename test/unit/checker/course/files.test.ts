import { expect, test } from 'vitest';
import { localStamp } from '../../../../checker/course/files.ts';

test('localStamp is the local date and time, sortable as text, for a new folder\'s name', () => {
  expect(localStamp(new Date(2026, 10, 30, 9, 45, 12))).toBe('20261130-094512');
  expect(localStamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('20260102-030405');
  expect(localStamp(new Date(2026, 0, 2, 3, 4, 5)) < localStamp(new Date(2026, 10, 30, 9, 45, 12))).toBe(true);
});
