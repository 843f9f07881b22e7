import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { allExercises } from '../checker/course/course.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { REPO_ROOT } from '../checker/course/files.ts';
import { findStudents } from '../checker/class/intake/students.ts';
import { bundleSpawned } from '../checker/grading/bundle.ts';
import { addTarget, createScratch, exerciseSuiteFiles } from '../checker/grading/scratch.ts';
import type { ScratchTarget } from '../checker/grading/scratch.ts';
import { tscBinary, typecheck } from '../checker/grading/typecheck.ts';
import { timeLimits } from '../checker/runner/limits.ts';
import { cpuTimes } from '../checker/runner/proc.cjs';
import { fileOfId, isInside } from '../checker/trust/confine.ts';
import { laneSandbox, sandboxArgv } from '../checker/trust/sandbox.ts';
import type { SandboxPaths } from '../checker/trust/sandbox.ts';
import { LEARNER_NODE_ENV } from '../checker/suites/_lib/learner-process.ts';
import { TEST_LIMIT_ENV } from '../checker/suites/_lib/limits.ts';

/**
 * The floor of grading a class (see bench/floor.ts): for each student, one sandboxed Node process with exactly the
 * permissions the checker gives that student's fork, loading the packages once and running every suite file the
 * checker runs, each with a fresh copy of the student's modules; the suite that starts learner processes (03/3) runs
 * in a second process with the right to start them, as it does in the checker. The trusted side does only what it
 * must: a scratch copy per student, one type check of the class, one bundle per suite file (confined to the
 * student's copy, like the checker's bundles). `node --import tsx bench/floor-run.ts CLASS OUT.json`.
 */
const [classDir, outFile] = process.argv.slice(2);
if (!classDir || !outFile) throw new Error('usage: floor-run.ts CLASS OUT.json');
const LIMITS = timeLimits(Number(process.env['FLOOR_TIMEOUT_MS'] ?? 10_000));
const CHILD = fileURLToPath(new URL('./floor-child.mjs', import.meta.url));
/** FLOOR_CHAPTER: grade only the chapter with this id (such as 03), to see one chapter's share. */
const ONLY = process.env['FLOOR_CHAPTER'] ?? '';
/** Students graded at once, as the checker's two lanes do (FLOOR_SLOTS). */
const SLOTS = Number(process.env['FLOOR_SLOTS'] ?? 2);
/** The module a suite imports as `vitest`: it hands each test to the process's runner (floor-child.mjs). */
const VITEST_SHIM = '\0floor-vitest';
const SHIM_SOURCE = [
  'const suite = () => globalThis.__floorSuite;',
  'export function test(name, fn) { suite().tests.push({ name, fn }); }',
  'export function afterAll(fn) { suite().afterAll.push(fn); }',
  '/** The one part of expect the suites use: the name of the test running now (checker/suites/_lib/place.ts). */',
  'export const expect = { getState: () => ({ currentTestName: suite().current }) };',
  '',
].join('\n');

/** CPU seconds of this process (all its threads) and of the children it has waited for, from /proc. */
function cpuSeconds(): { self: number; children: number } {
  const times = cpuTimes('self');
  if (!times) throw new Error('/proc/self/stat cannot be read');
  return { self: times.self / 1000, children: times.children / 1000 };
}

/** Bundles one suite file with the learner modules it imports into one ES module beside it; packages stay imports. */
async function bundleSuite(file: string, root: string): Promise<string> {
  const out = file.replace(/\.ts$/, '.floor.mjs');
  const bundle = await rolldown({
    input: file,
    platform: 'node',
    logLevel: 'silent',
    external: (id) => id !== 'vitest' && !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('file:') && !id.startsWith('\0'),
    plugins: [
      {
        name: 'floor-vitest-and-confinement',
        resolveId: (source) => (source === 'vitest' ? VITEST_SHIM : null),
        load(id) {
          if (id === VITEST_SHIM) return SHIM_SOURCE;
          const path = fileOfId(id);
          if (path !== null && isInside(path, root) && !/[?#]/.test(id)) return null;
          throw new Error(`Access to this API has been restricted: ${id}`);
        },
        // Each module keeps its own import.meta, as it has when Node or vitest loads it as a file of its own.
        transform(code, id) {
          const path = fileOfId(id);
          if (path === null || !code.includes('import.meta')) return null;
          const meta: Record<string, string> = { url: pathToFileURL(path).href, dirname: dirname(path), filename: path };
          return { code: code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key: string) => JSON.stringify(meta[key])), map: null };
        },
      },
    ],
  });
  try {
    await bundle.write({ file: out, format: 'esm' });
  } finally {
    await bundle.close();
  }
  return out;
}

