import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { GRADING_TIMEOUT, REPO, checker } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * What a private suite may import, as docs/instructors/private-suites.md lists it, proved on the real course's chapter 1 graded with
 * its solution: vitest, the learner's chapter (`../../../chapters/<chapter>/…`), the public suite's own helpers
 * (`../<chapter>/support.ts`), the checker's shared helpers (`../_lib/…`), a helper of its own beside it
 * (`./support.ts`, copied along, never run) and npm packages. A suite that imports `./support.ts` without writing one
 * (the public helper is not beside it) is refused before anything runs, naming the file and TS2307.
 */
let work: string;
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A private suites folder holding the given files of chapter 1. */
function suites(name: string, files: Record<string, string>): string {
  const root = join(work, name);
  mkdirSync(join(root, '01-mini-mcp'), { recursive: true });
  for (const [file, body] of Object.entries(files)) writeFileSync(join(root, '01-mini-mcp', file), body);
  return root;
}

let good: string;
let missing: string;
let json: string;
let graded: Ran;
let refused: Ran;

// The suites are written and graded before the tests, never while the file loads.
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'private-imports-'));
  good = suites('good', {
    'support.ts': "export const OWN_RULE = 'an instructor helper beside the suite';\n",
    '4-imports.test.ts': [
      "import { expect, test } from 'vitest';",
      "import { z } from 'zod';",
      "import { MiniServer } from '../../../chapters/01-mini-mcp/server.ts';",
      "import { REPORT, send, withServer } from '../01-mini-mcp/support.ts';",
      "import { say } from '../_lib/say.ts';",
      "import { OWN_RULE } from './support.ts';",
      "test('imports the chapter, the public helpers, the shared helpers, its own helper and a package', () => {",
      "  expect(OWN_RULE).toContain('instructor');",
      "  expect(say('가', 'a')).toMatch(/^(가|a)$/);",
      '  expect(z.string().parse(REPORT)).toBe(REPORT);',
      "  withServer({ 'report.md': REPORT }, (server) => {",
      '    expect(server).toBeInstanceOf(MiniServer);',
      "    expect(send(server, 'resources/list', {}).reply).toHaveProperty('result');",
      '  });',
      '});',
      '',
    ].join('\n'),
  });
  missing = suites('missing', {
    '4-wrong.test.ts': "import { test } from 'vitest';\nimport { REPORT } from './support.ts';\ntest('uses the public helper from the wrong place', () => { if (!REPORT) throw new Error('none'); });\n",
  });
  json = join(work, 'good.json');
  graded = checker(['check', '01/4', '--target', join(REPO, 'solutions'), '--suites', good, '--json', json, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 300_000 });
  refused = checker(['check', '01/4', '--target', join(REPO, 'solutions'), '--suites', missing, '--lang', 'en', '--timeout', GRADING_TIMEOUT], { timeoutMs: 300_000 });
});

describe('what a private suite may import', () => {
  test('the chapter, the public support helpers, _lib, its own helper and a package load, and its test passes at grading', () => {
    expect(graded.status, `${graded.stdout}\n${graded.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
    const tests = report.exercises.find((exercise) => exercise.id === '01/4')!.tests;
    expect(tests.find((entry) => entry.name === '[private] imports the chapter, the public helpers, the shared helpers, its own helper and a package')?.status).toBe('pass');
  });

  test('`./support.ts` with no helper of its own beside it is refused before grading, naming the file and TS2307', () => {
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('4-wrong.test.ts');
    expect(refused.stderr).toContain('TS2307');
  });
});
