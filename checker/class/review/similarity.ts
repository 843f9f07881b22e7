import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { File, FingerprintIndex, Region, TokenizedFile } from '@dodona/dolos-core';
import type { FileEntry, SharedFingerprint } from '@dodona/dolos-core';
import { escapeHtml } from '../../report/escape.ts';
import type { Lang } from '../../usage/messages.ts';
import type { ChapterSpec } from '../../manifest/types.ts';
import { currentCourseRoot } from '../../course/files.ts';
import { learnerEntries } from '../../course/learner-tree.ts';
import { StarterReadError, starterFiles } from '../../course/starters.ts';
import type { StudentResult } from '../student-result.ts';
import type { Student } from '../intake/students.ts';
import { byName } from '../intake/students.ts';
import { typescriptTokens } from './ts-tokens.ts';

/**
 * A similarity flag for a person to review, never a penalty and never part of a score. For each chapter, the
 * TypeScript files each student handed in are split into tokens (identifiers, strings and numbers made alike, so a
 * rename hides nothing), fingerprinted by winnowing (the Dolos similarity checker's core), and compared between every
 * two students and with the published solution. Fingerprints that also occur in the committed starter do not count:
 * only what the students wrote is compared. Between two students, what is also in the published solution does not
 * count either: two students who both followed the solution are listed beside it, never as a pair. Pairs are ranked
 * by evidence (the longest run in common first), three or more students linked by pairs are one cluster, and the
 * report leads with the few entries worth a look.
 */

/** Files by path inside one chapter folder, as text. */
export type ChapterTexts = ReadonlyMap<string, string>;

/** Each chapter's files by chapter folder name. */
export type CourseTexts = ReadonlyMap<string, ChapterTexts>;

/** What the comparison needs besides the class results. */
export interface SimilarityOptions {
  chapters: readonly ChapterSpec[];
  lang: Lang;
  /** The committed starter of each chapter; null when it cannot be read (then nothing is compared, and the report says why). */
  starters: CourseTexts | null;
  /** Why the starters cannot be read, when they cannot. */
  starterProblem?: string;
  /** The published solution of each chapter. */
  solutions: CourseTexts;
  /** Each student's chapters by student name; a student missing here is read from their folder, if it still exists. */
  submissions?: ReadonlyMap<string, CourseTexts>;
  /** Flag a pair at or above this share of their own (non-starter) fingerprints in common; 0.8 unless set. */
  threshold?: number;
  /** Fingerprints a student must have written in a chapter to be compared at all; 8 unless set. */
  minFingerprints?: number;
}

/** Two students whose own work in one chapter is alike. */
export interface SimilarPair {
  chapter: string;
  /** The chapter's exercises, whose edits these files hold. */
  exercises: string[];
  students: [string, string];
  /** Share of both students' own fingerprints found in the other's work, 0 to 1 (two decimals). */
  similarity: number;
  /** The longest run of fingerprints in common. */
  longest: number;
}

/** Three or more students of one chapter linked by flagged pairs: one entry to review, not every pair among them. */
export interface SimilarCluster {
  chapter: string;
  exercises: string[];
  /** In name order. */
  students: string[];
  /** How many flagged pairs link them. */
  pairs: number;
  /** The highest similarity and the longest run among those pairs. */
  similarity: number;
  longest: number;
}

/** A student whose own work in one chapter is alike the published solution. */
export interface SolutionMatch {
  chapter: string;
  exercises: string[];
  student: string;
  similarity: number;
  longest: number;
}

/** The whole similarity pass, as gradebook.json stores it. */
export interface SimilarityReport {
  /** Always `review`: for a person to look at, never a penalty. */
  purpose: 'review';
  note: string;
  method: { engine: string; tokens: string; kgram: number; window: number; threshold: number; min_fingerprints: number; starter_excluded: true; solution_excluded_from_pairs: true; ranked_by: 'longest common run, then similarity' };
  /** Set when the pass could not run (the committed starters cannot be read). */
  skipped?: string;
  /** Every flagged pair, strongest evidence first (those inside a cluster too). */
  pairs: SimilarPair[];
  /** Groups of three or more linked students, strongest evidence first. */
  clusters: SimilarCluster[];
  /** The few entries the report leads with: clusters and the pairs outside them, strongest evidence first. */
  review_first: ({ kind: 'pair' } & SimilarPair | { kind: 'cluster' } & SimilarCluster)[];
  solution: SolutionMatch[];
  /** Per chapter, how many students were compared (the rest left the starter as it was, or wrote too little to compare). */
  compared: Record<string, number>;
  /** Students whose chapter was past a limit of the pass (or failed it): not compared, and everyone else compared as usual. */
  not_compared: NotCompared[];
}

