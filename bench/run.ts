import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHAPTERS } from '../checker/course/current.ts';
import { allExercises } from '../checker/course/course.ts';
import { starterCopy } from '../test/support/starters.ts';
import { machine, median } from './measure.ts';

/** `npm run bench`: the checker against bare vitest, the watch re-check, the batch case, and the floor of a class. */
const REPO = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
/** How long the watch benchmark waits for one line of watch output before it gives up. */
const WATCH_WAIT_MS = 120_000;

/** Wall time of one command, in milliseconds. */
function time(command: string, args: string[], cwd: string): number {
  const started = performance.now();
  const ran = spawnSync(command, args, { cwd, stdio: 'ignore', env: { ...process.env, CI: '1' } });
  if (ran.error) throw ran.error;
  return performance.now() - started;
}

/** A folder laid out as the checker lays out its scratch copy, for a bare vitest run of the same suites. */
function bareCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  cpSync(join(REPO, 'solutions'), join(dir, 'chapters'), { recursive: true });
  cpSync(join(REPO, 'checker', 'suites'), join(dir, 'checker', 'suites'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

function benchCheck(): string[] {
  const bare = bareCopy();
  const checkerTimes: number[] = [];
  const bareTimes: number[] = [];
  time('npm', ['run', 'check', '--', '--target', 'solutions', '--quiet'], REPO);
  for (let round = 0; round < ROUNDS; round += 1) {
    checkerTimes.push(time('npm', ['run', 'check', '--', '--target', 'solutions', '--quiet'], REPO));
    bareTimes.push(time('npx', ['vitest', 'run', '--root', bare, '--pool', 'forks', '--maxWorkers', '2', '--silent'], bare));
  }
  rmSync(bare, { recursive: true, force: true });
  const checker = median(checkerTimes);
  const plain = median(bareTimes);
  return [
    `| full check: \`npm run check -- --target solutions\` (all ${allExercises(CHAPTERS).length} exercises) | ${(checker / 1000).toFixed(2)} s |`,
    `| bare \`npx vitest run\` of the same suites on the same copy | ${(plain / 1000).toFixed(2)} s |`,
    `| checker / bare vitest | ${(checker / plain).toFixed(2)} (overhead ${Math.round((checker / plain - 1) * 100)} %) |`,
  ];
}

/** One chapter at a time, so a chapter that starts processes (chapter 3's stdio suite) shows its own cost. */
function benchChapters(): string[] {
  return CHAPTERS.map((chapter) => {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) times.push(time('npm', ['run', 'check', '--', chapter.id, '--target', 'solutions', '--quiet'], REPO));
    return `| one chapter: \`npm run check -- ${chapter.id} --target solutions\` (${chapter.exercises.length} exercises) | ${(median(times) / 1000).toFixed(2)} s |`;
  });
}

/**
 * Starts watch on a copy of the committed starters, saves the chapter's first exercise's TODO file ROUNDS times, and
 * times save → the saved file's exercises re-checked and printed (the quick answer, before the rest of the chapter).
 */
async function benchWatch(chapter = CHAPTERS[0]!): Promise<string[]> {
  const file = `${chapter.dir}/${chapter.exercises[0]!.todo.file}`;
  // On the starters the chapter's first exercise is in focus, and watch re-checks it first, alone.
  const rechecked = [chapter.exercises[0]!.id];
  const dir = starterCopy('bench-watch-');
  const child = spawn(process.execPath, [join(REPO, 'checker', 'run.mjs'), join(REPO, 'checker', 'cli.ts'), 'watch', chapter.id, '--target', dir, '--lang', 'en'], { cwd: REPO });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const waitFor = async (pattern: RegExp, from: number) => {
    const deadline = performance.now() + WATCH_WAIT_MS;
    while (!pattern.test(output.slice(from))) {
      if (child.exitCode !== null || performance.now() > deadline) {
        throw new Error(`watch printed no ${pattern} (exit code ${child.exitCode}, waited up to ${WATCH_WAIT_MS / 1000} s); its output:\n${output.slice(from)}`);
      }
      await new Promise((done) => setTimeout(done, 5));
    }
  };
  const endToEnd: number[] = [];
  const reported: number[] = [];
  try {
    await waitFor(/Watching/, 0);
    // The first full screen (the progress line) says the first check is done and every folder is watched.
    await waitFor(/Progress: /, 0);
    for (let round = 0; round < ROUNDS; round += 1) {
      await new Promise((done) => setTimeout(done, 1_500));
      const from = output.length;
      const started = performance.now();
      appendFileSync(join(dir, file), `// save ${round}\n`);
      await waitFor(/Re-checked in (\d+) ms/, from);
      endToEnd.push(performance.now() - started);
      reported.push(Number(/Re-checked in (\d+) ms/.exec(output.slice(from))![1]));
    }
  } finally {
    child.kill('SIGINT');
  }
  return [
    `| watch: save \`${file}\` → the exercise in focus (${rechecked.join(', ')}) re-checked and printed, end to end | ${Math.round(median(endToEnd))} ms |`,
    `| watch: the same, as the checker reports it (grading only) | ${Math.round(median(reported))} ms |`,
  ];
}

/** The watch re-check of each of the first three chapters (BENCH_WATCH_ONLY=1 measures only these, with the load average before). */
async function benchWatches(): Promise<string[]> {
  const lines: string[] = [];
  for (const chapter of CHAPTERS.slice(0, 3)) lines.push(...(await benchWatch(chapter)));
  return lines;
}

if (process.env['BENCH_WATCH_ONLY'] === '1') {
  const load = loadavg().map((value) => value.toFixed(1)).join(' ');
  const lines = ['| measurement | result |', '| --- | --- |', ...(await benchWatches())];
  console.log(`Machine: ${machine()}, load average before: ${load}, ${ROUNDS} rounds, medians\n\n${lines.join('\n')}`);
  process.exit(0);
}
const lines = ['| measurement | result |', '| --- | --- |', ...benchCheck(), ...benchChapters(), ...(await benchWatches())];
console.log(`Machine: ${machine()}, ${ROUNDS} rounds, medians\n\n${lines.join('\n')}`);
const batch = join(REPO, 'bench', 'batch.ts');
if (existsSync(batch)) spawnSync(process.execPath, ['--import', 'tsx', batch], { cwd: REPO, stdio: 'inherit' });
// The floor: one sandboxed process per student running the same suites, beside grade and the check loop (FLOOR_SIZE students).
spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'bench', 'floor.ts')], { cwd: REPO, stdio: 'inherit' });
