import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAPTERS } from '../../checker/course/current.ts';
import type { ChapterSpec } from '../../checker/manifest/types.ts';
import { FIXTURE_CHAPTERS, FIXTURE_SOLUTIONS, FIXTURE_STARTERS } from './course.ts';
import { rewrite } from './pr-repo.ts';
import { REPO } from './run.ts';
import { committedStarters } from './starters.ts';

/** The kinds of student folder the helpers can build. */
export type Kind = 'solved' | 'unsolved' | 'half' | 'empty' | 'hanging' | 'typeError' | 'notFolder' | 'chaptersOnly';

/** A course to build students from: its chapters, its starters and solutions, and chapter 01's files the kinds change. */
interface StudentCourse {
  chapters: readonly ChapterSpec[];
  starters: () => string;
  solutions: string;
  /** Chapter 01's files that every one of its exercises loads (the hanging student's loop goes into each). */
  loadedByAll: readonly string[];
  /** The chapter 01 file the type-error student breaks. */
  typeErrorFile: string;
}

/** The real course: every exercise of chapter 01 loads server.ts. */
const REAL_STUDENTS: StudentCourse = { chapters: CHAPTERS, starters: committedStarters, solutions: join(REPO, 'solutions'), loadedByAll: ['server.ts'], typeErrorFile: 'rpc.ts' };

/** The fixture course (test/fixtures/course): chapter 01's exercises load numbers.ts (01/1, 01/2) or text.ts (01/3). */
export const FIXTURE_STUDENTS: StudentCourse = { chapters: FIXTURE_CHAPTERS, starters: () => FIXTURE_STARTERS, solutions: FIXTURE_SOLUTIONS, loadedByAll: ['numbers.ts', 'text.ts'], typeErrorFile: 'numbers.ts' };

/**
 * Builds one student folder of the given kind under `dir`. Every chapter of the course is copied; the kinds
 * that solve, hang or break only part of the work do it in chapter 01, and leave the other chapters as starters.
 */
export function makeStudent(dir: string, name: string, kind: Kind, course: StudentCourse = REAL_STUDENTS): void {
  const root = join(dir, name);
  const first = course.chapters.find((chapter) => chapter.id === '01')!.dir;
  const copyChapters = (to: string, solved: (chapter: string) => boolean) => {
    for (const { dir: chapter } of course.chapters) {
      cpSync(join(solved(chapter) ? course.solutions : course.starters(), chapter), join(to, chapter), { recursive: true });
    }
  };
  switch (kind) {
    case 'notFolder':
      writeFileSync(root, 'a zip the student uploaded instead of a folder\n');
      return;
    case 'empty':
      mkdirSync(root, { recursive: true });
      return;
    case 'chaptersOnly':
      copyChapters(root, (chapter) => chapter === first);
      return;
    default:
  }
  const chapters = join(root, 'chapters');
  mkdirSync(chapters, { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"name":"student-copy"}\n');
  const solvedFirst = kind === 'solved' || kind === 'half' || kind === 'typeError';
  copyChapters(chapters, (chapter) => kind === 'solved' || (solvedFirst && chapter === first));
  if (kind === 'hanging') for (const file of course.loadedByAll) rewrite(join(chapters, first, file), (text) => `${text}\nwhile (Date.now() > 0) { /* never ends */ }\n`);
  if (kind === 'typeError') rewrite(join(chapters, first, course.typeErrorFile), (text) => `${text}\nexport const broken: number = 'not a number';\n`);
}

/** Appends a line naming the student to every TypeScript file of a student folder, so no chapter content is shared. */
export function stampEveryFile(root: string, seed: number): void {
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) rewrite(join(entry.parentPath, entry.name), (text) => `${text}\n// student ${seed}\n`);
  }
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