/** One student's chapter the pass did not compare, and why. */
export interface NotCompared {
  chapter: string;
  student: string;
  reason: string;
}

/**
 * What the pass takes from one student's chapter. `tokens`: the chapter's tokens (the largest published solution
 * chapter has some 4,900). `repeats`: the sum, over the student's fingerprints, of the square of how often each
 * occurs: the work of finding the longest common run with anyone is at most this, so a file padded with one block
 * repeated cannot make a pair cost the square of its size. Past either, that student is "not compared".
 */
export const SIMILARITY_LIMITS = { tokens: 40_000, repeats: 1_000_000 } as const;

/** Tokens per fingerprinted k-gram, and k-grams per winnowing window: small, since an exercise's edit is a few lines. */
const KGRAM = 10;
const WINDOW = 4;
const ENGINE = '@dodona/dolos-core 1.2.1 (winnowing)';

const WORDS = {
  ko: {
    note: '사람이 살펴보라고 표시한 것이다. 벌점이 아니며 점수에 들어가지 않는다. 시작 코드와 같은 부분은 세지 않고, 학생끼리 비교할 때는 공개된 정답과 같은 부분도 세지 않는다. 연습의 수정이 몇 줄뿐이면 바르게 푼 답끼리, 또 공개된 정답과 비슷한 것이 자연스럽다.',
    noStarters: (why: string) => `커밋된 시작 코드를 읽지 못해 비교하지 않았다(${why}). git 기록이 있는 사본에서 채점하라.`,
    title: '비슷한 제출물 (사람이 살펴볼 것, 벌점 아님)',
    pairs: '서로 비슷한 학생',
    solution: '공개된 정답과 비슷한 학생',
    chapter: '장',
    exercises: '연습',
    students: '학생',
    student: '학생',
    similarity: '비슷한 정도',
    longest: '가장 긴 공통 구간(지문 수)',
    none: '없음',
    first: '먼저 살펴볼 것(증거가 강한 순: 가장 긴 공통 구간, 다음 비슷한 정도)',
    cluster: (count: number) => `${count}명 묶음`,
    allPairs: (count: number) => `표시된 쌍 모두(${count}쌍, 증거가 강한 순)`,
    compared: (counts: string) => `비교한 학생 수(시작 코드를 그대로 두었거나 너무 적게 고친 학생은 빼고): ${counts}`,
    notCompared: '비교하지 않은 학생(한도를 넘어서, 다른 학생은 모두 비교했다)',
    reason: '까닭',
    tooManyTokens: (tokens: number) => `토큰이 ${tokens}개로 한 장에 받는 ${SIMILARITY_LIMITS.tokens}개를 넘는다`,
    tooRepetitive: (repeats: number) => `같은 지문이 너무 많이 되풀이된다(반복 정도 ${repeats}, 한도 ${SIMILARITY_LIMITS.repeats})`,
    failed: (why: string) => `이 학생의 파일을 비교하다 실패했다: ${why}`,
  },
  en: {
    note: 'Flagged for a person to review. This is never a penalty and is not part of any score. Code that is the same as the starter does not count, and between two students neither does code that is in the published solution. When an exercise\'s edit is a few lines, correct answers naturally resemble each other and the published solution.',
    noStarters: (why: string) => `Nothing was compared: the committed starters cannot be read (${why}). Grade from a copy with its git history.`,
    title: 'Similar submissions (for a person to review, never a penalty)',
    pairs: 'Students whose work is alike',
    solution: 'Students whose work is alike the published solution',
    chapter: 'Chapter',
    exercises: 'Exercises',
    students: 'Students',
    student: 'Student',
    similarity: 'Similarity',
    longest: 'Longest common run (fingerprints)',
    none: 'None',
    first: 'Worth a look first (strongest evidence first: the longest common run, then similarity)',
    cluster: (count: number) => `group of ${count}`,
    allPairs: (count: number) => `Every flagged pair (${count}, strongest evidence first)`,
    compared: (counts: string) => `Students compared (leaving out those who kept the starter as it was or changed too little): ${counts}`,
    notCompared: 'Students not compared (past a limit; everyone else was compared)',
    reason: 'Why',
    tooManyTokens: (tokens: number) => `${tokens} tokens, more than the ${SIMILARITY_LIMITS.tokens} taken from one chapter`,
    tooRepetitive: (repeats: number) => `the same fingerprints repeat too often (repetition ${repeats}, limit ${SIMILARITY_LIMITS.repeats})`,
    failed: (why: string) => `comparing this student's files failed: ${why}`,
  },
} as const;

