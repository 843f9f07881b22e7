import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MutantIdentity } from './identity.ts';

/** One reviewed mutant that no test can or should kill, with the reason in one line. */
export interface EquivalentEntry extends MutantIdentity {
  reason: string;
}

/** The reviewed list, kept in the repository beside this tool. */
const EQUIVALENT_FILE = join(import.meta.dirname, 'equivalent.json');

/** Reads the reviewed list of equivalent mutants. */
export function readEquivalents(file = EQUIVALENT_FILE): EquivalentEntry[] {
  const entries = JSON.parse(readFileSync(file, 'utf8')) as EquivalentEntry[];
  for (const entry of entries) {
    for (const key of ['file', 'function', 'mutator', 'original', 'replacement', 'reason'] as const) {
      if (typeof entry[key] !== 'string' || (key === 'reason' && entry.reason.trim() === '')) {
        throw new Error(`${file}: every entry needs a string "${key}"${key === 'reason' ? ' that says why' : ''}: ${JSON.stringify(entry)}`);
      }
    }
  }
  return entries;
}

/** The entry that describes this mutant, if any: every identity field must match. */
export function findEquivalent(entries: readonly EquivalentEntry[], identity: MutantIdentity): EquivalentEntry | undefined {
  return entries.find(
    (entry) =>
      entry.file === identity.file &&
      entry.function === identity.function &&
      entry.mutator === identity.mutator &&
      entry.original === identity.original &&
      entry.replacement === identity.replacement,
  );
}
