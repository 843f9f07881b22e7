import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { entryName } from './zip-names.ts';
import type { NameEncoding } from './zip-names.ts';

/** The most a submission's ZIP may unpack to, in bytes and in entries: a course copy is far smaller. */
export const ZIP_LIMITS = { bytes: 50_000_000, entries: 5_000 } as const;

/** The most entries a ZIP may list at all, skipped ones included, so reading its directory ends in bounded time. */
export const ZIP_LISTED_LIMIT = 500_000;

/**
 * Folders of a working copy that no grader reads: what `npm ci` installs and git's own store. Their entries are
 * skipped unread and uncounted, links among them too, so a ZIP of a whole working copy grades as the course it holds.
 */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** True for a ZIP entry inside node_modules/ or .git/ at any depth (see SKIPPED_FOLDERS). */
export function isSkippedEntry(name: string): boolean {
  return name.split('/').some((part) => SKIPPED_FOLDERS.has(part));
}

/** Why a ZIP was not unpacked: the checker says so in the student's row. */
export type ZipRefusal = 'unreadable' | 'escapes' | 'link' | 'too-big' | 'too-many';

/** A ZIP that was refused, with the entry that made it so (when one did). */
export class ZipRefused extends Error {
  constructor(
    readonly why: ZipRefusal,
    readonly entry: string,
  ) {
    super(`zip refused: ${why} ${entry}`);
  }
}

/** The type bits of a Unix mode in a ZIP entry's external attributes, and the value that marks a symbolic link. */
const TYPE_MASK = 0o170000;
const LINK = 0o120000;

/** What unpacking a ZIP noticed that grading did not refuse: legacy name encodings and `\\` separators, said in the student's row. */
export interface ZipNotes {
  /** The legacy encodings its names were read in (never `utf8`): CP949 from Korean Windows, CP437 the format's default. */
  encodings: Exclude<NameEncoding, 'utf8'>[];
  /** True when its names used `\\` as their separator, as some Windows tools write them. */
  backslashes: boolean;
}

/** What one submission has unpacked so far, over every level of ZIPs inside ZIPs: the limits count all of it together. */
export interface ZipBudget {
  bytes: number;
  entries: number;
  listed: number;
}

/** A fresh budget for one submission. */
export function newBudget(): ZipBudget {
  return { bytes: 0, entries: 0, listed: 0 };
}

/**
 * Unpacks a student's ZIP into `into`, all or nothing in effect: it skips node_modules/ and .git/ unread, refuses
 * (throws ZipRefused) any other entry that is a link or whose name leaves the folder, and stops at `limits`, counting the bytes actually inflated,
 * not the sizes the archive claims, into `budget` (shared by the ZIPs inside a submission's ZIP, so each level is held to what is left).
 * yauzl reads entries one at a time and validates sizes itself, which is why it was chosen over an in-memory unzip: a
 * size bomb is stopped while it inflates. Names are read by zip-names.ts (legacy encodings, `\\` separators) and then
 * checked here as yauzl's own validateFileName checks them.
 */
export async function unzipSubmission(file: string, into: string, limits: { bytes: number; entries: number } = ZIP_LIMITS, budget: ZipBudget = newBudget()): Promise<ZipNotes> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((done, fail) =>
      yauzl.open(file, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, opened) => (error || !opened ? fail(error) : done(opened))),
    );
  } catch {
    throw new ZipRefused('unreadable', '');
  }
  const encodings = new Set<Exclude<NameEncoding, 'utf8'>>();
  let backslashes = false;
  try {
    await new Promise<void>((done, fail) => {
      zip.on('error', (error: Error) => fail(error instanceof ZipRefused ? error : new ZipRefused(/file name|path/i.test(error.message) ? 'escapes' : 'unreadable', '')));
      zip.on('end', () => done());
      zip.on('entry', (entry: Entry) => {
        handle(entry).then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { encodings: [...encodings], backslashes };

  async function handle(entry: Entry): Promise<void> {
    budget.listed += 1;
    const read = entryName(entry);
    const name = read.name;
    if (budget.listed > ZIP_LISTED_LIMIT) throw new ZipRefused('too-many', name);
    if (isSkippedEntry(name)) return;
    budget.entries += 1;
    if (budget.entries > limits.entries) throw new ZipRefused('too-many', name);
    const target = normalize(join(into, name));
    if (yauzl.validateFileName(name) !== null || !target.startsWith(`${normalize(into)}${sep}`)) throw new ZipRefused('escapes', name);
    if (((entry.externalFileAttributes >>> 16) & TYPE_MASK) === LINK) throw new ZipRefused('link', name);
    if (read.encoding !== 'utf8') encodings.add(read.encoding);
    backslashes ||= read.backslashes;
    if (name.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      return;
    }
    if (budget.bytes + entry.uncompressedSize > limits.bytes) throw new ZipRefused('too-big', name);
    mkdirSync(dirname(target), { recursive: true });
    const stream = await new Promise<NodeJS.ReadableStream>((done, fail) => zip.openReadStream(entry, (error, opened) => (error || !opened ? fail(new ZipRefused('unreadable', name)) : done(opened))));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        budget.bytes += chunk.length;
        next(budget.bytes > limits.bytes ? new ZipRefused('too-big', name) : null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(target));
    } catch (error) {
      throw error instanceof ZipRefused ? error : new ZipRefused('unreadable', name);
    }
  }
}
