import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, vi } from 'vitest';
import { parseArgs } from '../checker/commands/args.ts';
import { runReset } from '../checker/commands/reset.ts';
import { REPO, checker } from './support/run.ts';
import { committedStarters, starterCopy } from './support/starters.ts';

const starterServer = () => readFileSync(join(committedStarters(), '01-mini-mcp', 'server.ts'), 'utf8');

/** Every backup of chapter 1 under a parent folder, with the server.ts it holds. */
function backups(parent: string): Map<string, string> {
  const dir = join(parent, '.backups');
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name, 'server.ts'), 'utf8')]));
}

test('reset backs up the learner\'s chapter, then restores the committed starter', () => {
  const target = starterCopy('reset-');
  writeFileSync(join(target, '01-mini-mcp', 'server.ts'), '// my work in progress\n');
  writeFileSync(join(target, '01-mini-mcp', 'notes.ts'), '// my notes\n');
  const ran = checker(['reset', '01', '--target', target]);
  expect(ran.status, ran.stderr).toBe(0);
  expect(readFileSync(join(target, '01-mini-mcp', 'server.ts'), 'utf8')).toBe(starterServer());
  expect(existsSync(join(target, '01-mini-mcp', 'notes.ts'))).toBe(false);
  const [backup] = readdirSync(join(target, '..', '.backups'));
  expect(backup).toMatch(/^01-mini-mcp-\d{8}-\d{6}(-\d+)?$/);
  expect(readFileSync(join(target, '..', '.backups', backup!, 'server.ts'), 'utf8')).toBe('// my work in progress\n');
  expect(readFileSync(join(target, '..', '.backups', backup!, 'notes.ts'), 'utf8')).toBe('// my notes\n');
});

test('many double resets in a row, with different work each time, keep every version recoverable', async () => {
  const target = starterCopy('reset-many-');
  const args = parseArgs(['reset', '01', '--target', target, '--lang', 'en']);
  const rounds = 40;
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
  for (let round = 0; round < rounds; round += 1) {
    writeFileSync(join(target, '01-mini-mcp', 'server.ts'), `${starterServer()}// WORK ${round}\n`);
    expect(await runReset(args)).toBe(0);
    expect(await runReset(args)).toBe(0);
  }
  quiet.mockRestore();
  const saved = backups(join(target, '..'));
  expect(saved.size, 'one backup folder per reset, none shared').toBe(rounds * 2);
  for (let round = 0; round < rounds; round += 1) {
    const holding = [...saved.values()].filter((text) => text.endsWith(`// WORK ${round}\n`));
    expect(holding, `work of round ${round}`).toHaveLength(1);
  }
  expect([...saved.values()].filter((text) => text === starterServer())).toHaveLength(rounds);
});

test('the command line double reset, as a learner types it, keeps the work', () => {
  const target = starterCopy('reset-cli-');
  for (const round of [1, 2]) {
    writeFileSync(join(target, '01-mini-mcp', 'server.ts'), `// WORK ${round}\n`);
    expect(checker(['reset', '01', '--target', target]).status).toBe(0);
    expect(checker(['reset', '01', '--target', target]).status).toBe(0);
  }
  const kept = [...backups(join(target, '..')).values()];
  expect(kept).toHaveLength(4);
  expect(kept).toContain('// WORK 1\n');
  expect(kept).toContain('// WORK 2\n');
});

test('reset refuses an exercise id or nothing, and changes nothing', () => {
  expect(checker(['reset']).status).toBe(2);
  expect(checker(['reset', '01/2']).status).toBe(2);
});

/** A copy of the checker without .git, as a ZIP download has it. */
function zipCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'zip-copy-'));
  for (const path of ['checker', 'package.json', 'tsconfig.json']) cpSync(join(REPO, path), join(copy, path), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(copy, 'node_modules'), 'dir');
  mkdirSync(join(copy, 'chapters'));
  cpSync(join(committedStarters(), '01-mini-mcp'), join(copy, 'chapters', '01-mini-mcp'), { recursive: true });
  writeFileSync(join(copy, 'chapters', '01-mini-mcp', 'server.ts'), '// my work\n');
  return copy;
}

test.each([
  ['ko', /git 기록.*없어[\s\S]*다음: [\s\S]*git clone/],
  ['en', /no git history[\s\S]*Next: [\s\S]*git clone/],
])('reset without git refuses in %s, says what to do instead, and changes nothing', async (lang, wanted) => {
  const copy = zipCopy();
  const { spawnSync } = await import('node:child_process');
  const ran = spawnSync(process.execPath, [join(copy, 'checker', 'run.mjs'), join(copy, 'checker', 'cli.ts'), 'reset', '01', '--lang', lang], {
    cwd: copy, encoding: 'utf8', env: { ...process.env, CHECKER_LANG: '', GIT_CEILING_DIRECTORIES: tmpdir() },
  });
  expect(ran.status).toBe(1);
  expect(ran.stderr).toMatch(wanted);
  expect(ran.stderr).not.toMatch(/^\s+at /m);
  expect(readFileSync(join(copy, 'chapters', '01-mini-mcp', 'server.ts'), 'utf8')).toBe('// my work\n');
  expect(existsSync(join(copy, '.backups'))).toBe(false);
});
