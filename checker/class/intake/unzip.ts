import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

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

/**
 * Unpacks a student's ZIP into `into`, all or nothing in effect: it skips node_modules/ and .git/ unread, refuses
 * (throws ZipRefused) any other entry that is a link or whose name leaves the folder, and stops at ZIP_LIMITS, counting the bytes actually inflated,
 * not the sizes the archive claims. yauzl reads entries one at a time and validates names and sizes itself,
 * which is why it was chosen over an in-memory unzip: a size bomb is stopped while it inflates.
 */
export async function unzipSubmission(file: string, into: string): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await new Promise<ZipFile>((done, fail) =>
      yauzl.open(file, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, opened) => (error || !opened ? fail(error) : done(opened))),
    );
  } catch {
    throw new ZipRefused('unreadable', '');
  }
  let entries = 0;
  let listed = 0;
  let bytes = 0;
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

  async function handle(entry: Entry): Promise<void> {
    listed += 1;
    if (listed > ZIP_LISTED_LIMIT) throw new ZipRefused('too-many', entry.fileName);
    const name = entry.fileName;
    if (isSkippedEntry(name)) return;
    entries += 1;
    if (entries > ZIP_LIMITS.entries) throw new ZipRefused('too-many', entry.fileName);
    const target = normalize(join(into, name));
    if (name.startsWith('/') || name.includes('\\') || !target.startsWith(`${normalize(into)}${sep}`)) throw new ZipRefused('escapes', name);
    if (((entry.externalFileAttributes >>> 16) & TYPE_MASK) === LINK) throw new ZipRefused('link', name);
    if (name.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      return;
    }
    if (bytes + entry.uncompressedSize > ZIP_LIMITS.bytes) throw new ZipRefused('too-big', name);
    mkdirSync(dirname(target), { recursive: true });
    const stream = await new Promise<NodeJS.ReadableStream>((done, fail) => zip.openReadStream(entry, (error, opened) => (error || !opened ? fail(new ZipRefused('unreadable', name)) : done(opened))));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        bytes += chunk.length;
        next(bytes > ZIP_LIMITS.bytes ? new ZipRefused('too-big', name) : null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(target));
    } catch (error) {
      throw error instanceof ZipRefused ? error : new ZipRefused('unreadable', name);
    }
  }
}
