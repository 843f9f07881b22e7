import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO } from './support/run.ts';

const text = readFileSync(join(REPO, '.github', 'workflows', 'grade.yml'), 'utf8');
/** The workflow without comments, so the checks read only what GitHub reads. */
const yaml = text.split('\n').map((line) => line.replace(/(^|\s)#.*$/, '')).join('\n');

describe('the pull-request grading workflow', () => {
  test('is triggered by pull_request and never by pull_request_target', () => {
    expect(yaml).toMatch(/^on:\n {2}pull_request:\s*$/m);
    expect(text).not.toContain('pull_request_target:');
    expect(yaml).not.toMatch(/workflow_run|issue_comment|pull_request_target/);
  });

  test('asks only for contents: read and uses no secrets', () => {
    expect(yaml).toMatch(/^permissions:\n {2}contents: read\n(?! )/m);
    expect(yaml.match(/^\s*permissions:/gm)).toHaveLength(1);
    expect(yaml).not.toMatch(/secrets\.|GITHUB_TOKEN|github\.token/);
  });

  test('pins every action to a full commit SHA', () => {
    const uses = [...yaml.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)/gm)].map((match) => match[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(3);
    for (const action of uses) expect(action).toMatch(/^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/);
  });

  test('checks out the base commit and the head without credentials, and installs from the base lockfile', () => {
    const checkouts = yaml.split(/\n(?= {6}- )/).filter((step) => step.includes('actions/checkout@'));
    expect(checkouts).toHaveLength(2);
    for (const step of checkouts) expect(step).toMatch(/persist-credentials: false/);
    expect(checkouts[0]).toContain('ref: ${{ github.event.pull_request.base.sha }}');
    expect(yaml).toMatch(/working-directory: trusted\n\s+run: npm ci --ignore-scripts/);
  });

  test('grades with workflow commands stopped, runner channels removed and another user without network, then summarizes in a later step', () => {
    const steps = yaml.split(/\n(?= {6}- name:)/);
    const grading = steps.findIndex((step) => step.includes('checker/pr/cli.ts'));
    const summary = steps.findIndex((step) => step.includes('checker/pr/summary-cli.ts'));
    expect(grading).toBeGreaterThan(0);
    expect(summary).toBeGreaterThan(grading);
    const step = steps[grading]!;
    expect(step).toMatch(/echo "::stop-commands::\$\{token\}"[\s\S]*checker\/pr\/cli\.ts[\s\S]*echo "::\$\{token\}::"/);
    for (const name of ['GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE']) expect(step).toContain(`-u ${name}`);
    expect(step).toContain('--run-as grader');
    const prepare = steps.find((one) => one.includes('useradd'))!;
    for (const table of ['iptables', 'ip6tables']) expect(prepare).toContain(`sudo ${table} -A OUTPUT -m owner --uid-owner grader -j REJECT`);
    expect(step).not.toContain('GITHUB_STEP_SUMMARY"');
    expect(steps[summary]).toContain('if: always()');
    expect(yaml).toMatch(/actions\/upload-artifact@[0-9a-f]{40}[\s\S]*grade\.json[\s\S]*grade\.junit\.xml/);
  });
});