/** One process of a student: its bundles in order, with the sandbox a lane's fork gets for this student. */
function runChild(bundles: readonly string[], sandbox: SandboxPaths, spawns: boolean): Promise<ChildResult[]> {
  if (bundles.length === 0) return Promise.resolve([]);
  rmSync(sandbox.write, { recursive: true, force: true });
  mkdirSync(sandbox.write, { recursive: true });
  const env: Record<string, string> = { ...process.env, CHECKER_LANG: 'en', [TEST_LIMIT_ENV]: String(LIMITS.testMs), TMPDIR: sandbox.write };
  if (spawns) env[LEARNER_NODE_ENV] = JSON.stringify([process.execPath, ...sandboxArgv(sandbox)]);
  const execArgv = [...sandboxArgv(sandbox), ...(spawns ? ['--allow-child-process'] : [])];
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [String(LIMITS.testMs), ...bundles], { execArgv, env, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let results: ChildResult[] | null = null;
    const timer = setTimeout(() => child.kill('SIGKILL'), LIMITS.fileMs * bundles.length);
    child.on('message', (message) => {
      results = message as ChildResult[];
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (results) resolve(results);
      else reject(new Error(`a floor process ended with ${code} and no results`));
    });
  });
}

/** What the child reports for one suite file. */
interface ChildResult {
  bundle: string;
  loadError: string | null;
  tests: { name: string; error: string | null }[];
}

/** One student's outcome: per exercise, whether every test passed, and how many tests ran. */
interface StudentFloor {
  student: string;
  exercises: Record<string, { pass: boolean; tests: number; passed: number }>;
}

/** Bundles and runs one student's suites, plain and spawning processes side by side, as the checker's lanes do. */
async function gradeStudent(name: string, target: ScratchTarget, shared: SandboxPaths, spawnShared: SandboxPaths): Promise<StudentFloor> {
  const selected = allExercises(CHAPTERS).filter(({ chapter }) => existsSync(join(target.chaptersDir, chapter.dir)) && chapter.id.startsWith(ONLY));
  const files = await Promise.all(selected.map(async (entry) => ({ entry, bundle: await bundleSuite(exerciseSuiteFiles(target, entry, [])[0]!.file, target.dir) })));
  await bundleSpawned([target], selected);
  const own = (paths: SandboxPaths): SandboxPaths => ({ read: [...paths.read, paths.write, target.dir], write: paths.write });
  const spawning = (spawns: boolean) => files.filter(({ entry }) => Boolean(entry.exercise.spawns?.length) === spawns).map(({ bundle }) => bundle);
  const results = (await Promise.all([runChild(spawning(false), own(shared), false), runChild(spawning(true), own(spawnShared), true)])).flat();
  const exercises: StudentFloor['exercises'] = {};
  for (const { entry, bundle } of files) {
    const result = results.find((item) => item.bundle === bundle);
    const tests = result?.tests ?? [];
    const passed = tests.filter((test) => test.error === null).length;
    exercises[entry.exercise.id] = { pass: result !== undefined && result.loadError === null && tests.length > 0 && passed === tests.length, tests: tests.length, passed };
  }
  return { student: name, exercises };
}

const unpacked = mkdtempSync(join(tmpdir(), 'floor-zips-'));
const scratch = createScratch();
try {
  const started = performance.now();
  const { students } = await findStudents(classDir, CHAPTERS, unpacked);
  const graded = students.filter((student) => student.learner !== null);
  const targets = graded.map((student) => addTarget(scratch, student.learner!, CHAPTERS));
  const copied = performance.now();
  const cpuBefore = cpuSeconds();
  await typecheck(scratch.root, tscBinary(REPO_ROOT));
  const cpuTyped = cpuSeconds();
  const typed = performance.now();
  const sandboxes = Array.from({ length: SLOTS }, (_, slot) => ({
    plain: laneSandbox(scratch.root, [join(scratch.root, 'node_modules'), CHILD], `floor-${slot}`),
    spawn: laneSandbox(scratch.root, [join(scratch.root, 'node_modules'), CHILD], `floor-spawn-${slot}`),
  }));
  const floors: StudentFloor[] = [];
  let next = 0;
  await Promise.all(
    sandboxes.map(async ({ plain, spawn }) => {
      for (let index = next++; index < targets.length; index = next++) floors[index] = await gradeStudent(graded[index]!.name, targets[index]!, plain, spawn);
    }),
  );
  const cpuDone = cpuSeconds();
  writeFileSync(
    outFile,
    JSON.stringify({
      students: floors,
      phases: {
        copySeconds: (copied - started) / 1000,
        typecheckSeconds: (typed - copied) / 1000,
        typecheckCpu: cpuTyped.children - cpuBefore.children,
        testsSeconds: (performance.now() - typed) / 1000,
        testsCpuChildren: cpuDone.children - cpuTyped.children,
        testsCpuSelf: cpuDone.self - cpuTyped.self,
      },
    }),
  );
} finally {
  scratch.dispose();
  rmSync(unpacked, { recursive: true, force: true });
}
