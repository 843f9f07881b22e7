/**
 * Measures whether a lesson retells a seed chapter paragraph by paragraph, in the seed's order, even when every
 * sentence is new (the 4-gram check in ./overlap.ts catches copied sentences, not a copied outline).
 *
 * Rules (the lesson-overlap test documents why and what the lessons measured):
 * - Units: a lesson's paragraphs, list items and table rows (lessonBlocks, headings left out); a seed's non-empty
 *   lines (each seed paragraph, bullet and table line is one line). Units with fewer than MIN_STEMS distinct
 *   stems are left out on both sides: a short line resembles anything.
 * - Stems: every word of letters and digits, lower case; a Hangul word is cut to its first two syllables, so
 *   "서버는", "서버가" and "서버의" are one stem; a Latin or digit word of three characters or more stays whole.
 * - A stem weighs log((seed units + 1) / seed units holding it): stems every paragraph has ("한다", "있다") count
 *   for little, "허용" or "식별" for much. A stem no seed unit holds weighs as much as the rarest.
 * - Similarity of a lesson unit to a seed unit: the share of the lesson unit's stem weight found in the seed unit.
 * - Order: a local alignment of the two unit sequences (Smith–Waterman, as for DNA). Pairing a lesson unit with a
 *   seed unit earns its similarity minus BASE (so a weak likeness costs); skipping a lesson unit costs GAP_LESSON;
 *   skipping a seed unit costs GAP_SEED. The best-scoring chain of pairs anywhere in the two texts is the passage
 *   that follows the seed most closely, and its pairs with similarity of at least BASE are the seed paragraphs it
 *   retells in order.
 */

/** A Hangul word is cut to this many syllables to make its stem. */
const HANGUL_STEM = 2;

/** A Latin or digit word needs this many characters to be a stem. */
const MIN_LATIN = 3;

/** Units with fewer distinct stems than this are not compared. */
const MIN_STEMS = 6;

/** What a pairing must beat to add to an alignment: similarity below it costs. */
const BASE = 0.25;

/** What skipping one lesson unit (our own paragraph between retold ones) costs. */
const GAP_LESSON = 0.1;

/** What skipping one seed unit (a seed paragraph the lesson leaves out) costs. */
const GAP_SEED = 0.02;

/** One unit of text and the line it starts on. */
export interface Unit {
  text: string;
  line: number;
}

/** A lesson unit aligned with a seed unit, and how similar they are. */
export interface Pair {
  lesson: Unit;
  seed: Unit;
  similarity: number;
}

/** The passage of a lesson that follows a seed most closely. */
export interface Alignment {
  /** The alignment's score: similarities minus BASE, minus gap costs. */
  score: number;
  /** The aligned pairs whose similarity is at least BASE: seed paragraphs retold in the seed's order. */
  pairs: Pair[];
}

const HANGUL = /^[\uac00-\ud7a3]+$/u;

/** The distinct stems of a text. */
export function stems(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.normalize('NFC').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (HANGUL.test(word)) {
      const syllables = Array.from(word);
      if (syllables.length >= HANGUL_STEM) out.add(syllables.slice(0, HANGUL_STEM).join(''));
    } else if (word.length >= MIN_LATIN) {
      out.add(word);
    }
  }
  return out;
}

/** A seed's units: its non-empty lines, tabs as spaces. */
export function seedUnits(text: string): Unit[] {
  return text
    .split('\n')
    .map((raw, index) => ({ text: raw.replace(/\t/g, ' ').trim(), line: index + 1 }))
    .filter((unit) => unit.text !== '');
}

/** A unit with its stems, kept only when it has enough of them. */
interface Stemmed {
  unit: Unit;
  stems: Set<string>;
}

/** The units with at least MIN_STEMS stems, with those stems. */
function stemmed(units: readonly Unit[]): Stemmed[] {
  return units.map((unit) => ({ unit, stems: stems(unit.text) })).filter((entry) => entry.stems.size >= MIN_STEMS);
}

/** Similarity of every lesson unit to every seed unit, as the rules above define it. */
function similarities(lesson: readonly Stemmed[], seed: readonly Stemmed[]): number[][] {
  const holding = new Map<string, number>();
  for (const entry of seed) for (const stem of entry.stems) holding.set(stem, (holding.get(stem) ?? 0) + 1);
  const weight = (stem: string): number => Math.log((seed.length + 1) / (holding.get(stem) ?? 1));
  return lesson.map((entry) => {
    let total = 0;
    for (const stem of entry.stems) total += weight(stem);
    return seed.map((candidate) => {
      let shared = 0;
      for (const stem of entry.stems) if (candidate.stems.has(stem)) shared += weight(stem);
      return total === 0 ? 0 : shared / total;
    });
  });
}

/** The best local alignment of a lesson's units with a seed's units (see the rules above). */
export function followSeed(lessonUnits: readonly Unit[], seedUnitList: readonly Unit[]): Alignment {
  const lesson = stemmed(lessonUnits);
  const seed = stemmed(seedUnitList);
  const sim = similarities(lesson, seed);
  const at = (row: number[][], i: number, j: number): number => row[i]?.[j] ?? 0;
  const score: number[][] = Array.from({ length: lesson.length + 1 }, () => new Array<number>(seed.length + 1).fill(0));
  let best = { score: 0, i: 0, j: 0 };
  for (let i = 1; i <= lesson.length; i += 1) {
    for (let j = 1; j <= seed.length; j += 1) {
      const value = Math.max(
        0,
        at(score, i - 1, j - 1) + at(sim, i - 1, j - 1) - BASE,
        at(score, i - 1, j) - GAP_LESSON,
        at(score, i, j - 1) - GAP_SEED,
      );
      (score[i] as number[])[j] = value;
      if (value > best.score) best = { score: value, i, j };
    }
  }
  const pairs: Pair[] = [];
  let { i, j } = best;
  while (i > 0 && j > 0 && at(score, i, j) > 0) {
    const here = at(score, i, j);
    const similarity = at(sim, i - 1, j - 1);
    if (Math.abs(here - (at(score, i - 1, j - 1) + similarity - BASE)) < 1e-9) {
      const lessonUnit = lesson[i - 1]?.unit;
      const seedUnit = seed[j - 1]?.unit;
      if (lessonUnit !== undefined && seedUnit !== undefined && similarity >= BASE) pairs.push({ lesson: lessonUnit, seed: seedUnit, similarity });
      i -= 1;
      j -= 1;
    } else if (Math.abs(here - (at(score, i - 1, j) - GAP_LESSON)) < 1e-9) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  return { score: best.score, pairs: pairs.reverse() };
}
