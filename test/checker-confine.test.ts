import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExerciseReport, Report } from '../checker/report/shape.ts';
import { machine } from '../checker/trust/os-confine.ts';
import { fixtureCheckerAsync, fixturePlanted } from './support/course.ts';
import { GRADING_TIMEOUT } from './support/run.ts';
import type { Ran } from './support/run.ts';

/*
 * The checker's own forks run confined by the operating system (checker/trust/os-confine.ts), proven on the fixture
 * course with code planted where a learner's goes: Buffers past the data limit, connections to listeners this test
 * holds outside the sandbox, and a fork that renames itself and blocks. The confinement's parts are proven on bare
 * processes in test/unit/checker/trust/os-confine-processes.test.ts; this file proves the graders use them.
 */

const found = machine();

/** Grades `ids` of the planted copy `dir` and returns the run with its report. */
async function graded(dir: string, ids: readonly string[], timeout: string): Promise<{ ran: Ran; byId: (id: string) => ExerciseReport }> {
  const json = join(dir, '..', 'report.json');
  const ran = await fixtureCheckerAsync(['check', ...ids, '--target', dir, '--timeout', timeout, '--json', json, '--lang', 'en'], { timeoutMs: 900_000 });
  const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  return { ran, byId: (id) => report.exercises.find((exercise) => exercise.id === id)! };
}

describe.skipIf(found.missing.has('memory') || found.missing.has('sockets'))('memory and sockets', () => {
  const servers: Server[] = [];
  const accepted = { count: 0 };
  let outside = '';
  let path = '';
  const abstract = `\0checker-confine-${randomUUID()}`;
  let port = 0;
  // text.ts (01/3) holds 3 GB of Buffers as it loads; pairs.ts (02/1, 02/2) tries each listener, and fails to load
  // with what each attempt met, or with the one that connected.
  const connect = (target: string) =>
    `await new Promise((resolve, reject) => { const socket = connect(${target}); socket.on('connect', () => reject(new Error('connected to ' + ${JSON.stringify(target)}))); socket.on('error', (error: NodeJS.ErrnoException) => { tried.push(error.code ?? error.message); resolve(undefined); }); });`;
  let run: Awaited<ReturnType<typeof graded>>;

  beforeAll(async () => {
    outside = mkdtempSync(join(tmpdir(), 'confine-socket-'));
    path = join(outside, 'outside.sock');
    for (const where of [undefined, path, abstract]) {
      const server = createServer((socket) => {
        accepted.count++;
        socket.destroy();
      });
      servers.push(server);
      if (where === undefined) server.listen(0, '127.0.0.1');
      else server.listen(where);
      await once(server, 'listening');
    }
    chmodSync(path, 0o777);
    port = (servers[0]!.address() as { port: number }).port;
    const dir = fixturePlanted([
      { file: '01-numbers/text.ts', prepend: 'export const held: Buffer[] = [];\nfor (let i = 0; i < 48; i++) held.push(Buffer.allocUnsafeSlow(64 * 1024 * 1024));\n' },
      {
        file: '02-pairs/pairs.ts',
        prepend: [
          "import { connect } from 'node:net';",
          'const tried: string[] = [];',
          connect(`${port}, '127.0.0.1'`),
          connect(JSON.stringify(path)),
          connect(JSON.stringify(abstract)),
          "throw new Error('refused: ' + tried.join(' '));",
          '',
        ].join('\n'),
      },
    ]);
    run = await graded(dir, ['01/3', '02/1'], GRADING_TIMEOUT);
  }, 1_800_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  test('Buffers past the data limit are refused, though the heap cap does not count them', () => {
    expect(run.byId('01/3').status).toBe('error');
    // Node 20 says 'Array buffer allocation failed', Node 24 'Failed to allocate memory': both are the refused mapping.
    expect(run.byId('01/3').message).toMatch(/Array buffer allocation failed|Failed to allocate memory/);
  });

  test('learner code reaches no TCP listener on 127.0.0.1, no Unix socket at a path anyone may write, no abstract one', () => {
    expect(run.byId('02/1').status).toBe('error');
    expect(run.byId('02/1').message).toMatch(/refused: E[A-Z]+ E[A-Z]+ E[A-Z]+/);
    expect(accepted.count).toBe(0);
  });
});

/** The pids of live processes whose command line holds `text` (what process.title rewrites). */
function processesNamed(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(process.platform !== 'linux')('a fork that renames itself', () => {
  const title = `innocent-${randomUUID()}`;
  let run: Awaited<ReturnType<typeof graded>>;
  beforeAll(async () => {
    // numbers.ts (01/1) renames the fork and blocks its main thread for good, computing nothing: only the lane's limit
    // of time spent blocked stops it, and only a kill by the pid it was spawned with reaches it.
    const dir = fixturePlanted([{ file: '01-numbers/numbers.ts', prepend: `process.title = '${title}';\nAtomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n` }]);
    run = await graded(dir, ['01/1'], '2');
  }, 1_800_000);

  test('is stopped at its limit, the check ends, and nothing by that name is left running', () => {
    expect(run.ran.status).toBe(1);
    expect(run.byId('01/1').status).toBe('timeout');
    expect(processesNamed(title)).toEqual([]);
  });
});
