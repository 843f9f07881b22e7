/*
 * Reading a lesson's shape, so its Korean (README.md) and English (README.en.md) editions can be compared: headings,
 * exercise sections and their rule sentences, predictions and folded reveals, and code blocks. Pure functions of the
 * Markdown text; test/lesson-parity.test.ts applies them to the course and docs/maintainers/add-chapter.md
 * states the convention they read.
 */

/** The language of a lesson edition: README.md is Korean, README.en.md English. */
export type LessonLang = 'ko' | 'en';

/** One Markdown heading outside code: its level (number of `#`), its text and its 1-based line. */
export interface Heading {
  level: number;
  text: string;
  line: number;
}

/**
 * What a code block may differ in between the two editions, as the marker on the last non-blank line before its
 * opening fence says: `<!-- parity: comments -->` (its comments are translated, the rest is the same) or
 * `<!-- parity: text -->` (the whole block is the lesson's own words, translated; only the info string is the same).
 * Unmarked, a block is the same byte for byte: a program's output is never translated.
 */
export type BlockMarker = 'comments' | 'text';

/** One fenced code block: its info string (`bash`, `text`), its body, the line of its opening fence and its marker. */
export interface CodeBlock {
  info: string;
  body: string;
  line: number;
  marker?: BlockMarker;
}

/** An exercise's section: its heading and its text up to the next heading of level 3 or higher. */
export interface Section {
  heading: Heading;
  text: string;
}

/** The exercise facts a lesson must show: its id and its rule in both languages (the manifest's `rule`). */
export interface LessonExercise {
  id: string;
  rule: Record<LessonLang, string>;
}

/** The marker comment a block may carry, by its word. */
const MARKER = /^<!--\s*parity:\s*(comments|text)\s*-->$/;

/** An opening or closing fence: its indent, its fence characters and what follows. */
const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/** The text of each line, with whether it is inside a fenced code block (fence lines count as inside). */
function linesWithCode(markdown: string): { text: string; inCode: boolean }[] {
  let fence: string | undefined;
  return markdown.split('\n').map((text) => {
    const found = FENCE.exec(text);
    if (fence === undefined && found) {
      fence = found[2]!;
      return { text, inCode: true };
    }
    if (fence !== undefined) {
      if (found && found[2]!.startsWith(fence[0]!) && found[2]!.length >= fence.length && found[3]!.trim() === '') fence = undefined;
      return { text, inCode: true };
    }
    return { text, inCode: false };
  });
}

/** Every heading of a lesson outside its code blocks, in order. */
export function lessonHeadings(markdown: string): Heading[] {
  return linesWithCode(markdown).flatMap(({ text, inCode }, index) => {
    const found = inCode ? null : /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
    return found ? [{ level: found[1]!.length, text: found[2]!, line: index + 1 }] : [];
  });
}

/** Every fenced code block of a lesson, in order, with the marker that stands before it. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let at = 0; at < lines.length; at += 1) {
    const open = FENCE.exec(lines[at]!);
    if (!open) continue;
    const [, indent, fence, info] = open as unknown as [string, string, string, string];
    let end = at + 1;
    while (end < lines.length) {
      const close = FENCE.exec(lines[end]!);
      if (close && close[2]!.startsWith(fence[0]!) && close[2]!.length >= fence.length && close[3]!.trim() === '') break;
      end += 1;
    }
    let before = at - 1;
    while (before >= 0 && lines[before]!.trim() === '') before -= 1;
    const marker = before >= 0 ? MARKER.exec(lines[before]!.trim())?.[1] as BlockMarker | undefined : undefined;
    const body = lines.slice(at + 1, end).map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n');
    blocks.push({ info: info.trim(), body, line: at + 1, ...(marker ? { marker } : {}) });
    at = end;
  }
  return blocks;
}

/**
 * A code block's body without its comments: from `#` or `//` at the start of a line or after white space to the end
 * of the line, trailing white space trimmed, lines left empty dropped. Used only on blocks marked `comments`.
 */
