import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrustedSources } from '../trust/trusted-sources.ts';
import { SuiteQuotes } from '../trust/suite-quotes.ts';
import type { Lang } from '../usage/messages.ts';
import { Lane } from './lane.ts';
import { startReaper } from './forks.ts';
import type { TimeLimits } from './limits.ts';
import type { LaneOptions } from './lane.ts';
import type { RawFile } from './vitest-results.ts';
import { laneSandbox, sandboxArgv } from '../trust/sandbox.ts';
import type { SandboxPaths } from '../trust/sandbox.ts';
import { LEARNER_NODE_ENV } from '../suites/_lib/learner-process.ts';
import { TEST_LIMIT_ENV } from '../suites/_lib/limits.ts';

/** Settings for the vitest lanes that grade suites in a scratch folder. */
export interface RunnerOptions {
  root: string;
  trusted: TrustedSources;
  /** The language the suites' messages speak; the forks get it as CHECKER_LANG. */
  lang: Lang;
  /** Per suite file (from the moment its fork starts it) and per test. */
  limits: TimeLimits;
  /** Called each time a suite file finishes, for progress display. */
  onFileDone?: (file: string) => void;
}

/** How many lanes (forks at a time) grade in parallel; the course's machines have two cores. */
const LANES = 2;

/** Gives every suite file its own fresh copy of the learner's modules, as if it ran alone in its fork. */
const SETUP_SOURCE = "import { vi } from 'vitest';\n\nvi.resetModules();\n";

/** vitest's test runner for the forks, which tells the lane at once when a test starts and where learner code spins (see the file). */
const RUNNER_SOURCE = readFileSync(fileURLToPath(new URL('./fork-runner.ts', import.meta.url)), 'utf8');

/** A suite's copy in the scratch folder, as a path relative to it (learner snapshots lie in `tK/chapters`). */
const SUITE_COPY = /^t\d+\/checker\/suites\//;

/** One graded folder's files of one chapter, run in order in one fork; `spawns` when its suites start learner processes. */
export interface RunGroup {
  files: readonly string[];
  spawns: boolean;
  /** The student's scratch folder: the only student folder the group's code may read or load. */
  root: string;
  /** The suite folders of `root` the group's suites may load: a group of public suites never gets the private ones. */
  suites?: readonly string[];
}


/**
 * Grades groups of suite files: each group (one student's chapter) runs in order in one fresh sandboxed fork,
 * on one of two lanes; a hung file is killed at its deadline and the rest go on. Groups whose suites start
 * learner processes run on a third lane whose forks may start processes, and those processes get the sandbox flags.
 */
export class SuiteRunner {
  private spawning: Promise<Lane> | null = null;

  private constructor(
    private readonly lanes: Lane[],
    private readonly options: RunnerOptions,
    private readonly files: ForkFiles,
  ) {}

  /** Starts the lanes, each with the suite guard, the sandbox and a sink that drops learner output. */
  static async create(options: RunnerOptions): Promise<SuiteRunner> {
    startReaper();
    const files: ForkFiles = {
      setup: trustedFile(options, 'checker-setup.ts', SETUP_SOURCE),
      runner: trustedFile(options, 'checker-runner.ts', RUNNER_SOURCE),
      quotes: new SuiteQuotes([...options.trusted].filter(([path]) => SUITE_COPY.test(relative(options.root, path))).map(([, source]) => source)),
    };
    const lanes = await withVitestTmp(options.root, () =>
      Promise.all(Array.from({ length: LANES }, (_, index) => Lane.create(laneOptions(options, files, `lane-${index}`)))),
    );
    return new SuiteRunner(lanes, options, files);
  }

  /** Runs every group, each on the next free lane, and returns one outcome for each file. */
  async run(groups: readonly RunGroup[]): Promise<Map<string, RawFile>> {
    const outcomes = new Map<string, RawFile>();
    const drain = async (lane: Lane, queue: RunGroup[]) => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const [file, outcome] of await lane.runGroup(group.files, group.root, group.suites)) outcomes.set(file, outcome);
      }
    };
    const plain = groups.filter((group) => group.files.length > 0 && !group.spawns);
    const spawning = groups.filter((group) => group.files.length > 0 && group.spawns);
    await Promise.all([
      ...this.lanes.map((lane) => drain(lane, plain)),
      ...(spawning.length > 0 ? [this.spawnLane().then((lane) => drain(lane, spawning))] : []),
    ]);
    return outcomes;
  }

  /** Drops what vitest knows of a changed file, so the next run reads it again. */
  invalidate(file: string): void {
    for (const lane of this.lanes) lane.invalidate(file);
    void this.spawning?.then((lane) => lane.invalidate(file));
  }

  /** Stops vitest and any fork still running. */
  async close(): Promise<void> {
    await Promise.all([...this.lanes.map((lane) => lane.close()), this.spawning?.then((lane) => lane.close())]);
  }

  /** The lane for suites that start learner processes, started the first time one is graded. */
  private spawnLane(): Promise<Lane> {
    this.spawning ??= withVitestTmp(this.options.root, () => {
      const options = laneOptions(this.options, this.files, 'lane-spawn');
      // The fork may start processes; each learner process it starts gets the same sandbox, without that right.
      const sandboxEnv = (sandbox: SandboxPaths) => ({ [LEARNER_NODE_ENV]: JSON.stringify([process.execPath, ...sandboxArgv(sandbox)]) });
      return Lane.create({ ...options, extraArgv: ['--allow-child-process'], sandboxEnv });
    });
    return this.spawning;
  }
}

/** The checker's own files every fork loads: the setup file and the test runner. */
interface ForkFiles {
  setup: string;
  runner: string;
  /** The code of every suite graded, which no learner-visible text may quote. */
  quotes: SuiteQuotes;
}

/** Writes one of the checker's own fork files into the scratch folder and serves it from memory, as the suites are. */
function trustedFile(options: RunnerOptions, name: string, source: string): string {
  const file = join(options.root, name);
  writeFileSync(file, source);
  options.trusted.set(file, source);
  return file;
}

/** The settings of one lane of a runner. */
function laneOptions(options: RunnerOptions, files: ForkFiles, name: string): LaneOptions {
  return {
    id: `${process.pid}-${name}`,
    root: options.root,
    trusted: options.trusted,
    setupFile: files.setup,
    runnerFile: files.runner,
    // The scratch folder's node_modules is a link to the trusted packages: learner processes resolve packages through it.
    sandbox: laneSandbox(options.root, [join(options.root, 'node_modules'), files.setup, files.runner], name),
    // The suites' own waits for a learner process fit inside the limit of one test.
    env: { CHECKER_LANG: options.lang, [TEST_LIMIT_ENV]: String(options.limits.testMs) },
    limits: options.limits,
    quotes: files.quotes,
    ...(options.onFileDone ? { onFileDone: options.onFileDone } : {}),
  };
}

/**
 * Starts vitest instances with TMPDIR inside the scratch folder: vitest keeps transformed modules in a folder
 * there that its forks read, and the sandbox lets them read it but never write it.
 */
async function withVitestTmp<T>(root: string, start: () => Promise<T>): Promise<T> {
  const vitestTmp = join(root, '.vitest-tmp');
  mkdirSync(vitestTmp, { recursive: true });
  const saved = process.env['TMPDIR'];
  process.env['TMPDIR'] = vitestTmp;
  try {
    return await start();
  } finally {
    if (saved === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = saved;
  }
}
