import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { FIXTURE_COURSE, FIXTURE_SOLUTIONS, FIXTURE_STARTERS, fixtureEntry } from './support/course.ts';
import { REPO } from './support/run.ts';

/** A copy of the fixture course (test/fixtures/course), ES modules like the repository, whose chapters/ is taken from `from`. */
function fixtureCourseCopy(from: string): string {
  const root = join(mkdtempSync(join(tmpdir(), 'starters-fixture-')), 'course');
  cpSync(FIXTURE_COURSE, root, { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  rmSync(join(root, 'chapters'), { recursive: true });
  cpSync(from, join(root, 'chapters'), { recursive: true });
  return root;
}

/** Runs `npm run starters` (as its script starts it) on a fixture course copy, which it records into its own checker/starters.json. */
function recordStarters(root: string) {
  return fixtureEntry('checker/commands/maintainer/starters.ts', [], { env: { CHECKER_COURSE: root } });
}

// On the fixture course: neither the refusal nor a first recording depends on the course, and that the real course's
// solutions pass every hidden suite is proven in exercises.test.ts. The real course's committed starters are recorded,
// and compared with checker/starters.json, in add-chapter.test.ts, whose copy of the repository runs npm run starters.
test('npm run starters refuses to record code that passes a hidden suite, and writes nothing', () => {
  const root = fixtureCourseCopy(FIXTURE_SOLUTIONS);
  const before = readFileSync(join(root, 'checker', 'starters.json'), 'utf8');
  const ran = recordStarters(root);
  expect(ran.status).toBe(1);
  expect(ran.stderr).toContain('Refusing');
  expect(ran.stderr).toContain('01/1');
  expect(readFileSync(join(root, 'checker', 'starters.json'), 'utf8')).toBe(before);
});

test('npm run starters records the committed starters exactly as checker/starters.json has them, with no starters.json yet', () => {
  const root = fixtureCourseCopy(FIXTURE_STARTERS);
  rmSync(join(root, 'checker', 'starters.json'));
  const ran = recordStarters(root);
  expect(ran.status, ran.stderr).toBe(0);
  expect(readFileSync(join(root, 'checker', 'starters.json'), 'utf8')).toBe(readFileSync(join(FIXTURE_COURSE, 'checker', 'starters.json'), 'utf8'));
});

test('no repository test reads the working tree\'s chapters/, where the learner works', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
  const offenders = sources(join(REPO, 'test')).filter((file) => /join\(REPO,\s*'chapters'|readFileSync\(join\('chapters'|checker\(\['(check|hint)'\]\)/.test(readFileSync(file, 'utf8')));
  expect(offenders).toEqual([]);
});
