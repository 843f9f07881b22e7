import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { getCurrentTest } from 'vitest/suite';

/**
 * A fresh temporary folder, removed after the tests of the file or describe block that calls this. Called while the
 * file loads, only its name is chosen then: the folder is made in a beforeAll, so loading the file (as `vitest list`
 * does) writes nothing, and a file that writes into it while loading fails here on the folder already being there.
 * Fill it in a beforeAll or a test. Called inside a test, the folder is made at once.
 */
export function tempDir(prefix: string): string {
  const dir = join(tmpdir(), `unit-${prefix}-${randomUUID().slice(0, 8)}`);
  if (getCurrentTest() === undefined) {
    beforeAll(() => {
      mkdirSync(dir);
    });
  } else {
    mkdirSync(dir);
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes files given by path relative to `root`, making their folders; returns `root`. */
export function writeTree(root: string, files: Record<string, string | Buffer>): string {
  mkdirSync(root, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}
