import { expect, test } from 'vitest';
import { confinementNotice } from '../../../../checker/usage/confine-words.ts';

test('the notice names each missing confinement and why, in Korean and in English, and there is none when nothing is missing', () => {
  expect(confinementNotice(new Map(), 'ko')).toBeNull();
  const missing = new Map([
    ['memory', { platform: 'macOS' }],
    ['sockets', { tool: 'perl' }],
    ['processes', { feature: 'pids cgroup' }],
  ] as const);
  const en = confinementNotice(missing, 'en')!;
  expect(en).toMatch(/^Warning: /);
  expect(en).toContain('memory (RLIMIT_DATA, which counts Buffers too): macOS has no such mechanism');
  expect(en).toContain('perl is missing');
  expect(en).toContain('pids cgroup is not available');
  const ko = confinementNotice(missing, 'ko')!;
  expect(ko).toMatch(/^경고: /);
  expect(ko).toContain('perl이 없다');
  expect(ko.split('\n')).toHaveLength(en.split('\n').length);
});
