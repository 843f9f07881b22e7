import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './run.ts';

/** A line-level change to one learner file: text put before the file, or a replacement. */
export interface Sabotage {
  file: string;
  prepend?: string;
  find?: string;
  replace?: string;
}

/** A copy of the solutions with hostile code planted in it. */
export function hostileCopy(changes: readonly Sabotage[]): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'hostile-')), 'chapters');
  cpSync(join(REPO, 'solutions'), dir, { recursive: true });
  for (const change of changes) {
    const path = join(dir, change.file);
    let text = readFileSync(path, 'utf8');
    if (change.find !== undefined) {
      if (!text.includes(change.find)) throw new Error(`${change.find} not in ${change.file}`);
      text = text.replace(change.find, () => change.replace ?? '');
    }
    writeFileSync(path, `${change.prepend ?? ''}${text}`);
  }
  return dir;
}
