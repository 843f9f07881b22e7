import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO } from './support/run.ts';

const text = readFileSync(join(REPO, '.github', 'workflows', 'grade.yml'), 'utf8');
/** The workflow without comments (comment-only lines dropped), so the checks read only what GitHub reads. */
const yaml = text
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .map((line) => line.replace(/(^|\s)#.*$/, ''))
  .join('\n');
/** The workflow's steps, each from its `- name:` line. */
const steps = yaml.split(/\n(?= {6}- name:)/);
/** The one step whose text contains `needle`. */
function stepWith(needle: string): string {
  const found = steps.filter((step) => step.includes(needle));
  expect(found, needle).toHaveLength(1);
  return found[0]!;
}

describe('the pull-request grading workflow', () => {
  test('is triggered by pull_request and never by pull_request_target', () => {
    expect(yaml).toMatch(/^on:\n {2}pull_request:\n/m);
    expect(text).not.toContain('pull_request_target:');
    expect(yaml).not.toMatch(/workflow_run|issue_comment|pull_request_target/);
  });

  test('grades only pull requests into the protected branch, and says why', () => {
    expect(yaml).toMatch(/^on:\n {2}pull_request:\n {4}branches: \[main\]\n(?! )/m);
    expect(yaml.match(/branches/g)).toHaveLength(1);
    expect(text).toMatch(/#[^\n]*anyone who can push a branch/);
  });

  test('runs a supported Node LTS line', () => {
    expect(stepWith('actions/setup-node@')).toMatch(/\n {10}node-version: 24\n/);
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
    const grading = steps.findIndex((step) => step.includes('checker/pr/cli.ts'));
    const summary = steps.findIndex((step) => step.includes('checker/pr/summary-cli.ts'));
    expect(grading).toBeGreaterThan(0);
    expect(summary).toBeGreaterThan(grading);
    const step = steps[grading]!;
    expect(step).toMatch(/echo "::stop-commands::\$\{token\}"[\s\S]*checker\/pr\/cli\.ts[\s\S]*echo "::\$\{token\}::"/);
    for (const name of ['GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE']) expect(step).toContain(`-u ${name}`);
    expect(step).toContain('--run-as grader');
    const prepare = steps.find((one) => one.includes('useradd'))!;
    // Inserted first, so an ACCEPT rule already in the chain cannot let the grader out; never appended.
    for (const table of ['iptables', 'ip6tables']) expect(prepare).toContain(`sudo ${table} -I OUTPUT 1 -m owner --uid-owner grader -j REJECT`);
    expect(yaml).not.toMatch(/\s-A\s+OUTPUT/);
    expect(step).not.toContain('GITHUB_STEP_SUMMARY"');
    expect(steps[summary]).toContain('if: always()');
    expect(yaml).toMatch(/actions\/upload-artifact@[0-9a-f]{40}[\s\S]*grade\.json[\s\S]*grade\.junit\.xml/);
  });

  test('proves that the grading user cannot connect out before any learner code runs, and stops otherwise', () => {
    const prepare = steps.findIndex((step) => step.includes('useradd'));
    const probe = steps.findIndex((step) => step.includes('cannot connect out'));
    const grading = steps.findIndex((step) => step.includes('checker/pr/cli.ts'));
    expect(prepare).toBeGreaterThan(0);
    expect(probe).toBeGreaterThan(prepare);
    expect(grading).toBeGreaterThan(probe);
    const step = steps[probe]!;
    // Node from the runner's PATH (sudo resets PATH), as the grader, to a public address on both IP versions.
    expect(step).toContain('sudo -n -u grader -- "$(command -v node)" -e "$probe" "$host"');
    expect(step).toMatch(/for host in 1\.1\.1\.1 [0-9a-f:]+::[0-9a-f]+; do/);
    expect(step).toMatch(/require\("node:net"\)\.connect\(\{host:process\.argv\[1\],port:443/);
    // Only "refused or timed out" (exit 3) lets the job go on: a connection (0) or a probe that could not run fails it.
    expect(step).toMatch(/s\.on\("connect",\(\)=>process\.exit\(0\)\)/);
    expect(step).toMatch(/if \[ "\$code" -ne 3 \]; then\n[^\n]*::error[^\n]*\n\s+exit 1\n/);
    expect(step).not.toContain('continue-on-error');
  });

  test('fails the job for changes outside chapters/ unless ALLOW_TAMPERED is true', () => {
    const summary = stepWith('checker/pr/summary-cli.ts');
    expect(summary).toMatch(/\n {8}env:\n {10}ALLOW_TAMPERED: \$\{\{ vars\.ALLOW_TAMPERED \|\| 'false' \}\}\n/);
    // The summary step's exit code is the job's verdict: nothing may swallow it.
    expect(yaml).not.toContain('continue-on-error');
    expect(summary).toMatch(/run: node --import tsx checker\/pr\/summary-cli\.ts "\$RUNNER_TEMP\/grade\/grade\.json"\n/);
  });

  test('gives grade:pr and the summary step the same class file and assignment, from the job, never from the head', () => {
    const job = yaml.slice(yaml.indexOf('\n  grade:\n'), yaml.indexOf('\n    steps:\n'));
    expect(job).toMatch(/\n {6}CLASS_FILE: \$\{\{ vars\.CLASS_FILE \|\| '' \}\}\n/);
    expect(`${job}\n`).toMatch(/\n {6}ASSIGNMENT: \$\{\{ vars\.ASSIGNMENT \|\| '' \}\}\n/);
    // Both steps read them from the job's environment: neither sets its own, and grading keeps them through env -u.
    for (const step of [stepWith('checker/pr/cli.ts'), stepWith('checker/pr/summary-cli.ts')]) expect(step).not.toMatch(/CLASS_FILE:|ASSIGNMENT:|-u (CLASS_FILE|ASSIGNMENT)\b|env -i/);
    // grade:pr runs in the base checkout, so a relative CLASS_FILE names the base commit's file.
    expect(stepWith('checker/pr/cli.ts')).toMatch(/\n {8}working-directory: trusted\n/);
    expect(stepWith('checker/pr/summary-cli.ts')).toMatch(/\n {8}working-directory: trusted\n/);
  });

  test('every multi-line run script is valid bash (bash -n parses it; nothing runs)', () => {
    const scripts = [...text.matchAll(/\n {8}run: \|\n((?: {10}.*\n|\n)+)/g)].map((match) => match[1]!.replace(/^ {10}/gm, ''));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) {
      const parsed = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
      expect(parsed.status, `${parsed.stderr}\n${script}`).toBe(0);
    }
  });
});

describe('the class grading workflow (a matrix of shards, then one merge)', () => {
  const classText = readFileSync(join(REPO, '.github', 'workflows', 'grade-class.yml'), 'utf8');
  const classYaml = classText.split('\n').filter((line) => !/^\s*#/.test(line)).join('\n');

  test('runs only by hand, asks only for contents: read, and pins every action to a full commit SHA', () => {
    expect(classYaml).toMatch(/^on:\n {2}workflow_dispatch:\n/m);
    expect(classYaml).not.toMatch(/pull_request|push:/);
    expect(classYaml).toMatch(/^permissions:\n {2}contents: read\n(?! )/m);
    const uses = [...classYaml.matchAll(/uses: (\S+)/g)].map((match) => match[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(6);
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40}$/);
  });

  test('each shard grades as the unprivileged user with its connections blocked first and proven blocked, and the merge job joins every shard', () => {
    expect(classYaml).toContain('sudo iptables -I OUTPUT 1 -m owner --uid-owner grader -j REJECT');
    expect(classYaml).not.toMatch(/-A OUTPUT/);
    expect(classYaml.indexOf('cannot connect out')).toBeLessThan(classYaml.indexOf('untrusted code runs here'));
    expect(classYaml).toMatch(/sudo -n -u grader -- env -i [^\n]*\\\n(?:[^\n]*\\\n)*[^\n]*checker\/class\/cli\.ts \.\.\/submissions --shard "\$SHARD"[^\n]* --sign "\$\{class\[@\]\}"\n/);
    expect(classYaml).toMatch(/needs: grade\n/);
    expect(classYaml).toContain('checker/class/merge-cli.ts "$RUNNER_TEMP"/shards/gradebook-shard-*');
  });

  test('verifies the checker as the grading user, signs each shard and checks the signature on the trusted side', () => {
    expect(classYaml).toContain('GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0="$GITHUB_WORKSPACE/trusted"');
    expect(classYaml).toMatch(/printf '%s\\n' "\$key" \| sudo -n -u grader -- env -i /);
    expect(classYaml).toMatch(/printf '%s\\n' "\$key" \| node checker\/run\.mjs checker\/class\/verify-cli\.ts "\$RUNNER_TEMP\/book\/shard" \|\| exit 1/);
    expect(classYaml).toContain('p.checker_verified!==true||!p.checker_commit');
  });

  test('no gradebook leaves a job unencrypted, and no passphrase means no grading', () => {
    const uploads = [...classYaml.matchAll(/uses: actions\/upload-artifact@[^\n]*\n {8}with:\n {10}name: [^\n]+\n {10}path: ([^\n]+)/g)].map((match) => match[1]!);
    expect(uploads).toEqual(['${{ runner.temp }}/shard.tar.gz.enc', '${{ runner.temp }}/gradebook.tar.gz.enc']);
    expect(classYaml).toMatch(/if \[ -z "\$GRADEBOOK_PASSPHRASE" \]; then/);
    // The refusal is the grading job's first step, says which secret is missing, and fails the job before any submission is fetched.
    const refusal = /\n {6}- name: ([^\n]+)\n {8}run: \|\n {10}if \[ -z "\$GRADEBOOK_PASSPHRASE" \]; then\n {12}echo "::error title=gradebook::set the GRADEBOOK_PASSPHRASE secret[^\n]*\n {12}exit 1\n/.exec(classYaml);
    expect(refusal).not.toBeNull();
    const gradeJob = classYaml.slice(classYaml.indexOf('\n  grade:\n'), classYaml.indexOf('\n  merge:\n'));
    expect(gradeJob.match(/\n {6}- name: ([^\n]+)/)![1]).toBe(refusal![1]);
    expect(classYaml).toMatch(/\n {2}merge:\n {4}needs: grade\n/);
    expect(classYaml.match(/openssl enc -aes-256-cbc -pbkdf2 -iter 600000 -salt -pass env:GRADEBOOK_PASSPHRASE/g)).toHaveLength(2);
  });

  test('every shard grades with the class file and assignment given when the run starts, on its command line', () => {
    expect(classYaml).toMatch(/\n {6}config:\n {8}description: [^\n]+\n {8}required: false\n/);
    expect(classYaml).toMatch(/\n {6}assignment:\n {8}description: [^\n]+\n {8}required: false\n/);
    expect(classYaml).toContain('CLASS_FILE: ${{ inputs.config }}');
    expect(classYaml).toContain('ASSIGNMENT: ${{ inputs.assignment }}');
    expect(classYaml).toContain('[ -n "$CLASS_FILE" ] && class+=(--config "$CLASS_FILE")');
    expect(classYaml).toContain('[ -n "$ASSIGNMENT" ] && class+=(--assignment "$ASSIGNMENT")');
    expect(classYaml).toMatch(/checker\/class\/cli\.ts \.\.\/submissions [^\n]* --sign "\$\{class\[@\]\}"\n/);
    // Inputs reach the script only through the environment, never pasted into it.
    expect(classYaml).not.toMatch(/run: [^\n]*\$\{\{ inputs\./);
    const scripts = [...classText.matchAll(/\n {8}run: \|\n((?: {10}.*\n|\n)+)/g)].map((match) => match[1]!);
    expect(scripts.filter((script) => script.includes('${{ inputs.'))).toEqual([]);
  });

  test('every multi-line run script is valid bash', () => {
    const scripts = [...classText.matchAll(/\n {8}run: \|\n((?: {10}.*\n|\n)+)/g)].map((match) => match[1]!.replace(/^ {10}/gm, ''));
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) expect(spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' }).status, script).toBe(0);
  });
});
