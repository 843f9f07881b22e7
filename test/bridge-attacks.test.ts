import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Report } from '../checker/report/shape.ts';
import { copySolutions } from './support/fixtures.ts';
import { HOSTILE_TIMEOUT, REPO, checkerAsync } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/*
 * The attacks that got through while learner code ran inside the vitest fork that grades it, each played against the
 * real course's chapters (hooks and forged reports against every chapter), whose learner code now runs in a process of its own behind the bridge
 * (checker/suites/_lib/bridge.ts): nothing there can reach vitest, the fork's channel, a suite, or whether a file
 * outside the copy exists.
 */

let work: string;
// Made before the tests, never while the file loads (listing the tests leaves no folder behind).
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'bridge-attacks-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Registers every vitest hook it can reach, each rewriting the test it sees to a pass, from vitest and from vitest/suite. */
const HOOKS = [
  "import * as vitest from 'vitest';",
  'type Hook = (fn: (context: unknown) => void) => void;',
  'const passAll = (context: unknown): void => {',
  '  const task = (context as { task?: { result?: { state?: string; errors?: unknown[] } } } | undefined)?.task;',
  "  if (task?.result) { task.result.state = 'pass'; task.result.errors = []; }",
  '};',
  "for (const name of ['afterEach', 'onTestFinished', 'onTestFailed', 'beforeAll', 'afterAll', 'beforeEach']) {",
  '  try { (vitest as unknown as Record<string, Hook>)[name]?.(passAll); } catch { /* nothing to register with */ }',
  '}',
  "void (import('vitest/suite' as string) as Promise<Record<string, Hook>>).then((suite) => { try { suite['afterEach']?.(passAll); } catch { /* no runner */ } }, () => {});",
  '',
].join('\n');

/** Every public suite file of the course, as the forged reports below name them. */
const SUITE_FILES = readdirSync(join(REPO, 'checker', 'suites'))
  .filter((chapter) => /^\d\d-/.test(chapter))
  .flatMap((chapter) => readdirSync(join(REPO, 'checker', 'suites', chapter)).filter((file) => file.endsWith('.test.ts')).map((file) => `checker/suites/${chapter}/${file}`));

/** Reports every suite file of the course as passed over any channel to vitest it can find: the fork's IPC, vitest's worker state. */
const CHANNEL = [
  `const forgedFiles: string[] = ${JSON.stringify(SUITE_FILES)};`,
  "const forgedWorker = (globalThis as Record<string, unknown>)['__vitest_worker__'] as { rpc?: Record<string, (...args: unknown[]) => unknown> } | undefined;",
  'for (const file of forgedFiles) {',
  "  try { process.send?.({ type: 'testfileFinished', file, state: 'pass', __vitest_worker_request__: true }); } catch { /* no channel */ }",
  "  try { void forgedWorker?.rpc?.['onTaskUpdate']?.([[file, { state: 'pass' }, {}]], []); } catch { /* no worker */ }",
  '}',
  "export const CHANNELS = `send:${typeof process.send} worker:${typeof forgedWorker}`;",
  '',
].join('\n');

/** Reads a suite, and asks four ways whether a file exists, for a file that does and one that does not, in the scratch copy and in /etc. */
const PROBES = [
  "import { existsSync as probeExists, readFileSync as probeRead, statSync as probeStat } from 'node:fs';",
  "import { createRequire as probeRequire } from 'node:module';",
  "import { join as probeJoin } from 'node:path';",
  'const probeHere = import.meta.dirname;',
  'const outcome = (run: () => unknown): string => {',
  '  try { return `ok:${String(run()).slice(0, 40)}`; } catch (error) { return `refused:${(error as { code?: string }).code ?? "none"}`; }',
  '};',
  'const settled = async (run: () => Promise<unknown>): Promise<string> => {',
  '  try { await run(); return "ok"; } catch (error) { return `refused:${(error as { code?: string }).code ?? "none"}`; }',
  '};',
  'const probes: string[] = [];',
  'const pairs: [string, string][] = [',
  "  ['suite', probeJoin(probeHere, '../../checker/suites/01-mini-mcp/support.ts')],",
  "  ['suite-absent', probeJoin(probeHere, '../../checker/suites/01-mini-mcp/no-such-helper.ts')],",
  "  ['etc', '/etc/hostname'],",
  "  ['etc-absent', '/etc/no-such-file-for-the-probe'],",
  '];',
  'for (const [name, path] of pairs) {',
  '  probes.push(`${name}-read=${outcome(() => probeRead(path, "utf8"))}`);',
  '  probes.push(`${name}-exists=${outcome(() => probeExists(path))}`);',
  '  probes.push(`${name}-stat=${outcome(() => probeStat(path).size)}`);',
  '  probes.push(`${name}-resolve=${outcome(() => probeRequire(import.meta.url).resolve(path))}`);',
  '  probes.push(`${name}-import=${await settled(() => import(path))}`);',
  '}',
  'if (probes.length > 0) throw new Error(`probes ${probes.join(" ")} end`);',
  '',
].join('\n');

/** Every chapter of the course, by its suites' folders (the working tree's chapters/ is the learner's, never read here). */
const ALL = readdirSync(join(REPO, 'checker', 'suites')).filter((chapter) => /^\d\d-/.test(chapter)).map((chapter) => chapter.slice(0, 2));

/** Grades a folder's chapters (1 and 2 unless told) and returns the report. */
async function grade(dir: string, label: string, chapters: readonly string[] = ['01', '02']): Promise<Report> {
  const json = join(work, `${label}.json`);
  const ran = await checkerAsync(['check', ...chapters, '--target', dir, '--timeout', HOSTILE_TIMEOUT, '--json', json, '--lang', 'en'], { timeoutMs: 900_000 });
  expect(ran.status, ran.stderr).not.toBe(2);
  return JSON.parse(readFileSync(json, 'utf8')) as Report;
}

