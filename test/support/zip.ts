import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a ZIP the tests build: its name as written (even one that escapes), its bytes, and a Unix mode. */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Unix mode bits; 0o120777 makes a symbolic link whose target is `data`. */
  mode?: number;
  /** The name's bytes as written, instead of `name` in UTF-8 (a legacy code page, as Windows' Explorer writes). */
  rawName?: Buffer;
  /** False writes the name without the UTF-8 flag (general purpose bit 11), as Windows' Explorer and old tools do. */
  utf8?: boolean;
}

/**
 * Writes a ZIP by hand (deflated entries, Unix attributes), so a test can build the hostile archives a real
 * archiver refuses to write: names with `..`, links, and entries that inflate far beyond their size.
 */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = entry.rawName ?? Buffer.from(entry.name, 'utf8');
    const flags = entry.utf8 === false ? 0 : 0x0800;
    const packed = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Every file under `dir` as ZIP entries named `prefix/<path inside dir>`. */
export function entriesFrom(dir: string, prefix: string): ZipEntry[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { name: `${prefix}/${relative(dir, file)}`, data: readFileSync(file) };
    });
}

/** Every file under `dir` as ZIP entries named `prefix\\<path inside dir>` with `\\` separators and no UTF-8 flag, as .NET Framework's ZipFile writes them. */
export function backslashEntriesFrom(dir: string, prefix: string): ZipEntry[] {
  return entriesFrom(dir, prefix).map((entry) => ({ ...entry, name: entry.name.replace(/\//g, '\\'), utf8: false }));
}

/**
 * Every file under `dir` as ZIP entries under a folder whose name is `folder`, bytes in a legacy code page (CP949 from
 * Korean Windows' Explorer), and no UTF-8 flag on any entry, as Explorer writes them.
 */
export function legacyEntriesFrom(dir: string, folder: Buffer): ZipEntry[] {
  return entriesFrom(dir, 'x').map((entry) => ({ ...entry, rawName: Buffer.concat([folder, Buffer.from(entry.name.slice(1), 'ascii')]), utf8: false }));
}
