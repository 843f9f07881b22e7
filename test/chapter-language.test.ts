/**
 * Chapter 5 speaks Korean like chapters 1 to 4: no comment line of its starter or solution is English only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from './support/run.ts';

/** The comment lines of a TypeScript file with no Hangul in them (closing and opening markers aside). */
function englishComments(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), at: `${path.slice(REPO.length + 1)}:${index + 1}` }))
    .filter(({ line }) => /^(\/\/|\/\*\*?|\*)/.test(line) && !/^(\/\*\*?|\*\/)$/.test(line) && /[A-Za-z]{3,}/.test(line) && !/[\uAC00-\uD7A3]/.test(line))
    .map(({ line, at }) => `${at} ${line}`);
}

test.each(['chapters', 'solutions'])('no English comment line is left in %s/05-*', (folder) => {
  const dirs = readdirSync(join(REPO, folder)).filter((name) => name.startsWith('05-'));
  expect(dirs.length).toBeGreaterThan(0);
  const found = dirs.flatMap((dir) => readdirSync(join(REPO, folder, dir)).filter((file) => file.endsWith('.ts')).flatMap((file) => englishComments(join(REPO, folder, dir, file))));
  expect(found).toEqual([]);
});
