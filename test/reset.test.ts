import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, vi } from 'vitest';
import { parseArgs, readCheckerCommandLine } from '../checker/commands/learner/args.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { runReset } from '../checker/commands/learner/reset.ts';
import { messages } from '../checker/usage/messages.ts';
import { inProcess } from './support/in-process.ts';
import { REPO, checker } from './support/run.ts';
import type { Ran } from './support/run.ts';
import { committedStarters, starterCopy } from './support/starters.ts';

/*
 * One process per exit code proves the wiring (0 restored, 2 refused, 1 without git); every other proof runs what
 * checker/cli.ts runs for reset, in this process: its reading of the command line, then runReset.
 */

/** `npm run reset -- …` in this process, CHECKER_LANG blanked as for a spawned command. */
function reset(argv: readonly string[]): Promise<Ran> {
  return inProcess(() => {
    const line = readCheckerCommandLine(['reset', ...argv], { CHECKER_LANG: '' });
    return line.exitCode !== undefined ? line.exitCode : runReset(line.args);
  });
}

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
  expect(ran.stdout).toContain('시작 코드로 되돌린 파일: server.ts');
  expect(ran.stdout).toContain('시작 코드에 없던 파일이라 장 폴더에서 빼고 백업에만 남긴 파일: notes.ts');
  expect(readFileSync(join(target, '01-mini-mcp', 'server.ts'), 'utf8')).toBe(starterServer());
  expect(existsSync(join(target, '01-mini-mcp', 'notes.ts'))).toBe(false);
  const [backup] = readdirSync(join(target, '..', '.backups'));
  expect(backup).toMatch(/^01-mini-mcp-\d{8}-\d{6}(-\d+)?$/);
  expect(readFileSync(join(target, '..', '.backups', backup!, 'server.ts'), 'utf8')).toBe('// my work in progress\n');
  expect(readFileSync(join(target, '..', '.backups', backup!, 'notes.ts'), 'utf8')).toBe('// my notes\n');
});

test('many resets in a row, with different work each time, keep every version recoverable', async () => {
  const target = starterCopy('reset-many-');
  const args = parseArgs(['reset', '01', '--target', target, '--lang', 'en']);
  const rounds = 40;
  const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
  for (let round = 0; round < rounds; round += 1) {
    // Two resets within the same second, each with work to keep: they must not share one backup folder.
    for (const part of ['a', 'b']) {
      writeFileSync(join(target, '01-mini-mcp', 'server.ts'), `${starterServer()}// WORK ${round}${part}\n`);
      expect(await runReset(args)).toBe(0);
    }
  }
  // A reset of what already is the starter keeps nothing, because there is nothing to keep.
  expect(await runReset(args)).toBe(0);
  quiet.mockRestore();
  const saved = backups(join(target, '..'));
  expect(saved.size, 'one backup folder per reset that changed something, none shared').toBe(rounds * 2);
  for (let round = 0; round < rounds; round += 1) {
    for (const part of ['a', 'b']) {
      const holding = [...saved.values()].filter((text) => text.endsWith(`// WORK ${round}${part}\n`));
      expect(holding, `work of round ${round}${part}`).toHaveLength(1);
    }
  }
});

