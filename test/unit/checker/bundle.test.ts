import { describe, expect, test } from 'vitest';
import { BUNDLE_DIR, bundlePath } from '../../../checker/bundle.ts';

describe('bundlePath', () => {
  test('puts the bundle of an entry in the hidden bundle folder beside it, as .mjs', () => {
    expect(BUNDLE_DIR).toBe('.checker-bundles');
    expect(bundlePath('/scratch/t0/chapters/02-two-sided-allowlists/server.ts')).toBe('/scratch/t0/chapters/02-two-sided-allowlists/.checker-bundles/server.mjs');
    expect(bundlePath('/s/ch/bin/start-server.ts')).toBe('/s/ch/bin/.checker-bundles/start-server.mjs');
  });

  test('drops only the final .ts of a dotted name', () => {
    expect(bundlePath('/s/ch/main.test.ts')).toBe('/s/ch/.checker-bundles/main.test.mjs');
  });
});
