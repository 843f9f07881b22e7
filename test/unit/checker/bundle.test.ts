import { describe, expect, test } from 'vitest';
import { bundlePath } from '../../../checker/suites/_lib/learner-process.ts';

describe('bundlePath', () => {
  test('puts the bundle of an entry beside it as a hidden .mjs, so import.meta.dirname still names its folder', () => {
    expect(bundlePath('/scratch/t0/chapters/03-real-mcp-sdk/stdio.ts')).toBe('/scratch/t0/chapters/03-real-mcp-sdk/.checker-stdio.mjs');
    expect(bundlePath('/s/ch/bin/start-server.ts')).toBe('/s/ch/bin/.checker-start-server.mjs');
  });

  test('drops only the final .ts of a dotted name', () => {
    expect(bundlePath('/s/ch/main.test.ts')).toBe('/s/ch/.checker-main.test.mjs');
  });
});
