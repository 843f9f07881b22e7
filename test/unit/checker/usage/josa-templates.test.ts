/**
 * Korean particles after a value the checker fills in are chosen by the josa helper (checker/usage/josa.ts; the hidden suites' copy is checker/suites/_lib/josa.ts), never
 * written after a `${…}` or as a both-ways form such as `을(를)`: a template cannot know whether `tasks/delete_tasks`
 * or `설명` ends in a consonant. Read statically over every message table and suite, and over the chapters' code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { messages } from '../../../../checker/usage/messages.ts';
import { josa } from '../../../../checker/usage/josa.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : entry.isDirectory() ? tsFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** A particle written straight after a filled-in value, or a both-ways particle. */
const UNCHOSEN = /\$\{(?:[^{}]|\{[^{}]*\})*\}(?:은|는|이|가|을|를|과|와|으로|로)(?![가-힣])|을\(를\)|를\(을\)|이\(가\)|은\(는\)|와\(과\)|과\(와\)|\(으\)로/u;

test('no Korean template writes a particle of its own after a filled-in value', () => {
  const files = ['checker', 'chapters', 'solutions', 'docs'].flatMap((dir) => tsFiles(join(REPO, dir)));
  const found = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `${relative(REPO, file)}:${index + 1}` }))
      .filter(({ line }) => UNCHOSEN.test(line.replace(/josa\((?:[^()]|\([^()]*\))*\)/g, 'X')))
      .map(({ at, line }) => `${at} ${line.trim().slice(0, 120)}`),
  );
  expect(found).toEqual([]);
});

test('the helper reads a path, an id or a number aloud to choose', () => {
  expect(josa('tasks/delete_tasks', '은/는')).toBe('tasks/delete_tasks는');
  expect(josa('설명', '을/를')).toBe('설명을');
  expect(josa('입력 스키마', '을/를')).toBe('입력 스키마를');
  expect(josa('server.ts:87', '이/가')).toBe('server.ts:87이');
});

test('the Korean message table, filled in, has no both-ways particle', () => {
  const say = messages('ko');
  const texts = Object.values(say).flatMap((value) => (typeof value === 'function' ? [String((value as (...args: string[]) => unknown)('설명', 'tasks/delete_tasks', '3', '4', '5'))] : typeof value === 'string' ? [value] : []));
  expect(texts.filter((text) => /을\(를\)|이\(가\)|은\(는\)/.test(text))).toEqual([]);
});
