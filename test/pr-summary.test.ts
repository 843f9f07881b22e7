import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PullRequestReport } from '../checker/pr/grade-pr.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { prReport } from './support/pr-report.ts';
import { runTs } from './support/run.ts';

/*
 * The summary CLI as the workflow starts it: its exit codes and annotations. What it renders and validates is tested
 * in-process by test/unit/checker/pr/summary.test.ts.
 */

/** A well-formed report on the real course where the listed exercises fail their first test. */
const report = (failing: readonly string[] = []): PullRequestReport => prReport(CHAPTERS, failing);

describe('the summary CLI', () => {
  test('the summary CLI exits 2 with one error annotation for an unusable file, 1 for a failing report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-summary-'));
    const forged = join(dir, 'forged.json');
    writeFileSync(forged, JSON.stringify({ ...report(['01/1']), score: 999 }));
    const bad = runTs('checker/pr/summary-cli.ts', [forged], { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(bad.status).toBe(2);
    expect(bad.stdout.trim().split('\n')).toHaveLength(1);
    expect(bad.stdout).toMatch(/^::error title=grading::/);
    const good = join(dir, 'good.json');
    const summary = join(dir, 'summary.md');
    writeFileSync(good, JSON.stringify(report(['01/1'])));
    const ran = runTs('checker/pr/summary-cli.ts', [good], { env: { GITHUB_STEP_SUMMARY: summary } });
    expect(ran.status).toBe(1);
    // Red with no assignment set: the annotations say why (every exercise of the course decides), beside the failing one.
    expect(ran.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^::error file=chapters\/01-mini-mcp\/server\.ts,line=12,/), expect.stringMatching(/^::notice title=no assignment::Why the check is red: 1 of the 22 exercises of the whole course do not pass yet\. No assignment is set \(CLASS_FILE and ASSIGNMENT are empty\)/)]);
    expect(readFileSync(summary, 'utf8')).toContain('| 01/1 |');
    expect(readFileSync(summary, 'utf8')).toContain('are empty), so every exercise of the course was graded: the check passes only when all 22 pass.');
    expect(readFileSync(summary, 'utf8')).toContain('Why the check is red: 1 of the 22 exercises of the whole course do not pass yet.');
    rmSync(dir, { recursive: true, force: true });
  });

  test('the summary CLI exits 1 for a passing report that changes paths outside chapters/, and 0 when ALLOW_TAMPERED=true', () => {
    const dir = mkdtempSync(join(tmpdir(), 'batch-summary-'));
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify({ ...report(), tampered: ['checker/grade.ts'] }));
    const env = { GITHUB_STEP_SUMMARY: join(dir, 'summary.md') };
    const refused = runTs('checker/pr/summary-cli.ts', [file], { env: { ...env, ALLOW_TAMPERED: '' } });
    expect(refused.status).toBe(1);
    expect(refused.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^::error title=tampered::.*checker\/grade\.ts$/)]);
    const allowed = runTs('checker/pr/summary-cli.ts', [file], { env: { ...env, ALLOW_TAMPERED: 'true' } });
    expect(allowed.status).toBe(0);
    expect(allowed.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^::warning title=tampered::/)]);
    const clean = join(dir, 'clean.json');
    writeFileSync(clean, JSON.stringify(report()));
    expect(runTs('checker/pr/summary-cli.ts', [clean], { env: { ...env, ALLOW_TAMPERED: '' } }).status).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  test('the summary CLI answers --help with exit 0 and a wrong command line with its usage and exit 2, in either language', () => {
    const help = runTs('checker/pr/summary-cli.ts', ['--help', '--lang', 'en']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage:\nnode --import tsx checker\/pr\/summary-cli\.ts RESULTS\.json/);
    const wrong = runTs('checker/pr/summary-cli.ts', ['a.json', 'b.json']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('결과 파일(JSON)을 정확히 하나 적어라.');
    expect(wrong.stderr).toContain('자세한 설명: node --import tsx checker/pr/summary-cli.ts --help');
  });
});
