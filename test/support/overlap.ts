/**
 * Measures how closely lesson prose follows a seed chapter, sentence by sentence.
 *
 * Rules (the lesson-overlap test documents why):
 * - A sentence is compared as its letters and digits only (NFC, lower case): spacing, punctuation and
 *   Markdown marks do not count, so re-spacing or re-punctuating a copied sentence does not hide it.
 * - Its fingerprint is the set of character 4-grams of that text.
 * - Overlap = shared 4-grams / the lesson sentence's 4-grams: how much of *our* sentence is the seed's.
 * - Exempt from the lesson side: fenced code blocks (code, program output, diagrams), inline code
 *   (identifiers, quoted output, the error messages the seeds fix), HTML tags and link targets.
 * - A table row counts as one sentence, like a tab-separated table line in a seed.
 * - Sentences shorter than MIN_CHARS letters are skipped: short phrases coincide by chance.
 */

/** The n in character n-grams. */
const GRAM = 4;

/** Lesson sentences with fewer letters and digits than this are not compared. */
export const MIN_CHARS = 16;

/** A lesson sentence sharing more than this share of its 4-grams with one seed sentence is a copy. */
export const MAX_OVERLAP = 0.5;

/** One sentence, where it starts (1-based line) and, for a seed, which file it came from. */
export interface Sentence {
  text: string;
  line: number;
  source?: string;
}

/** A lesson sentence, the seed sentence it is closest to, and the share of its 4-grams found there. */
export interface Match {
  lesson: Sentence;
  seed: Sentence;
  overlap: number;
}

/** Letters and digits only, NFC, lower case. */
function normalise(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The set of character n-grams of normalised text. */
export function grams(text: string): Set<string> {
  const chars = Array.from(normalise(text));
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= chars.length; i += 1) out.add(chars.slice(i, i + GRAM).join(''));
  return out;
}

/** The share of the lesson sentence's n-grams that also occur in the seed sentence. */
export function overlap(lesson: ReadonlySet<string>, seed: ReadonlySet<string>): number {
  if (lesson.size === 0) return 0;
  let shared = 0;
  for (const gram of lesson) if (seed.has(gram)) shared += 1;
  return shared / lesson.size;
}

/** Splits one paragraph into sentences at ., ? or ! followed by a space. */
function splitParagraph(text: string, line: number): Sentence[] {
  return text
    .split(/(?<=[.?!])\s+/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => ({ text: part, line }));
}

/** Sentences of a plain-text seed: each line is split at sentence ends; tab-separated table lines stay whole. */
export function seedSentences(text: string): Sentence[] {
  return text.split('\n').flatMap((raw, index) => splitParagraph(raw.replace(/\t/g, ' '), index + 1));
}

/** Removes what the overlap check exempts from one line of Markdown prose. */
function stripInline(line: string): string {
  return line
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/** What a block of lesson prose is: a paragraph, one list item, one table row, or a heading. */
type BlockKind = 'paragraph' | 'item' | 'row' | 'heading';

/** One block of lesson prose, with code, inline code and tags already removed, and the line it starts on. */
interface Block {
  kind: BlockKind;
  text: string;
  line: number;
}

/** The prose blocks of a Markdown lesson in order, without code blocks, inline code or tags; a table row's cells are joined by spaces. */
export function lessonBlocks(markdown: string): Block[] {
  const out: Block[] = [];
  let paragraph: string[] = [];
  let kind: BlockKind = 'paragraph';
  let start = 0;
  let fence: string | null = null;
  const flush = (): void => {
    if (paragraph.length > 0) out.push({ kind, text: paragraph.join(' '), line: start });
    paragraph = [];
  };
  markdown.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence !== null) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      return;
    }
    if (fenceMark !== undefined) {
      flush();
      fence = fenceMark;
      return;
    }
    const text = stripInline(raw).trim();
    if (text.startsWith('|')) {
      flush();
      if (!/^\|[\s|:-]*\|?$/.test(text)) out.push({ kind: 'row', text: text.split('|').join(' ').trim(), line });
      return;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(text);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(text.replace(/^>\s?/, ''));
    if (text === '' || heading !== null || item !== null) flush();
    if (heading !== null) {
      out.push({ kind: 'heading', text: heading[1] ?? '', line });
      return;
    }
    const body = (item?.[1] ?? text.replace(/^>\s?/, '')).trim();
    if (body === '') return;
    if (paragraph.length === 0) {
      start = line;
      kind = item !== null ? 'item' : 'paragraph';
    }
    paragraph.push(body);
  });
  flush();
  return out;
}

/** Sentences of a Markdown lesson, without code blocks, inline code or tags; a table row is one sentence. */
export function lessonSentences(markdown: string): Sentence[] {
  return lessonBlocks(markdown).flatMap((block) =>
    block.kind === 'row' ? [{ text: block.text, line: block.line }] : splitParagraph(block.text, block.line),
  );
}

/** For each long-enough lesson sentence, its closest seed sentence; sorted by overlap, highest first. */
export function closestMatches(lesson: readonly Sentence[], seed: readonly Sentence[]): Match[] {
  const seedGrams = seed.map((sentence) => ({ sentence, grams: grams(sentence.text) })).filter((entry) => entry.grams.size > 0);
  const matches: Match[] = [];
  for (const sentence of lesson) {
    if (Array.from(normalise(sentence.text)).length < MIN_CHARS) continue;
    const own = grams(sentence.text);
    let best: Match | null = null;
    for (const candidate of seedGrams) {
      const share = overlap(own, candidate.grams);
      if (best === null || share > best.overlap) best = { lesson: sentence, seed: candidate.sentence, overlap: share };
    }
    if (best !== null) matches.push(best);
  }
  return matches.sort((a, b) => b.overlap - a.overlap);
}
