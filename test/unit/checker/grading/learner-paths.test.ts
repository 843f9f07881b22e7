import { relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { learnerPaths } from '../../../../checker/grading/learner-paths.ts';

describe('learnerPaths', () => {
  const scratchRoot = '/tmp/mcp-check-Ab12Cd';
  const cases: [string, string, string][] = [
    ['an absolute chapter path of this copy', `${scratchRoot}/t0/chapters/01-x/server.ts:4`, 'chapters/01-x/server.ts:4'],
    ["another copy's chapter path in a class run", `${scratchRoot}/t23/chapters/01-x/model.ts`, 'chapters/01-x/model.ts'],
    ['a file:// URL', `file://${scratchRoot}/t1/chapters/01-x/rpc.ts`, 'chapters/01-x/rpc.ts'],
    ['a /@fs/ id', `/@fs${scratchRoot}/t1/chapters/01-x/rpc.ts`, 'chapters/01-x/rpc.ts'],
    ['a path from the scratch root, as Vite names modules', "failed to load '/t0/chapters/01-x/model.ts'", "failed to load 'chapters/01-x/model.ts'"],
    ["a suite's folder in the lane's temporary folder", `'${scratchRoot}/.sandbox/lane-1/mini-mcp-suite-PLxKXR/report.txt'`, "'$TMPDIR/mini-mcp-suite/report.txt'"],
    ["the lane's temporary folder itself", `${scratchRoot}/.sandbox/lane-spawn/x.txt`, '$TMPDIR/x.txt'],
    ['a copied suite', `${scratchRoot}/t4/checker/suites/01-x/support.ts`, 'checker/suites/01-x/support.ts'],
    ['anything else in the scratch folder', `${scratchRoot}/tsconfig.learner.json`, '<checker>/tsconfig.learner.json'],
  ];
  test.each(cases)('shows %s as the learner knows it', (_name, text, shown) => {
    expect(learnerPaths(text, scratchRoot, 'chapters')).toBe(shown);
  });

  test('a path relative to the current folder is read as the absolute one', () => {
    const fromCwd = relative(process.cwd(), scratchRoot);
    expect(learnerPaths(`[ ${fromCwd}/t0/chapters/01-x/server.ts:1:10 ]`, scratchRoot, 'chapters')).toBe('[ chapters/01-x/server.ts:1:10 ]');
  });

  test('two runs in different scratch folders give the same message, so the class table counts it once as it is', () => {
    const message = (root: string) => learnerPaths(`Error at ${root}/t0/chapters/01-x/rpc.ts:9 (tmp ${root}/.sandbox/lane-0)`, root, 'chapters');
    expect(message(scratchRoot)).toBe(message('/tmp/mcp-check-ZzZ999'));
    expect(message(scratchRoot)).not.toContain('/tmp/');
  });
});
