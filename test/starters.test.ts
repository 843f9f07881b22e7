import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURE_COURSE, FIXTURE_SOLUTIONS, fixtureEntry } from './support/course.ts';
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

/** A copy of the fixture course (test/fixtures/course), ES modules like the repository, whose chapters/ holds its solutions. */
function solvedFixtureCopy(): string {
  const root = join(mkdtempSync(join(tmpdir(), 'starters-fixture-')), 'course');
  cpSync(FIXTURE_COURSE, root, { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  rmSync(join(root, 'chapters'), { recursive: true });
  cpSync(FIXTURE_SOLUTIONS, join(root, 'chapters'), { recursive: true });
  return root;
}

// On the fixture course: the refusal does not depend on the course, and that the real course's solutions pass every
// hidden suite is proven in exercises.test.ts. The case below records the real course's starters.
test('npm run starters refuses to record code that passes a hidden suite, and writes nothing', () => {
  const root = solvedFixtureCopy();
  const before = readFileSync(join(root, 'checker', 'starters.json'), 'utf8');
  const ran = fixtureEntry('checker/commands/starters.ts', [], { env: { CHECKER_COURSE: root } });
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