export function withoutComments(body: string): string {
  return body
    .split('\n')
    .map((line) => line.replace(/(^|\s)(#|\/\/).*$/, '').trimEnd())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The order of predictions (`P`) and folded reveals (`R`) in each part of a lesson (the text under one heading). A
 * reveal is a `<details>` line; a prediction is a paragraph or list item outside any reveal that asks something: it
 * holds a `?` outside inline code. Headings, code blocks and HTML comments are neither.
 */
export function predictionFlow(markdown: string): { heading: Heading | undefined; flow: string }[] {
  const headings = lessonHeadings(markdown);
  const parts: { heading: Heading | undefined; flow: string }[] = [{ heading: undefined, flow: '' }];
  let depth = 0;
  let block: string[] = [];
  const close = () => {
    if (block.length > 0 && depth === 0 && /[?？]/.test(block.join(' ').replace(/`[^`]*`/g, ''))) parts[parts.length - 1]!.flow += 'P';
    block = [];
  };
  linesWithCode(markdown).forEach(({ text, inCode }, index) => {
    const line = text.trim();
    const heading = inCode ? undefined : headings.find((entry) => entry.line === index + 1);
    if (heading) {
      close();
      parts.push({ heading, flow: '' });
    } else if (inCode || line === '' || line.startsWith('<!--')) {
      close();
    } else if (line === '<details>') {
      close();
      if (depth === 0) parts[parts.length - 1]!.flow += 'R';
      depth += 1;
    } else if (line === '</details>') {
      close();
      depth = Math.max(0, depth - 1);
    } else {
      if (/^(\d+\.|[-*+])\s/.test(line)) close();
      block.push(line);
    }
  });
  close();
  return parts;
}

/** True when a heading line is the heading of this exercise in a lesson of this language. */
function namesExercise(heading: Heading, exerciseId: string, lang: LessonLang): boolean {
  if (heading.level !== 3) return false;
  const number = Number(exerciseId.split('/')[1]);
  const id = exerciseId.replace('/', '\\/');
  const byNumber = lang === 'ko' ? new RegExp(`^연습 ${number}:`) : new RegExp(`^Exercise ${number}:`);
  return new RegExp(`(^|[^\\d/])${id}(?!\\d)`).test(heading.text) || byNumber.test(heading.text);
}

/**
 * The section of an exercise: the level-3 heading that names its id (`05/1`), or in chapter 1's style `연습 N:` in
 * Korean and `Exercise N:` in English, and its text up to the next heading of level 3 or higher.
 */
export function exerciseSection(markdown: string, exerciseId: string, lang: LessonLang): Section | undefined {
  const headings = lessonHeadings(markdown);
  const at = headings.findIndex((heading) => namesExercise(heading, exerciseId, lang));
  if (at === -1) return undefined;
  const heading = headings[at]!;
  const next = headings.slice(at + 1).find((entry) => entry.level <= 3);
  const lines = markdown.split('\n');
  return { heading, text: lines.slice(heading.line - 1, next ? next.line - 1 : lines.length).join('\n') };
}

/** Text as the rule check reads it: inline-code backticks and bold markers dropped, white space collapsed. */
function plain(text: string): string {
  return text.replace(/`/g, '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

/** True when a section states the rule word for word (backticks, bold and line breaks aside). */
export function statesRule(section: string, rule: string): boolean {
  return plain(section).includes(plain(rule));
}

/** A line of text shortened for a message. */
function clip(text: string | undefined, width = 80): string {
  if (text === undefined) return '(nothing)';
  return JSON.stringify(text.length > width ? `${text.slice(0, width)}…` : text);
}

/** The first line at which two texts differ, 1-based, with both lines. */
function firstDifference(a: string, b: string): { line: number; a: string | undefined; b: string | undefined } {
  const left = a.split('\n');
  const right = b.split('\n');
  let at = 0;
  while (at < Math.max(left.length, right.length) && left[at] === right[at]) at += 1;
  return { line: at + 1, a: left[at], b: right[at] };
}

/** The names the messages give the two editions, such as `chapters/05-mcp-host/README.md`. */
export interface EditionNames {
  ko: string;
  en: string;
}

/** Where the headings of the two editions stop having the same levels, or nothing when they match. */
function headingProblems(ko: string, en: string, names: EditionNames): string[] {
  const left = lessonHeadings(ko);
  const right = lessonHeadings(en);
  for (let at = 0; at < Math.max(left.length, right.length); at += 1) {
    const a = left[at];
    const b = right[at];
    if (a?.level === b?.level) continue;
    const show = (heading: Heading | undefined, name: string) => (heading ? `${name}:${heading.line} ${'#'.repeat(heading.level)} ${heading.text}` : `${name}: no heading`);
    return [`headings differ from heading ${at + 1} on (${left.length} in ${names.ko}, ${right.length} in ${names.en}): ${show(a, names.ko)} | ${show(b, names.en)}`];
  }
  return [];
}

/** Exercise sections missing, out of place, or without their rule sentence, in either edition. */
function exerciseProblems(ko: string, en: string, exercises: readonly LessonExercise[], names: EditionNames): string[] {
  const problems: string[] = [];
  const texts = { ko, en };
  const index = { ko: lessonHeadings(ko), en: lessonHeadings(en) };
  for (const exercise of exercises) {
    const found: Partial<Record<LessonLang, Section>> = {};
    for (const lang of ['ko', 'en'] as const) {
      const section = exerciseSection(texts[lang], exercise.id, lang);
      const like = lang === 'ko' ? `"### ${exercise.id} …" or "### 연습 ${Number(exercise.id.split('/')[1])}: …"` : `"### ${exercise.id} …" or "### Exercise ${Number(exercise.id.split('/')[1])}: …"`;
      if (!section) {
        problems.push(`${names[lang]} has no section for exercise ${exercise.id} (a heading like ${like})`);
        continue;
      }
      found[lang] = section;
      if (!statesRule(section.text, exercise.rule[lang])) {
        problems.push(`${names[lang]}:${section.heading.line} (${exercise.id}) does not state the manifest's rule.${lang} word for word; add it to the section: ${clip(exercise.rule[lang], 120)}`);
      }
    }
    if (found.ko && found.en) {
      const ko = index.ko.findIndex((heading) => heading.line === found.ko!.heading.line);
      const en = index.en.findIndex((heading) => heading.line === found.en!.heading.line);
      if (ko !== en) problems.push(`exercise ${exercise.id} is heading ${ko + 1} of ${names.ko}:${found.ko.heading.line} but heading ${en + 1} of ${names.en}:${found.en.heading.line}`);
    }
  }
  return problems;
}

/** Parts of the lesson whose predictions and reveals come in another number or order in the two editions. */
function predictionProblems(ko: string, en: string, names: EditionNames): string[] {
  const left = predictionFlow(ko);
  const right = predictionFlow(en);
  const problems: string[] = [];
  const where = (heading: Heading | undefined, name: string) => (heading ? `${name}:${heading.line} "${heading.text}"` : `${name} before its first heading`);
  const count = (flow: string, what: string) => [...flow].filter((letter) => letter === what).length;
  for (let at = 0; at < Math.min(left.length, right.length); at += 1) {
    const a = left[at]!;
    const b = right[at]!;
    if (a.flow === b.flow) continue;
    problems.push(
      `${where(a.heading, names.ko)} has ${count(a.flow, 'P')} predictions and ${count(a.flow, 'R')} reveals in the order ${a.flow || '(none)'}, ` +
        `${where(b.heading, names.en)} ${count(b.flow, 'P')} and ${count(b.flow, 'R')} in the order ${b.flow || '(none)'} ` +
        '(P: a paragraph or list item outside <details> that asks a question, R: <details>)',
    );
  }
  return problems;
}

/** Code blocks that differ beyond what their markers allow, each named by its number and both lines. */
function codeProblems(ko: string, en: string, names: EditionNames): string[] {
  const left = codeBlocks(ko);
  const right = codeBlocks(en);
  const problems: string[] = [];
  if (left.length !== right.length) problems.push(`${names.ko} has ${left.length} code blocks, ${names.en} ${right.length}`);
  for (let at = 0; at < Math.min(left.length, right.length); at += 1) {
    const a = left[at]!;
    const b = right[at]!;
    const which = `code block ${at + 1} (${names.ko}:${a.line}, ${names.en}:${b.line})`;
    if (a.marker !== b.marker) {
      problems.push(`${which}: marked ${a.marker ?? 'nothing'} in ${names.ko} but ${b.marker ?? 'nothing'} in ${names.en}; the same <!-- parity: … --> marker goes before it in both`);
      continue;
    }
    if (a.info !== b.info) {
      problems.push(`${which}: info string ${clip(a.info)} vs ${clip(b.info)}`);
      continue;
    }
    if (a.marker === 'text') continue;
    const [x, y] = a.marker === 'comments' ? [withoutComments(a.body), withoutComments(b.body)] : [a.body, b.body];
    if (x === y) continue;
    const diff = firstDifference(x, y);
    const allowed = a.marker === 'comments' ? ' (comments aside)' : ' (unmarked: byte for byte; mark it <!-- parity: comments --> or <!-- parity: text --> in both files if the lesson translates it)';
    problems.push(`${which} differs${allowed} at its line ${diff.line}: ${clip(diff.a)} vs ${clip(diff.b)}`);
  }
  return problems;
}

/**
 * Every way the two editions of a lesson disagree, as messages naming file:line: headings, exercise sections and
 * their rules, predictions and reveals, and code blocks. Empty when they are parallel.
 */
export function lessonDifferences(ko: string, en: string, exercises: readonly LessonExercise[], names: EditionNames): string[] {
  return [...headingProblems(ko, en, names), ...exerciseProblems(ko, en, exercises, names), ...predictionProblems(ko, en, names), ...codeProblems(ko, en, names)];
}
