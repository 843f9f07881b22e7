import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { committedStarters } from '../support/starters.ts';

/** The repository these helpers copy from. */
export const REPO = resolve(import.meta.dirname, '..', '..');

/** The kinds of student folder the helpers can build. */
export type Kind = 'solved' | 'unsolved' | 'half' | 'empty' | 'hanging' | 'typeError' | 'notFolder' | 'chaptersOnly' | 'unique';

/** Builds one student folder of the given kind under `dir`; `seed` makes `unique` folders differ byte for byte. */
export function makeStudent(dir: string, name: string, kind: Kind, seed = 0): void {
  const root = join(dir, name);
  const from = (tree: 'chapters' | 'solutions', chapter: string, to: string) =>
    cpSync(join(tree === 'chapters' ? committedStarters() : join(REPO, 'solutions'), chapter), join(to, chapter), { recursive: true });
  switch (kind) {
    case 'notFolder':
      writeFileSync(root, 'a zip the student uploaded instead of a folder\n');
      return;
    case 'empty':
      mkdirSync(root, { recursive: true });
      return;
    case 'chaptersOnly':
      from('solutions', '01-mini-mcp', root);
      from('chapters', '02-two-sided-allowlists', root);
      return;
    default:
  }
  const chapters = join(root, 'chapters');
  mkdirSync(chapters, { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"name":"student-copy"}\n');
  const solvedFirst = kind === 'solved' || kind === 'half' || kind === 'typeError' || kind === 'unique';
  from(solvedFirst ? 'solutions' : 'chapters', '01-mini-mcp', chapters);
  from(kind === 'solved' || kind === 'unique' ? 'solutions' : 'chapters', '02-two-sided-allowlists', chapters);
  if (kind === 'hanging') edit(join(chapters, '01-mini-mcp', 'server.ts'), (text) => `${text}\nwhile (Date.now() > 0) { /* never ends */ }\n`);
  if (kind === 'typeError') edit(join(chapters, '01-mini-mcp', 'rpc.ts'), (text) => `${text}\nexport const broken: number = 'not a number';\n`);
  if (kind === 'unique') {
    for (const chapter of ['01-mini-mcp', '02-two-sided-allowlists']) {
      edit(join(chapters, chapter, 'main.ts'), (text) => `${text}\n// student ${seed}\n`);
    }
  }
}

function edit(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of fields; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
