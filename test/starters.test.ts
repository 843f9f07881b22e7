import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** A course copy with `chapters` taken from `from`; `npm run starters` records into its own checker/starters.json. */
function courseCopy(from: string): string {
  const root = mkdtempSync(join(tmpdir(), 'starters-cli-'));
  for (const path of ['checker', 'package.json', 'tsconfig.json']) cpSync(join(REPO, path), join(root, path), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  cpSync(from, join(root, 'chapters'), { recursive: true });
  return root;
}

/** Runs `npm run starters` in a course copy, as the script does. */
function recordStarters(root: string) {
  return spawnSync(process.execPath, [join(root, 'checker', 'run.mjs'), join(root, 'checker', 'commands', 'starters.ts')], { cwd: root, encoding: 'utf8', timeout: 300_000 });
}

test('npm run starters refuses to record code that passes a hidden suite, and writes nothing', () => {
  const root = courseCopy(join(REPO, 'solutions'));
  const before = readFileSync(join(root, 'checker', 'starters.json'), 'utf8');
  const ran = recordStarters(root);
  expect(ran.status).toBe(1);
  expect(ran.stderr).toContain('Refusing');
  expect(ran.stderr).toContain('01/1');
  expect(readFileSync(join(root, 'checker', 'starters.json'), 'utf8')).toBe(before);
});

test('npm run starters records the committed starters exactly as checker/starters.json has them', () => {
  const root = courseCopy(committedStarters());
  rmSync(join(root, 'checker', 'starters.json'));
  const ran = recordStarters(root);
  expect(ran.status, ran.stderr).toBe(0);
  expect(readFileSync(join(root, 'checker', 'starters.json'), 'utf8')).toBe(readFileSync(join(REPO, 'checker', 'starters.json'), 'utf8'));
});

test('no repository test reads the working tree\'s chapters/, where the learner works', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
  const offenders = sources(join(REPO, 'test')).filter((file) => /join\(REPO,\s*'chapters'|readFileSync\(join\('chapters'|checker\(\['(check|hint)'\]\)/.test(readFileSync(file, 'utf8')));
  expect(offenders).toEqual([]);
});
