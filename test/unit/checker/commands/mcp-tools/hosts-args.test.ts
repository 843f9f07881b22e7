import { isAbsolute, join } from 'node:path';
import { expect, test } from 'vitest';
import { parseHostsArgs, stdioLaunch } from '../../../../../checker/commands/mcp-tools/hosts.ts';
import { UsageError } from '../../../../../checker/usage/command-line.ts';

test('npm run hosts takes one chapter with a server for a host, chapters/ unless --target says otherwise', () => {
  const mine = parseHostsArgs(['03'], {});
  expect(mine).toMatchObject({ chapter: '03', lang: 'ko' });
  expect(mine.chapterDir.endsWith(join('chapters', '03-real-mcp-sdk'))).toBe(true);
  const solution = parseHostsArgs(['04', '--target', 'solutions', '--lang=en'], {});
  expect(solution).toMatchObject({ chapter: '04', lang: 'en' });
  expect(solution.chapterDir.endsWith(join('solutions', '04-remote-mcp-http'))).toBe(true);
});

test('a chapter without a server for a host, no chapter, or two, is a usage error', () => {
  expect(() => parseHostsArgs(['01'], {})).toThrow('01 is not a chapter with a server to register in a host. Chapters: 03, 04');
  expect(() => parseHostsArgs([], {})).toThrow(UsageError);
  expect(() => parseHostsArgs(['03', '04'], {})).toThrow(UsageError);
  expect(() => parseHostsArgs(['03', '--port', '1'], {})).toThrow('Unknown option: --port');
});

test("the stdio launch is this Node, tsx's CLI file and the chapter's stdio.ts, all absolute: nothing is looked up on PATH", () => {
  const launch = stdioLaunch('/course/chapters/03-real-mcp-sdk');
  expect(launch.command).toBe(process.execPath);
  expect(launch.args).toHaveLength(2);
  expect(isAbsolute(launch.args[0]!) && launch.args[0]!.endsWith(join('tsx', 'dist', 'cli.mjs'))).toBe(true);
  expect(launch.args[1]).toBe(join('/course/chapters/03-real-mcp-sdk', 'stdio.ts'));
});
