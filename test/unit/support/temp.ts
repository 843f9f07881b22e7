import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';

/** A fresh temporary folder, removed after the tests of the file or describe block that calls this (not from inside a test). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `unit-${prefix}-`));
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
