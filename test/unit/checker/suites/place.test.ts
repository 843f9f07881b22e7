import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { watchDisk } from '../../../../checker/suites/_lib/disk.ts';
import { learnerCaller, notePrinted, outermostLearnerFrame, printedAt } from '../../../../checker/suites/_lib/place.ts';
import { LearnerFacingError, fail } from '../../../../checker/suites/_lib/say.ts';
import { attempt, captureLog } from '../../../../checker/suites/_lib/run.ts';

/*
 * How a suite's failure names the learner's line: the first stack frame in the learner's chapters, the line that
 * printed a line the failure shows, and the frame a throw came from.
 */

test('the learner frame is the first one in a chapters folder, outside node_modules', () => {
  const stack = [
    'Error: boom',
    '    at placeOfCaller (/s/t0/checker/suites/_lib/place.ts:40:10)',
    '    at x (/s/t0/node_modules/lib/chapters/x.js:1:1)',
    '    at main (/s/t0/chapters/01-mini-mcp/main.ts:53:13)',
    '    at run (/s/t0/checker/suites/01-mini-mcp/2.test.ts:9:3)',
  ].join('\n');
  expect(learnerCaller(stack)).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  expect(learnerCaller('Error: /s/t0/chapters/a.ts:1 in the message only')).toBeUndefined();
});

test('a failure whose got is a line printed in this test points at the line that printed it', () => {
  notePrinted('count: 4', '/s/t0/chapters/01-mini-mcp/main.ts:53');
  expect(printedAt('count: 4')).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  try {
    fail({ what: 'wrong count', got: 'count: 4' });
  } catch (error) {
    expect((error as LearnerFacingError).where).toBe('/s/t0/chapters/01-mini-mcp/main.ts:53');
  }
  expect.assertions(2);
});

test('a line printed in another test points nowhere', () => {
  expect(printedAt('count: 4')).toBeUndefined();
});

test('a throw caught by attempt keeps the learner frame it came from', () => {
  const error = new Error('ENOENT');
  error.stack = 'Error: ENOENT\n    at readFileSync (node:fs:1:1)\n    at readDocument (/s/t0/chapters/01-mini-mcp/server.ts:88:12)';
  expect(attempt(() => { throw error; })).toEqual({ ok: false, error: 'Error: ENOENT', where: '/s/t0/chapters/01-mini-mcp/server.ts:88' });
});

test('the outermost learner frame is the last one in a chapters folder: the line in the function a suite called', () => {
  const stack = [
    'Error: 개수 검증 실패',
    '    at check (/s/t0/chapters/02-two-sided-allowlists/main.ts:42:26)',
    '    at main (/s/t0/chapters/02-two-sided-allowlists/main.ts:29:3)',
    '    at fn (/s/t0/checker/suites/02-two-sided-allowlists/1.test.ts:43:30)',
  ].join('\n');
  expect(outermostLearnerFrame(stack)).toBe('/s/t0/chapters/02-two-sided-allowlists/main.ts:29');
  expect(outermostLearnerFrame('Error: none\n    at run (/s/t0/checker/suites/x.test.ts:1:1)')).toBeUndefined();
});

test('captureLog collects the lines, still prints them as the learner\'s output, and keeps where a throw came through', () => {
  const seen: unknown[][] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void seen.push(args);
  try {
    const error = new Error('개수 검증 실패');
    error.stack = 'Error: 개수 검증 실패\n    at check (/s/t0/chapters/02/main.ts:42:26)\n    at main (/s/t0/chapters/02/main.ts:29:3)';
    const run = captureLog(() => {
      console.log('DEBUG', 'done');
      throw error;
    });
    expect(run).toEqual({ lines: ['DEBUG done'], error: 'Error: 개수 검증 실패', where: '/s/t0/chapters/02/main.ts:29' });
  } finally {
    console.log = original;
  }
  expect(seen).toEqual([['DEBUG done']]);
});

test('a watched read names the learner line that made the first read', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'place-read-'));
  mkdirSync(join(dir, 'chapters'));
  writeFileSync(join(dir, 'doc.txt'), 'text');
  const reader = join(dir, 'chapters', 'reader.mjs');
  writeFileSync(reader, "import { readFileSync } from 'node:fs';\nexport function read(path) {\n  return readFileSync(path, 'utf8');\n}\n");
  const { read } = (await import(pathToFileURL(reader).href)) as { read: (path: string) => string };
  const watched = watchDisk(dir, () => read(join(dir, 'doc.txt')));
  expect(watched).toEqual({ value: 'text', touched: [join(dir, 'doc.txt')], readAt: `${reader}:3` });
  expect(watchDisk(dir, () => 'nothing read')).toEqual({ value: 'nothing read', touched: [] });
});

test('captureLog passes on the first lines of a flood in order and counts the rest as one write of as many lines', () => {
  const seen: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void seen.push(args.map(String).join(' '));
  try {
    const run = captureLog(() => {
      for (let line = 0; line < 1000; line += 1) console.log(`line ${line}`);
    });
    expect(run.lines).toHaveLength(1000);
  } finally {
    console.log = original;
  }
  expect(seen.slice(0, 200)).toEqual(Array.from({ length: 200 }, (_, line) => `line ${line}`));
  expect(seen).toHaveLength(201);
  expect(`${seen[200]}\n`.split('\n').length - 1).toBe(800);
});
