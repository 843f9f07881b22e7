import { spawn, spawnSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import type { ChapterSpec } from '../manifest/types.ts';
import type { Lang } from '../usage/messages.ts';
import type { Report } from '../report/shape.ts';
import { reweight } from '../report/build.ts';
import { withoutRunnerChannels } from '../trust/ci-channels.ts';
import { newSigningKey, readSignedReport } from '../trust/sign.ts';
import { ResultsShapeError, validateReport } from './validate.ts';

/*
 * The one trusted launcher of the signed check, used by grade:pr (pr/grade-pr.ts) and the Gradescope autograder
 * (gradescope/cli.ts): it starts `checker/signed/signed-check.ts` of a checker copy on a chapters folder (as another
 * user when asked), hands it a fresh signing key on standard input, ends whatever that user left running, verifies the
 * report's signature, checks the report against the trusted manifest, and re-weights it through report/build.ts's
 * reweight. Learner code never runs in the calling process, and nothing it prints or writes decides the result.
 */

/**
 * Who the signed check runs as: this process's user, another user through `sudo -n -u` (grade:pr in CI, which is
 * not root), or another user's ids (the Gradescope autograder, which runs as root).
 */
export type RunAs = { sudo: string } | { uid: number; gid: number };

/** One run of the signed check. */
export interface SignedCheckRun {
  /** The checker copy to run: its checker/signed/signed-check.ts, started with this folder as the working directory. */
  checkerRoot: string;
  /** The chapters folder to grade; reports name it `chapters`. */
  chapters: string;
  /** A folder for the signed report: made writable for everyone when the check runs as another user. */
  outDir: string;
  /** Only these exercises (an assignment's); all when unset. */
  exercises?: readonly string[];
  lang: Lang;
  timeoutMs: number;
  /** An instructor's private suites (an absolute path). */
  suites?: string;
  /** Where the committed starters' blobs are when the checker copy has no git history (the signed check's --starters-git). */
  startersGit?: string;
  runAs?: RunAs;
}

/** How the report is read: against which manifest, and with which points (a class file's or an assignment's). */
export interface Reading {
  manifest: readonly ChapterSpec[];
  weights?: Readonly<Record<string, number>>;
}

/** Why a run gave no report to use: none written, a signature that does not match, or a report that is not the course's. */
export type NoReport = { why: 'no-report' } | { why: 'forged' } | { why: 'bad-report'; field: string };

/** What a run of the signed check gave: its exit code, and the checked and re-weighted report or why there is none. */
export type SignedCheckResult = { exitCode: number; report: Report } | { exitCode: number; report: null; failed: NoReport };

/** The signed check's command line (after `node`). */
export function signedCheckArgv(run: SignedCheckRun, json: string): string[] {
  return [
    '--import', 'tsx', join(run.checkerRoot, 'checker', 'signed', 'signed-check.ts'),
    ...(run.exercises ?? []),
    '--target', run.chapters, '--shown-as', 'chapters', '--json', json,
    '--lang', run.lang, '--timeout', String(run.timeoutMs / 1000),
    ...(run.suites ? ['--suites', run.suites, ...(run.startersGit ? ['--starters-git', run.startersGit] : [])] : []),
  ];
}

/** The environment another user's check gets: nothing of this process's but a path, a home and a language. */
function plainEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: '/tmp', TMPDIR: '/tmp', LANG: 'C.UTF-8', CI: 'true' };
}

/** Starts the check with the key on standard input and waits for it; its exit code, 2 when it could not start. */
function start(argv: readonly string[], cwd: string, runAs: RunAs | undefined, key: string): Promise<number> {
  const env = withoutRunnerChannels();
  const plain = plainEnv();
  const [command, args, options] =
    runAs && 'sudo' in runAs
      ? ['sudo', ['-n', '-u', runAs.sudo, '--', 'env', '-i', ...Object.entries(plain).map(([name, value]) => `${name}=${value}`), process.execPath, ...argv], { env }]
      : runAs
        ? [process.execPath, [...argv], { env: plain, uid: runAs.uid, gid: runAs.gid }]
        : [process.execPath, [...argv], { env }];
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['pipe', 'inherit', 'inherit'], ...options });
    child.stdin.end(`${key}\n`);
    child.on('error', () => done(2));
    child.on('close', (code) => done(code ?? 2));
  });
}

/** Ends every process the other user has left (learner code that outlived the check), before the report is read. */
function endLeftovers(runAs: RunAs | undefined): void {
  if (!runAs) return;
  if ('sudo' in runAs) spawnSync('sudo', ['-n', '-u', runAs.sudo, '--', 'kill', '-KILL', '-1'], { stdio: 'ignore' });
  else spawnSync('kill', ['-KILL', '-1'], { uid: runAs.uid, gid: runAs.gid, stdio: 'ignore' });
}

/**
 * Runs the signed check once and reads its report: signed with this run's key (learner code runs as the user that
 * writes the file, so only the signature proves the checker wrote it), the course's exercises as the trusted manifest
 * has them (validateReport), then worth the reading's weights. The report's own headline numbers are never used.
 */
export async function runSignedCheck(run: SignedCheckRun, reading: Reading): Promise<SignedCheckResult> {
  if (run.runAs) chmodSync(run.outDir, 0o777);
  const json = join(run.outDir, 'report.json');
  const key = newSigningKey();
  const exitCode = await start(signedCheckArgv(run, json), run.checkerRoot, run.runAs, key);
  endLeftovers(run.runAs);
  const signed = readSignedReport(json, key);
  if (signed === null) return { exitCode, report: null, failed: { why: 'no-report' } };
  if (signed === 'forged') return { exitCode, report: null, failed: { why: 'forged' } };
  let checked;
  try {
    checked = validateReport(signed, reading.manifest, run.exercises ? { exercises: run.exercises } : {});
  } catch (error) {
    if (!(error instanceof ResultsShapeError)) throw error;
    return { exitCode, report: null, failed: { why: 'bad-report', field: error.message } };
  }
  return { exitCode, report: reading.weights ? reweight(checked, reading.weights) : checked };
}
