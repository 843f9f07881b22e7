import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { STDOUT_ORIGIN_PREFIX, STDOUT_ORIGIN_PRELOAD, StdoutOrigins, shownPlace } from '../../../../checker/suites/_lib/stdout-origin.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

/** One record line as the preload writes it. */
const record = (bytes: number, where: string | null) => `${STDOUT_ORIGIN_PREFIX}${JSON.stringify({ bytes, where })}\n`;

describe('StdoutOrigins', () => {
  test('takes records out of stderr, even split across chunks, and passes every other line on', () => {
    const origins = new StdoutOrigins();
    const line = record(4, '/g/chapters/03-x/server.ts:7');
    expect(origins.feed(`crash?\n${line.slice(0, 10)}`)).toBe('crash?\n');
    expect(origins.feed(`${line.slice(10)}tail without end`)).toBe('');
    expect(origins.end()).toBe('tail without end');
    expect(origins.places()).toEqual(['/g/chapters/03-x/server.ts:7']);
  });

  test('places a stdout line by the write that began it, and places nothing a write from the SDK began', async () => {
    const origins = new StdoutOrigins();
    // The SDK's 10-byte message, then a learner write of two lines, then one line in two writes.
    origins.feed(record(10, null) + record(6, '/g/chapters/03-x/server.ts:7') + record(3, '/g/chapters/03-x/stdio.ts:5') + record(2, '/g/chapters/03-x/stdio.ts:6'));
    expect(await origins.at([0, 10, 13, 16], 21, 1_000)).toEqual([null, '/g/chapters/03-x/server.ts:7', '/g/chapters/03-x/server.ts:7', '/g/chapters/03-x/stdio.ts:5']);
  });

  test('waits for records to catch up with stdout, and places nothing when they never do', async () => {
    const origins = new StdoutOrigins();
    const pending = origins.at([0], 5, 60_000);
    origins.feed(record(5, '/g/chapters/03-x/stdio.ts:5'));
    expect(await pending).toEqual(['/g/chapters/03-x/stdio.ts:5']);
    const short = new StdoutOrigins();
    short.feed(record(2, '/g/chapters/03-x/stdio.ts:5'));
    const ended = short.at([0], 9, 60_000);
    short.end();
    expect(await ended).toEqual([null]);
  });

  test('names only places inside the chapters, as the learner knows them', () => {
    expect(shownPlace('/g/chapters/03-x/server.ts:7', '/g/chapters')).toBe('chapters/03-x/server.ts:7');
    expect(shownPlace('/g/secret.ts:1', '/g/chapters')).toBeNull();
    expect(shownPlace('/g/chapters/../secret.ts:1', '/g/chapters')).toBeNull();
    expect(shownPlace('server.ts:7', '/g/chapters')).toBeNull();
  });
});

describe('stdout-origin.cjs', () => {
  const root = tempDir('stdout-origin');
  beforeAll(() => {
    writeTree(root, {
      'chapters/03-x/main.mjs': "import { log } from './log.mjs';\nimport { send } from '../../node_modules/@modelcontextprotocol/server/send.mjs';\nsend('{}');\nprocess.stdout.write('start\\n');\nlog();\n",
      'chapters/03-x/log.mjs': "export function log() {\n  console.log('handled');\n}\n",
      'node_modules/@modelcontextprotocol/server/send.mjs': "export function send(text) {\n  process.stdout.write(text + '\\n');\n}\n",
    });
  });

  test('reports each stdout write with the learner line that made it, a write from the SDK with none, before the write', () => {
    const ran = spawnSync(process.execPath, ['--require', STDOUT_ORIGIN_PRELOAD, join(root, 'chapters', '03-x', 'main.mjs')], { encoding: 'utf8' });
    expect(ran.stdout).toBe('{}\nstart\nhandled\n');
    const records = ran.stderr.split('\n').filter((line) => line.startsWith(STDOUT_ORIGIN_PREFIX)).map((line) => JSON.parse(line.slice(STDOUT_ORIGIN_PREFIX.length)) as unknown);
    expect(records).toEqual([
      { bytes: 3, where: null },
      { bytes: 6, where: join(root, 'chapters', '03-x', 'main.mjs:4') },
      { bytes: 8, where: join(root, 'chapters', '03-x', 'log.mjs:2') },
    ]);
  });

  test('writes its records with the prefix this module reads', () => {
    expect(readFileSync(STDOUT_ORIGIN_PRELOAD, 'utf8')).toContain(`const PREFIX = '${STDOUT_ORIGIN_PREFIX.replace('\u0000', '\\u0000')}';`);
  });
});
