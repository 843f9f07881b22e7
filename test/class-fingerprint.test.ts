import { cpSync, mkdtempSync, rmSync, writeFileSync, appendFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fingerprintChapter, importsFromOutside } from '../checker/class/fingerprint.ts';
import { CHAPTERS } from '../checker/course.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

const work = mkdtempSync(join(tmpdir(), 'batch-print-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('chapter fingerprints (which submissions may share one grading)', () => {
  test('equal bytes give equal prints; any change to a copied file gives another', () => {
    const a = join(work, 'a');
    const b = join(work, 'b');
    cpSync(join(committedStarters(), '01-mini-mcp'), a, { recursive: true });
    cpSync(join(committedStarters(), '01-mini-mcp'), b, { recursive: true });
    expect(fingerprintChapter(a).hash).toBe(fingerprintChapter(b).hash);
    appendFileSync(join(b, 'server.ts'), ' ');
    expect(fingerprintChapter(a).hash).not.toBe(fingerprintChapter(b).hash);
  });

  test('ignores what the checker does not copy: dot files, node_modules and links', () => {
    const a = join(work, 'c');
    cpSync(join(committedStarters(), '01-mini-mcp'), a, { recursive: true });
    const before = fingerprintChapter(a).hash;
    writeFileSync(join(a, '.notes'), 'x');
    symlinkSync('/etc/hostname', join(a, 'link.ts'));
    expect(fingerprintChapter(a).hash).toBe(before);
  });

  test('the starters and solutions stay inside their chapter; imports leaving it are noticed', () => {
    for (const tree of [committedStarters(), join(REPO, 'solutions')]) {
      for (const chapter of CHAPTERS) expect(fingerprintChapter(join(tree, chapter.dir)).reachesOut).toBe(false);
    }
    expect(importsFromOutside("import { x } from '../01-mini-mcp/rpc.ts';")).toBe(true);
    expect(importsFromOutside("export * from '/tmp/x.ts';")).toBe(true);
    expect(importsFromOutside('const m = await import(name);')).toBe(true);
    expect(importsFromOutside("import { x } from './rpc.ts';\nconst y = await import('./server.ts');")).toBe(false);
  });
});
