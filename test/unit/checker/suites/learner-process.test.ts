import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { LEARNER_CONFINE_ENV, LEARNER_NODE_ENV, PROCESS_GUARD, learnerCommand } from '../../../../checker/suites/_lib/learner-process.ts';
import { LearnerFacingError } from '../../../../checker/suites/_lib/say.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

describe('learnerCommand', () => {
  const saved = process.env[LEARNER_NODE_ENV];
  const savedConfine = process.env[LEARNER_CONFINE_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[LEARNER_NODE_ENV];
    else process.env[LEARNER_NODE_ENV] = saved;
    if (savedConfine === undefined) delete process.env[LEARNER_CONFINE_ENV];
    else process.env[LEARNER_CONFINE_ENV] = savedConfine;
  });

  test('outside the checker runs the entry with tsx behind the guard, in its folder, with source maps and the preloads', () => {
    delete process.env[LEARNER_NODE_ENV];
    expect(learnerCommand('/c/chapters/03-x/stdio.ts', ['/c/pre.cjs'])).toEqual({
      command: process.execPath,
      args: ['-e', PROCESS_GUARD, '--', '', process.execPath, '--import', 'tsx', '--enable-source-maps', '--require', '/c/pre.cjs', '/c/chapters/03-x/stdio.ts'],
      cwd: '/c/chapters/03-x',
    });
  });

  test('under the checker runs the bundle with the sandbox flags it was given, and no TypeScript loader', () => {
    process.env[LEARNER_NODE_ENV] = JSON.stringify(['/given/node', '--permission', '--allow-fs-read=/c']);
    const { args } = learnerCommand('/c/chapters/03-x/stdio.ts');
    expect(args.slice(4)).toEqual([process.execPath, '--permission', '--allow-fs-read=/c', '--enable-source-maps', '/c/chapters/03-x/.checker-stdio.mjs']);
  });

  test('under the checker the guard starts the learner process through the confinement prefix it was given, which execs Node', () => {
    process.env[LEARNER_NODE_ENV] = JSON.stringify(['/given/node', '--permission']);
    process.env[LEARNER_CONFINE_ENV] = JSON.stringify(['/usr/bin/prlimit', '--data=1', '--', '/usr/bin/unshare', '--net', '--']);
    const { command, args } = learnerCommand('/c/chapters/03-x/stdio.ts');
    expect(command).toBe(process.execPath);
    expect(args.slice(0, 4)).toEqual(['-e', PROCESS_GUARD, '--', '']);
    expect(args.slice(4)).toEqual(['/usr/bin/prlimit', '--data=1', '--', '/usr/bin/unshare', '--net', '--', process.execPath, '--permission', '--enable-source-maps', '/c/chapters/03-x/.checker-stdio.mjs']);
  });

  test('a confinement prefix that is not a list of strings is ignored', () => {
    delete process.env[LEARNER_NODE_ENV];
    process.env[LEARNER_CONFINE_ENV] = JSON.stringify({ not: 'a list' });
    expect(learnerCommand('/c/chapters/03-x/stdio.ts').args[4]).toBe(process.execPath);
  });

  test('fails in the learner\'s terms, with the bundler\'s words, when the entry could not be bundled', () => {
    const dir = writeTree(tempDir('learner-process'), { '.checker-server.mjs.error': 'Unexpected token at server.ts:3\nmore' });
    process.env[LEARNER_NODE_ENV] = JSON.stringify(['/given/node']);
    expect(() => learnerCommand(join(dir, 'server.ts'))).toThrow(LearnerFacingError);
    expect(() => learnerCommand(join(dir, 'server.ts'))).toThrow(/server\.ts[\s\S]*Unexpected token at server\.ts:3/);
  });
});
