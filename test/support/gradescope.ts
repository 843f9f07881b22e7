import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { GRADING_TIMEOUT, REPO } from './run.ts';

/** What run_autograder left in a fake /autograder: results.json parsed and as written, and what it printed. */
export interface Autograded {
  results: Record<string, unknown>;
  /** results.json as the script wrote it, for the tests that look for text in the whole file. */
  text: string;
  stdout: string;
}

/**
 * Lays out a fake /autograder at `root` with `fill` building its submission folder, runs gradescope/run_autograder
 * against it without privileges (AUTOGRADER_TRY_LOCALLY: no separate user, no network block) with this repository as
 * the course copy, expects it to exit 0, and returns its results. `env` adds to or overrides the script's variables
 * (FIXTURE_ENV for the fixture course, CLASS_FILE, ASSIGNMENT, PRIVATE_SUITES, the visibility settings).
 */
export function runAutograder(root: string, fill: (submission: string) => void, env: NodeJS.ProcessEnv = {}): Autograded {
  const submission = join(root, 'submission');
  mkdirSync(submission, { recursive: true });
  fill(submission);
  const ran = spawnSync('bash', [join(REPO, 'gradescope', 'run_autograder')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
    env: { ...process.env, AUTOGRADER_ROOT: root, COURSE_DIR: REPO, AUTOGRADER_TRY_LOCALLY: '1', MCP_NODE_HOME: join(root, 'no-node-home'), CHECKER_LANG: 'en', GRADE_TIMEOUT: GRADING_TIMEOUT, ...env },
  });
  expect(ran.status, ran.stderr).toBe(0);
  const text = readFileSync(join(root, 'results', 'results.json'), 'utf8');
  return { results: JSON.parse(text) as Record<string, unknown>, text, stdout: ran.stdout };
}
