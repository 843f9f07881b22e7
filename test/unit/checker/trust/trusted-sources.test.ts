import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { suiteGuard, trust } from '../../../../checker/trust/trusted-sources.ts';
import type { TrustedSources } from '../../../../checker/trust/trusted-sources.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/** The plugin's load hook, called as Vite calls it. */
function loader(sources: TrustedSources): (id: string) => unknown {
  const hook = suiteGuard(sources).load as (this: unknown, id: string) => unknown;
  return (id) => hook.call({}, id);
}

const root = tempDir('guard');
beforeAll(() => {
  writeTree(root, { 'trusted/1-a.test.ts': 'export const trusted = 1;\n' });
});
const scratchSuite = '/scratch/t0/checker/suites/01-mini-mcp/1-a.test.ts';

describe('suiteGuard', () => {
  test('runs before other plugins under its own name', () => {
    const plugin = suiteGuard(new Map());
    expect(plugin.name).toBe('checker-suite-guard');
    expect(plugin.enforce).toBe('pre');
  });

  test('serves a trusted file from memory, also with a query on its id', () => {
    const sources: TrustedSources = new Map();
    trust(sources, scratchSuite, join(root, 'trusted', '1-a.test.ts'));
    const load = loader(sources);
    expect(load(scratchSuite)).toBe('export const trusted = 1;\n');
    expect(load(`${scratchSuite}?import&v=3`)).toBe('export const trusted = 1;\n');
  });

  test('keeps serving what was read at trust time after the file on disk is rewritten', () => {
    const file = join(root, 'trusted', '2-b.test.ts');
    writeFileSync(file, 'original');
    const sources: TrustedSources = new Map();
    trust(sources, '/scratch/2-b.test.ts', file);
    writeFileSync(file, 'rewritten by learner code');
    expect(loader(sources)('/scratch/2-b.test.ts')).toBe('original');
  });

  test('leaves any other module to the next loader', () => {
    const load = loader(new Map([[scratchSuite, 'x']]));
    expect(load('/scratch/t0/chapters/01-mini-mcp/server.ts')).toBeNull();
    expect(load(`${scratchSuite}.bak`)).toBeNull();
  });
});