test('the double reset, read from the command line as a learner types it, keeps the work', async () => {
  const target = starterCopy('reset-cli-');
  for (const round of [1, 2]) {
    writeFileSync(join(target, '01-mini-mcp', 'server.ts'), `// WORK ${round}\n`);
    expect((await reset(['01', '--target', target])).status).toBe(0);
    const again = await reset(['01', '--target', target]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('이미 시작 코드와 같다');
  }
  const kept = [...backups(join(target, '..')).values()];
  expect(kept).toHaveLength(2);
  expect(kept).toContain('// WORK 1\n');
  expect(kept).toContain('// WORK 2\n');
});

test('in English, reset names the files it restored, wrote again and moved to the backup', async () => {
  const target = starterCopy('reset-en-');
  writeFileSync(join(target, '01-mini-mcp', 'server.ts'), '// mine\n');
  rmSync(join(target, '01-mini-mcp', 'model.ts'));
  mkdirSync(join(target, '01-mini-mcp', 'scratch'));
  writeFileSync(join(target, '01-mini-mcp', 'scratch', 'try.ts'), '// trying\n');
  const ran = await reset(['01', '--target', target, '--lang', 'en']);
  expect(ran.status, ran.stderr).toBe(0);
  expect(ran.stdout).toContain('Restored to the starter: server.ts');
  expect(ran.stdout).toContain('Missing, written again: model.ts');
  expect(ran.stdout).toContain('kept only in the backup: scratch/try.ts');
  const [backup] = readdirSync(join(target, '..', '.backups'));
  expect(readFileSync(join(target, '..', '.backups', backup!, 'scratch', 'try.ts'), 'utf8')).toBe('// trying\n');
});

test.each([
  ['ko', /이미 시작 코드와 같다. 아무것도 바꾸지 않았고 백업도 만들지 않았다/],
  ['en', /already is the starter. Nothing was changed and no backup was made/],
])('reset of a chapter that already is the starter does nothing and says so (%s)', async (lang, wanted) => {
  const target = starterCopy('reset-same-');
  const ran = await reset(['01', '--target', target, '--lang', lang]);
  expect(ran.status, ran.stderr).toBe(0);
  expect(ran.stdout).toMatch(wanted);
  expect(existsSync(join(target, '..', '.backups'))).toBe(false);
});

/** A reset that refused what it was given: exit 2, what it accepts and the chapter list, and the work untouched. */
function expectRefused(ran: Ran, lang: 'ko' | 'en', wanted: RegExp, target: string): void {
  expect(ran.status).toBe(2);
  expect(ran.stderr).toMatch(wanted);
  expect(ran.stderr).toContain(lang === 'ko' ? '되돌릴 수 있는 장:' : 'Chapters you can reset:');
  for (const chapter of CHAPTERS) expect(ran.stderr).toContain(`${chapter.id}  ${chapter.dir}  ${chapter.title[lang]}`);
  expect(readFileSync(join(target, '01-mini-mcp', 'server.ts'), 'utf8')).toBe('// mine\n');
  expect(existsSync(join(target, '..', '.backups'))).toBe(false);
}

/** A starter copy with work in chapter 1 that a refused reset must leave alone. */
function copyWithWork(): string {
  const target = starterCopy('reset-refuse-');
  writeFileSync(join(target, '01-mini-mcp', 'server.ts'), '// mine\n');
  return target;
}

test('reset refuses an exercise id as a command, with exit 2, and changes nothing', () => {
  const target = copyWithWork();
  const ran = checker(['reset', '01/2', '--target', target]);
  expectRefused(ran, 'ko', /연습 번호\(01\/2\)로는 되돌릴 수 없다.*npm run reset -- 01/, target);
});

test.each([
  ['ko', ['01/2'], /연습 번호\(01\/2\)로는 되돌릴 수 없다.*npm run reset -- 01/],
  ['ko', ['09'], /그런 장이 없다: 09/],
  ['ko', [], /되돌릴 장을 하나 적어라/],
  ['ko', ['01', '02'], /한 번에 한 장만 되돌린다/],
  ['en', ['01/2'], /01\/2 is an exercise id, and reset restores a whole chapter.*npm run reset -- 01/],
  ['en', ['09'], /No such chapter: 09/],
] as const)('reset (%s) answers %j with what it accepts and the list of chapters, and changes nothing', async (lang, ids, wanted) => {
  const target = copyWithWork();
  expectRefused(await reset([...ids, '--target', target, '--lang', lang]), lang, wanted, target);
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

test('reset without git refuses, says what to do instead, and changes nothing', async () => {
  const copy = zipCopy();
  const { spawnSync } = await import('node:child_process');
  const ran = spawnSync(process.execPath, [join(copy, 'checker', 'run.mjs'), join(copy, 'checker', 'cli.ts'), 'reset', '01'], {
    cwd: copy, encoding: 'utf8', env: { ...process.env, CHECKER_LANG: '', GIT_CEILING_DIRECTORIES: tmpdir() },
  });
  expect(ran.status).toBe(1);
  expect(ran.stderr).toMatch(/git 기록.*없어[\s\S]*다음: [\s\S]*git clone/);
  // The text it printed is messages(lang).resetNoGit, which says the same in English.
  expect(ran.stderr).toContain(messages('ko').resetNoGit('01-mini-mcp'));
  expect(messages('en').resetNoGit('01-mini-mcp')).toMatch(/no git history[\s\S]*Next: [\s\S]*git clone/);
  expect(ran.stderr).not.toMatch(/^\s+at /m);
  expect(readFileSync(join(copy, 'chapters', '01-mini-mcp', 'server.ts'), 'utf8')).toBe('// my work\n');
  expect(existsSync(join(copy, '.backups'))).toBe(false);
});