/** The TypeScript files of a chapter folder that grading sees (learnerEntries), by path inside it. */
export function readChapterTexts(dir: string): Map<string, string> {
  const files = learnerEntries(dir).filter((entry) => !entry.folder && /\.[cm]?tsx?$/.test(entry.name));
  return new Map(files.map((entry) => [entry.name, readFileSync(entry.path, 'utf8')]));
}

/** The TypeScript files of every chapter under a chapters folder. */
function courseTexts(chaptersDir: string, chapters: readonly ChapterSpec[]): Map<string, ChapterTexts> {
  return new Map(chapters.map((chapter) => [chapter.dir, readChapterTexts(join(chaptersDir, chapter.dir))]));
}

/**
 * Each submission's chapters as the class grader found them (give it ClassOptions.onStudents, which runs while
 * unpacked ZIPs and deadline checkouts still exist): the comparison reads the very copies that were graded, and
 * never unpacks a submission a second time.
 */
export function submissionTexts(students: readonly Student[], chapters: readonly ChapterSpec[]): Map<string, CourseTexts> {
  const texts = new Map<string, CourseTexts>();
  for (const student of students) if (student.learner) texts.set(student.name, courseTexts(student.learner.chaptersDir, chapters));
  return texts;
}

/** What the comparison reads from this course copy: the committed starters from git, and the published solutions. */
export function courseSources(chapters: readonly ChapterSpec[]): Pick<SimilarityOptions, 'starters' | 'starterProblem' | 'solutions'> {
  let starters: CourseTexts | null = null;
  let starterProblem: string | undefined;
  try {
    starters = new Map(chapters.map((chapter) => [chapter.dir, new Map([...starterFiles(chapter.dir)].filter(([file]) => /\.[cm]?tsx?$/.test(file)).map(([file, content]) => [file, content.toString('utf8')]))]));
  } catch (error) {
    if (!(error instanceof StarterReadError)) throw error;
    starterProblem = error.reason;
  }
  return { starters, solutions: courseTexts(join(currentCourseRoot(), 'solutions'), chapters), ...(starterProblem ? { starterProblem } : {}) };
}

/** One chapter's files as one tokenized file: files in path order, rows offset so every token's place follows the last. */
function tokenized(name: string, texts: ChapterTexts): TokenizedFile {
  const tokens: string[] = [];
  const mapping: Region[] = [];
  let offset = 0;
  for (const path of [...texts.keys()].sort()) {
    const text = texts.get(path)!;
    const split = typescriptTokens(text);
    // One by one: spreading a large file's tokens into push() overflows the call stack.
    for (const token of split.tokens) tokens.push(token);
    for (const place of split.places) mapping.push(new Region(place.startRow + offset, place.startCol, place.endRow + offset, place.endCol));
    offset += text.split('\n').length + 1;
  }
  return new TokenizedFile(new File(name, [...texts.values()].join('\n')), tokens, mapping);
}

/** How many of an entry's fingerprints are its own: not ignored as starter code. */
function ownFingerprints(entry: FileEntry): number {
  let count = 0;
  for (const shared of entry.shared) count += shared.occurrencesOf(entry.file).length;
  return count;
}

/** Two decimals. */
function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

/** One student's chapter, tokenized, once it is known to be within the limits; or why it is not compared. */
type Admitted = { file: () => TokenizedFile } | { refused: string };

/**
 * Tokenizes one student's chapter and fingerprints it alone, against the limits (SIMILARITY_LIMITS); anything that
 * throws is that student's failure, never the chapter's.
 */
