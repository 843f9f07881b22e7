import { TextDecoder } from 'node:util';
import yauzl from 'yauzl';
import type { Entry } from 'yauzl';

/** How a ZIP entry's name was written: UTF-8 (flagged, or plain ASCII, or valid UTF-8 without the flag), CP949 or CP437. */
export type NameEncoding = 'utf8' | 'cp949' | 'cp437';

/** An entry's name as the checker reads it, how it was encoded, and whether it used `\` as its separator. */
export interface EntryName {
  name: string;
  encoding: NameEncoding;
  backslashes: boolean;
}

/** The general purpose flag bit that marks an entry's name as UTF-8 (APPNOTE 4.4.4, bit 11). */
const UTF8_FLAG = 0x800;
/** Info-ZIP's Unicode Path extra field, which carries a UTF-8 name beside a legacy one. */
const UNICODE_PATH = 0x7075;

/**
 * Decoders of the WHATWG Encoding Standard, built into Node (full ICU), so no code page table is written or vendored
 * here: `euc-kr` in that standard is Windows code page 949, the superset Korean Windows writes. `fatal` makes a name
 * that is not valid in the encoding fail rather than turn into replacement characters.
 */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const CP949 = new TextDecoder('euc-kr', { fatal: true });

/**
 * Reads an entry's raw name (yauzl opened with `decodeStrings: false`). A name flagged UTF-8, or carrying a Unicode
 * Path field, is read as yauzl reads it. A name without the flag is what Windows' Explorer writes in the system's
 * code page: plain ASCII and valid UTF-8 (macOS and most tools) are read as UTF-8; otherwise CP949, which Explorer
 * writes on Korean Windows; otherwise CP437, the ZIP format's own default. Windows tools that write `\` as the
 * separator (.NET Framework's ZipFile, old PowerShell) have it read as `/`, so the name is checked for escapes as a path.
 */
export function entryName(entry: Entry): EntryName {
  const raw = entry.fileNameRaw;
  const flagged = (entry.generalPurposeBitFlag & UTF8_FLAG) !== 0 || entry.extraFields.some((field) => field.id === UNICODE_PATH);
  let name: string;
  let encoding: NameEncoding;
  if (flagged) {
    name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
    encoding = 'utf8';
  } else {
    const utf8 = decodeOrNull(UTF8, raw);
    const cp949 = utf8 === null ? decodeOrNull(CP949, raw) : null;
    if (utf8 !== null) [name, encoding] = [utf8, 'utf8'];
    else if (cp949 !== null) [name, encoding] = [cp949, 'cp949'];
    else [name, encoding] = [yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true), 'cp437'];
  }
  const backslashes = name.includes('\\');
  return { name: name.replace(/\\/g, '/'), encoding, backslashes };
}

/** The bytes decoded, or null when they are not valid in that encoding. */
function decodeOrNull(decoder: TextDecoder, bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}
