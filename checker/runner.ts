import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TrustedSources } from './guard.ts';
import { Lane } from './lane.ts';
import type { RawFile } from './lane.ts';
import { laneSandbox } from './sandbox.ts';
import { REPO_ROOT } from './scratch.ts';

export type { RawError, RawFile, RawTest } from './lane.ts';

/** Settings for the vitest lanes that grade suites in a scratch folder. */
export interface RunnerOptions {
  root: string;
  trusted: TrustedSources;
  /** Per suite file, from the moment its fork starts it. */
  timeoutMs: number;
  /** Called each time a suite file finishes, for progress display. */
  onFileDone?: (file: string) => void;
}

/** How many lanes (forks at a time) grade in parallel; the course's machines have two cores. */
const LANES = 2;

/** Once a file hung while loading learner code, the same student's later files get this long to load. */
const LOAD_LIMIT_MS = 2_000;

/** Gives every suite file its own fresh copy of the learner's modules, as if it ran alone in its fork. */
const SETUP_SOURCE = "import { vi } from 'vitest';\n\nvi.resetModules();\n";

/** A small process that kills this checker's forks if the checker dies without doing so itself. */
const REAPER = fileURLToPath(new URL('./reaper.cjs', import.meta.url));

let reaperStarted = false;

/** Starts the reaper once per checker process; it exits on its own after the checker is gone. */
function startReaper(): void {
  if (reaperStarted) return;
  reaperStarted = true;
  spawn(process.execPath, [REAPER, String(process.pid)], { stdio: 'ignore', detached: true }).unref();
}

/**
 * Grades groups of suite files: each group (one student's files) runs in order in one fresh sandboxed fork,
 * on one of two lanes; a hung file is killed at its deadline and the rest go on.
 */
export class SuiteRunner {
  private constructor(private readonly lanes: Lane[]) {}

  /** Starts the lanes, each with the suite guard, the sandbox and a sink that drops learner output. */
  static async create(options: RunnerOptions): Promise<SuiteRunner> {
    startReaper();
    const setupFile = join(options.root, 'checker-setup.ts');
    writeFileSync(setupFile, SETUP_SOURCE);
    options.trusted.set(setupFile, SETUP_SOURCE);
    // vitest keeps transformed modules in a folder under TMPDIR that its forks read; inside the scratch folder,
    // the sandbox lets forks read it but never write it.
    const vitestTmp = join(options.root, '.vitest-tmp');
    mkdirSync(vitestTmp, { recursive: true });
    const savedTmp = process.env['TMPDIR'];
    process.env['TMPDIR'] = vitestTmp;
    try {
      const lanes = await Promise.all(
        Array.from({ length: LANES }, (_, index) =>
          Lane.create({
            id: `${process.pid}-${index}`,
            root: options.root,
            trusted: options.trusted,
            setupFile,
            sandbox: laneSandbox(options.root, join(REPO_ROOT, 'node_modules'), `lane-${index}`),
            timeoutMs: options.timeoutMs,
            loadLimitMs: Math.min(LOAD_LIMIT_MS, options.timeoutMs),
            ...(options.onFileDone ? { onFileDone: options.onFileDone } : {}),
          }),
        ),
      );
      return new SuiteRunner(lanes);
    } finally {
      if (savedTmp === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = savedTmp;
    }
  }

  /** Runs every group, each on the next free lane, and returns one outcome for each file. */
  async run(groups: readonly (readonly string[])[]): Promise<Map<string, RawFile>> {
    const outcomes = new Map<string, RawFile>();
    const queue = groups.filter((group) => group.length > 0);
    let next = 0;
    await Promise.all(
      this.lanes.map(async (lane) => {
        while (next < queue.length) {
          const group = queue[next++]!;
          for (const [file, outcome] of await lane.runGroup(group)) outcomes.set(file, outcome);
        }
      }),
    );
    return outcomes;
  }

  /** Drops what vitest knows of a changed file, so the next run reads it again. */
  invalidate(file: string): void {
    for (const lane of this.lanes) lane.invalidate(file);
  }

  /** Stops vitest and any fork still running. */
  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }
}