function admit(name: string, texts: ChapterTexts, say: (typeof WORDS)[Lang]): Admitted {
  try {
    const file = tokenized(name, texts);
    if (file.tokens.length > SIMILARITY_LIMITS.tokens) return { refused: say.tooManyTokens(file.tokens.length) };
    const alone = new FingerprintIndex(KGRAM, WINDOW);
    alone.addFiles([file]);
    let repeats = 0;
    for (const entry of alone.entries()) for (const shared of entry.shared) repeats += shared.occurrencesOf(entry.file).length ** 2;
    if (repeats > SIMILARITY_LIMITS.repeats) return { refused: say.tooRepetitive(repeats) };
    // A file is indexed once per index: each index gets a new tokenized copy.
    return { file: () => tokenized(name, texts) };
  } catch (error) {
    return { refused: say.failed(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * How alike two indexed files are: the fingerprints they share (not ignored), each side's occurrences of them, and
 * the longest run of shared fingerprints in the same order on both sides. Dolos' own Pair finds that run by
 * comparing every occurrence on one side with every one on the other; here each occurrence meets only those with its
 * hash, so the work is the sum over shared hashes of the two counts multiplied, which the repeats limit bounds.
 */
function measurePair(left: FileEntry, right: FileEntry): { leftCovered: number; rightCovered: number; longest: number } {
  const occurrences = (entry: FileEntry, fingerprints: Iterable<SharedFingerprint>) => {
    const out: { hash: number; index: number }[] = [];
    for (const fingerprint of fingerprints) for (const occurrence of fingerprint.occurrencesOf(entry.file)) out.push({ hash: fingerprint.hash, index: occurrence.side.index });
    return out.sort((a, b) => a.index - b.index);
  };
  const [small, large] = left.shared.size < right.shared.size ? [left, right] : [right, left];
  const shared = [...small.shared].filter((fingerprint) => large.shared.has(fingerprint));
  const leftSide = occurrences(left, shared);
  const rightSide = occurrences(right, shared);
  const [short, long] = leftSide.length < rightSide.length ? [leftSide, rightSide] : [rightSide, leftSide];
  const byHash = new Map<number, number[]>();
  for (const { hash, index } of short) {
    const indexes = byHash.get(hash);
    if (indexes) indexes.push(index);
    else byHash.set(hash, [index]);
  }
  let longest = 0;
  let previous = new Map<number, number>();
  for (const { hash } of long) {
    const current = new Map<number, number>();
    for (const index of byHash.get(hash) ?? []) {
      const run = (previous.get(index - 1) ?? 0) + 1;
      current.set(index, run);
      if (run > longest) longest = run;
    }
    previous = current;
  }
  return { leftCovered: leftSide.length, rightCovered: rightSide.length, longest };
}

/** Compares one chapter: student pairs (starter and solution excluded) and closeness to the solution (starter excluded); a student past a limit is left out and listed. */
function compareChapter(
  chapter: ChapterSpec,
  work: ReadonlyMap<string, ChapterTexts>,
  starter: ChapterTexts,
  solution: ChapterTexts,
  threshold: number,
  minimum: number,
  say: (typeof WORDS)[Lang],
): { pairs: SimilarPair[]; solution: SolutionMatch[]; compared: number; notCompared: NotCompared[] } {
  const exercises = chapter.exercises.map((exercise) => exercise.id);
  const notCompared: NotCompared[] = [];
  const admitted = new Map<string, () => TokenizedFile>();
  for (const [student, texts] of work) {
    const verdict = admit(student, texts, say);
    if ('refused' in verdict) notCompared.push({ chapter: chapter.dir, student, reason: verdict.refused });
    else admitted.set(student, verdict.file);
  }
  const measure = (index: FingerprintIndex, own: (file: TokenizedFile) => number, left: TokenizedFile, right: TokenizedFile) => {
    const entries = entriesOf(index);
    const pair = measurePair(entries.get(left)!, entries.get(right)!);
    const total = own(left) + own(right);
    return { similarity: total === 0 ? 0 : rounded((pair.leftCovered + pair.rightCovered) / total), longest: pair.longest };
  };
  // Between students: the starter and the published solution both ignored, so following the solution links no one.
  const between = new FingerprintIndex(KGRAM, WINDOW);
  const files = new Map<string, TokenizedFile>([...admitted].map(([student, file]) => [student, file()]));
  between.addFiles([...files.values()]);
  // Added after the others: the index then moves every fingerprint it shares with them out of their own.
  between.addIgnoredFile(tokenized('starter', starter));
  between.addIgnoredFile(tokenized('solution', solution));
  const ownBetween = ownCounter(between);
  const students = [...files].filter(([, file]) => ownBetween(file) >= minimum);
  const pairs: SimilarPair[] = [];
  for (let first = 0; first < students.length; first += 1) {
    for (let second = first + 1; second < students.length; second += 1) {
      const [a, left] = students[first]!;
      const [b, right] = students[second]!;
      const found = measure(between, ownBetween, left, right);
      if (found.similarity >= threshold) pairs.push({ chapter: chapter.dir, exercises, students: [a, b], ...found });
    }
  }
  // Against the solution: only the starter ignored.
  const against = new FingerprintIndex(KGRAM, WINDOW);
  const mine = new Map<string, TokenizedFile>([...admitted].map(([student, file]) => [student, file()]));
  const solutionFile = tokenized('solution', solution);
  against.addFiles([...mine.values(), solutionFile]);
  against.addIgnoredFile(tokenized('starter', starter));
  const ownAgainst = ownCounter(against);
  const writers = [...mine].filter(([, file]) => ownAgainst(file) >= minimum);
  const matches: SolutionMatch[] = ownAgainst(solutionFile) < minimum ? [] : writers.flatMap(([student, file]) => {
    const found = measure(against, ownAgainst, file, solutionFile);
    return found.similarity >= threshold ? [{ chapter: chapter.dir, exercises, student, ...found }] : [];
  });
  return { pairs, solution: matches, compared: writers.length, notCompared };
}

/** An index's entries by their file, looked up once per index. */
const entryMaps = new WeakMap<FingerprintIndex, Map<TokenizedFile, FileEntry>>();
function entriesOf(index: FingerprintIndex): Map<TokenizedFile, FileEntry> {
  let entries = entryMaps.get(index);
  if (!entries) {
    entries = new Map(index.entries().map((entry) => [entry.file, entry]));
    entryMaps.set(index, entries);
  }
  return entries;
}

/** How many of a file's fingerprints an index counts as its own (not in an ignored file). */
function ownCounter(index: FingerprintIndex): (file: TokenizedFile) => number {
  const entries = new Map(index.entries().map((entry) => [entry.file, entry]));
  return (file) => ownFingerprints(entries.get(file)!);
}

/** Strongest evidence first: the longest run in common, then similarity; then chapter and names, so the order is stable. */
function byEvidence(a: { longest: number; similarity: number; chapter: string; students?: readonly string[]; student?: string }, b: typeof a): number {
  return b.longest - a.longest || b.similarity - a.similarity || a.chapter.localeCompare(b.chapter) || String(a.students ?? a.student).localeCompare(String(b.students ?? b.student));
}

/** The groups of three or more students one chapter's flagged pairs link (connected components), in name order. */
export function clustersOf(pairs: readonly SimilarPair[]): SimilarCluster[] {
  const clusters: SimilarCluster[] = [];
  for (const chapter of [...new Set(pairs.map((pair) => pair.chapter))]) {
    const mine = pairs.filter((pair) => pair.chapter === chapter);
    const group = new Map<string, string>();
    const root = (name: string): string => {
      let at = name;
      while (group.get(at) !== at) at = group.get(at)!;
      return at;
    };
    for (const { students: [a, b] } of mine) {
      if (!group.has(a)) group.set(a, a);
      if (!group.has(b)) group.set(b, b);
      group.set(root(a), root(b));
    }
    const members = new Map<string, string[]>();
    for (const name of group.keys()) members.set(root(name), [...(members.get(root(name)) ?? []), name]);
    for (const names of members.values()) {
      if (names.length < 3) continue;
      const inside = mine.filter((pair) => names.includes(pair.students[0]));
      clusters.push({
        chapter,
        exercises: inside[0]!.exercises,
        students: [...names].sort(byName),
        pairs: inside.length,
        similarity: Math.max(...inside.map((pair) => pair.similarity)),
        longest: Math.max(...inside.map((pair) => pair.longest)),
      });
    }
  }
  return clusters.sort(byEvidence);
}

/** How many entries the report leads with. */
const REVIEW_FIRST = 5;

/**
 * The similarity pass over a class: for each chapter, every two students whose own (non-starter) work is alike at or
 * above the threshold, and every student whose own work is alike the published solution. For review by a person only.
 */
export function similarity(results: readonly StudentResult[], options: SimilarityOptions): SimilarityReport {
  const say = WORDS[options.lang];
  const threshold = options.threshold ?? 0.8;
  const minimum = options.minFingerprints ?? 8;
  const report: SimilarityReport = {
    purpose: 'review',
    note: say.note,
    method: {
      engine: ENGINE,
      tokens: 'TypeScript (identifiers, strings and numbers made alike)',
      kgram: KGRAM,
      window: WINDOW,
      threshold,
      min_fingerprints: minimum,
      starter_excluded: true,
      solution_excluded_from_pairs: true,
      ranked_by: 'longest common run, then similarity',
    },
    pairs: [],
    clusters: [],
    review_first: [],
    solution: [],
    compared: {},
    not_compared: [],
  };
  if (!options.starters) return { ...report, skipped: say.noStarters(options.starterProblem ?? 'no-git') };
  for (const chapter of options.chapters) {
    const work = new Map<string, ChapterTexts>();
    for (const result of results) {
      const given = options.submissions?.get(result.student.name)?.get(chapter.dir);
      const texts = given ?? (result.student.learner ? readChapterTexts(join(result.student.learner.chaptersDir, chapter.dir)) : new Map<string, string>());
      if (texts.size > 0) work.set(result.student.name, texts);
    }
    const found = compareChapter(chapter, work, options.starters.get(chapter.dir) ?? new Map(), options.solutions.get(chapter.dir) ?? new Map(), threshold, minimum, say);
    report.not_compared.push(...found.notCompared);
    report.pairs.push(...found.pairs);
    report.solution.push(...found.solution);
    report.compared[chapter.dir] = found.compared;
  }
  report.pairs.sort(byEvidence);
  report.solution.sort(byEvidence);
  report.clusters = clustersOf(report.pairs);
  const clustered = (pair: SimilarPair) => report.clusters.some((cluster) => cluster.chapter === pair.chapter && cluster.students.includes(pair.students[0]));
  report.review_first = [
    ...report.clusters.map((cluster) => ({ kind: 'cluster' as const, ...cluster })),
    ...report.pairs.filter((pair) => !clustered(pair)).map((pair) => ({ kind: 'pair' as const, ...pair })),
  ].sort(byEvidence).slice(0, REVIEW_FIRST);
  return report;
}

/** A percentage for a share between 0 and 1. */
function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** The similarity section of report.html: what it is (for review, never a penalty), the flagged pairs and the solution matches, all text escaped. */
export function similarityHtml(report: SimilarityReport, lang: Lang): string {
  const say = WORDS[lang];
  const html = escapeHtml;
  const head = `<h2>${html(say.title)}</h2>\n<p class="meta">${html(report.note)}</p>`;
  if (report.skipped) return `<section class="similarity">\n${head}\n<p class="meta">${html(report.skipped)}</p>\n</section>`;
  const counts = Object.entries(report.compared).map(([chapter, count]) => `${chapter} ${count}`).join(', ');
  const who = (entry: { students: readonly string[] }, kind: 'pair' | 'cluster') => (kind === 'cluster' ? `${say.cluster(entry.students.length)}: ${entry.students.join(' · ')}` : entry.students.join(' · '));
  const row = (entry: { chapter: string; exercises: readonly string[]; similarity: number; longest: number }, name: string) =>
    `<tr><td>${html(entry.chapter)}</td><td>${html(entry.exercises.join(', '))}</td><td>${html(name)}</td><td>${html(percent(entry.similarity))}</td><td>${html(entry.longest)}</td></tr>`;
  const skippedRows = (report.not_compared ?? []).map((entry) => `<tr><td>${html(entry.chapter)}</td><td>${html(entry.student)}</td><td>${html(entry.reason)}</td></tr>`);
  const notCompared =
    skippedRows.length === 0
      ? ''
      : `<h3>${html(say.notCompared)}</h3>\n<table class="similarity">\n<thead><tr><th>${html(say.chapter)}</th><th>${html(say.student)}</th><th>${html(say.reason)}</th></tr></thead>\n<tbody>\n${skippedRows.join('\n')}\n</tbody>\n</table>\n`;
  const firstRows = (report.review_first ?? []).map((entry) => row(entry, who(entry, entry.kind)));
  const pairRows = report.pairs.map((pair) => row(pair, who(pair, 'pair')));
  const solutionRows = report.solution.map((match) => row(match, match.student));
  const table = (rows: string[], heading: string) =>
    rows.length === 0
      ? `<p>${html(say.none)}</p>`
      : `<table class="similarity">\n<thead><tr><th>${html(say.chapter)}</th><th>${html(say.exercises)}</th><th>${html(heading)}</th><th>${html(say.similarity)}</th><th>${html(say.longest)}</th></tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
  return `<section class="similarity">
${head}
<p class="meta">${html(say.compared(counts))}</p>
<h3>${html(say.first)}</h3>
${table(firstRows, say.students)}
<details>
<summary>${html(say.allPairs(report.pairs.length))}</summary>
${table(pairRows, say.students)}
</details>
<h3>${html(say.solution)}</h3>
${table(solutionRows, say.student)}
${notCompared}</section>`;
}