/** Every test of every exercise with its status, the verdicts an attack must not change. */
function verdicts(report: Report): string[] {
  return report.exercises.flatMap((exercise) => [`${exercise.id} ${exercise.status}`, ...exercise.tests.map((test) => `${exercise.id} ${test.name} ${test.status}`)]);
}

/** `text` to prepend to every learner module of every chapter. */
function everywhere(text: string): Record<string, string> {
  const changes: Record<string, string> = {};
  for (const chapter of readdirSync(committedStarters())) {
    if (!/^\d\d-/.test(chapter)) continue;
    for (const file of readdirSync(join(committedStarters(), chapter))) if (/\.ts$/.test(file) && !file.endsWith('.d.ts')) changes[`${chapter}/${file}`] = text;
  }
  return changes;
}

/** A copy of the committed starters (every exercise fails), with `changes` prepended to files of it. */
function starters(name: string, changes: Record<string, string>): string {
  const dir = join(work, name, 'chapters');
  cpSync(committedStarters(), dir, { recursive: true });
  for (const [file, text] of Object.entries(changes)) writeFileSync(join(dir, file), `${text}${readFileSync(join(dir, file), 'utf8')}`);
  return dir;
}

let baseline: Report;
let hooked: Report;
let channelled: Report;
let probed: Report;
let looped: Report;

/** A loop that never ends, in the learner's server, only for the prompt request of 01/4. */
const LOOP = { file: '01-mini-mcp/server.ts', find: '  handle(raw: string): string {\n', replace: "  handle(raw: string): string {\n    let spins = 0;\n    while (raw.includes('prompts/get')) spins += 1;\n    if (spins < 0) return '';\n" };

beforeAll(async () => {
  [baseline, hooked, channelled, probed, looped] = await Promise.all([
    grade(starters('baseline', {}), 'baseline', ALL),
    grade(starters('hooks', everywhere(HOOKS)), 'hooks', ALL),
    grade(starters('channel', everywhere(CHANNEL)), 'channel', ALL),
    grade(copySolutions(join(work, 'probes', 'chapters'), [{ file: '01-mini-mcp/server.ts', prepend: PROBES }]), 'probes'),
    grade(copySolutions(join(work, 'loop', 'chapters'), [LOOP]), 'loop'),
  ]);
}, 1_200_000);

describe('learner code behind the bridge', () => {
  test('the starters fail, as the attacks below need, and nothing times out on a busy machine', () => {
    expect(baseline.exercises.map((exercise) => exercise.status)).not.toContain('pass');
    for (const report of [baseline, hooked, channelled, probed, looped].filter((report) => report !== looped)) {
      expect(report.exercises.filter((exercise) => exercise.status === 'timeout').map((exercise) => `${exercise.id}: ${exercise.message}`)).toEqual([]);
    }
  });

  test('vitest hooks registered from learner code (vitest, vitest/suite) change no verdict', () => {
    // vitest is no part of the learner process: importing it there does nothing, or fails the learner's own module
    // (an error, never a pass). No test passes that did not pass without the hooks.
    const before = new Set(verdicts(baseline));
    expect(verdicts(hooked).filter((line) => line.endsWith(' pass') && !before.has(line))).toEqual([]);
    expect(verdicts(hooked).filter((line) => line.endsWith(' pass')).length).toBeLessThanOrEqual([...before].filter((line) => line.endsWith(' pass')).length);
  });

  test('learner code cannot report results for any suite file, its own or another chapter\'s', () => {
    expect(verdicts(channelled)).toEqual(verdicts(baseline));
  });

  test('learner code cannot read a suite, nor learn whether a path outside its copy exists', () => {
    // The throw at import is reported once, as the load failure of the learner's file, with what every probe got.
    const message = /probes (.*?) end/.exec(JSON.stringify(probed))?.[1] ?? '';
    const probes = new Map([...message.matchAll(/([\w-]+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]));
    expect(probes.get('suite-read'), message).toBe('refused:ERR_ACCESS_DENIED');
    expect(probes.get('etc-read'), message).toBe('refused:ERR_ACCESS_DENIED');
    for (const way of ['read', 'exists', 'stat', 'resolve', 'import']) {
      expect(probes.get(`suite-${way}`), `${way}: ${message}`).toBeDefined();
      expect(probes.get(`suite-${way}`), `${way} tells a suite that exists from one that does not`).toBe(probes.get(`suite-absent-${way}`));
      expect(probes.get(`etc-${way}`), `${way} tells a file of /etc that exists from one that does not`).toBe(probes.get(`etc-absent-${way}`));
    }
    for (const exercise of probed.exercises.filter((item) => item.id.startsWith('01/'))) expect(exercise.status).not.toBe('pass');
    // Chapter 2 is the solution's, graded beside the attack: still full marks.
    for (const exercise of probed.exercises.filter((item) => item.id.startsWith('02/'))) expect(exercise.status, exercise.id).toBe('pass');
  });

  test('a loop in the learner process that never ends is stopped by its own CPU time, named by file:line, and the rest is graded', () => {
    const byId = new Map(looped.exercises.map((exercise) => [exercise.id, exercise]));
    expect(byId.get('01/4')?.status).toBe('timeout');
    expect(byId.get('01/4')?.message).toContain('of CPU time');
    expect(byId.get('01/4')?.message).toMatch(/01-mini-mcp\/server\.ts:\d+/);
    for (const id of ['01/1', '01/2', '01/3', '02/1', '02/2', '02/3', '02/4']) expect(byId.get(id)?.status, id).toBe('pass');
  });
});
