import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { signature, verifySignature } from '../../trust/sign.ts';

/*
 * A gradebook folder signed as grade:pr signs its report (trust/sign.ts): `grade --sign` reads a key on standard
 * input before any learner code runs, and writes signatures.json (each file's SHA-256) with signatures.json.sig.
 * The trusted side, which made the key, verifies the folder: a row rewritten by code that got out of the sandbox, a
 * file added or one taken away, and the shard is refused.
 */

/** The file that lists every file of a signed gradebook folder with its SHA-256. */
export const SIGNATURES = 'signatures.json';

/** Every file under a folder, by its path inside it joined with `/`, in code-unit order. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** The SHA-256 of each file under `dir` but the signatures themselves. */
function digests(dir: string): [string, string][] {
  return filesUnder(dir)
    .filter((file) => file !== SIGNATURES && file !== `${SIGNATURES}.sig`)
    .map((file) => [file, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex')]);
}

/** Signs every file now in `dir` under `key`. */
export function signGradebook(dir: string, key: string): void {
  const text = `${JSON.stringify({ files: Object.fromEntries(digests(dir)) }, null, 2)}\n`;
  writeFileSync(join(dir, SIGNATURES), text);
  writeFileSync(join(dir, `${SIGNATURES}.sig`), signature(key, text));
}

/** Why a signed gradebook folder fails verification, or null when every file is as the grader signed it and there is no other. */
export function verifyGradebook(dir: string, key: string): string | null {
  const list = join(dir, SIGNATURES);
  if (!existsSync(list) || !existsSync(`${list}.sig`)) return SIGNATURES;
  const text = readFileSync(list, 'utf8');
  if (!verifySignature(key, text, readFileSync(`${list}.sig`, 'utf8'))) return `${SIGNATURES}.sig`;
  const signed = new Map(Object.entries((JSON.parse(text) as { files: Record<string, string> }).files));
  const found = new Map(digests(dir));
  for (const [file, sha] of found) if (signed.get(file) !== sha) return file;
  for (const file of signed.keys()) if (!found.has(file)) return file;
  return null;
}
