import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { File, FingerprintIndex, Region, TokenizedFile } from '@dodona/dolos-core';
import type { FileEntry } from '@dodona/dolos-core';
import { escapeHtml } from '../../report/escape.ts';
import type { Lang } from '../../usage/messages.ts';
import type { ChapterSpec } from '../../manifest/types.ts';
import { currentCourseRoot } from '../../course/files.ts';
import { learnerEntries } from '../../course/learner-tree.ts';
import { StarterReadError, starterFiles } from '../../course/starters.ts';
import type { StudentResult } from '../grade-class.ts';
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
}

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
    tokens.push(...split.tokens);
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

/** Compares one chapter: student pairs (starter and solution excluded) and closeness to the solution (starter excluded). */
function compareChapter(
  chapter: ChapterSpec,
  work: ReadonlyMap<string, ChapterTexts>,
  starter: ChapterTexts,
  solution: ChapterTexts,
  threshold: number,
  minimum: number,
): { pairs: SimilarPair[]; solution: SolutionMatch[]; compared: number } {
  const exercises = chapter.exercises.map((exercise) => exercise.id);
  const measure = (index: FingerprintIndex, own: (file: TokenizedFile) => number, left: TokenizedFile, right: TokenizedFile) => {
    const pair = index.getPair(left, right);
    const total = own(left) + own(right);
    return { similarity: total === 0 ? 0 : rounded((pair.leftCovered + pair.rightCovered) / total), longest: pair.longest };
  };
  // Between students: the starter and the published solution both ignored, so following the solution links no one.
  const between = new FingerprintIndex(KGRAM, WINDOW);
  const files = new Map<string, TokenizedFile>([...work].map(([student, texts]) => [student, tokenized(student, texts)]));
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
  const mine = new Map<string, TokenizedFile>([...work].map(([student, texts]) => [student, tokenized(student, texts)]));
  const solutionFile = tokenized('solution', solution);
  against.addFiles([...mine.values(), solutionFile]);
  against.addIgnoredFile(tokenized('starter', starter));
  const ownAgainst = ownCounter(against);
  const writers = [...mine].filter(([, file]) => ownAgainst(file) >= minimum);
  const matches: SolutionMatch[] = ownAgainst(solutionFile) < minimum ? [] : writers.flatMap(([student, file]) => {
    const found = measure(against, ownAgainst, file, solutionFile);
    return found.similarity >= threshold ? [{ chapter: chapter.dir, exercises, student, ...found }] : [];
  });
  return { pairs, solution: matches, compared: writers.length };
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
  };
  if (!options.starters) return { ...report, skipped: say.noStarters(options.starterProblem ?? 'no-git') };
  for (const chapter of options.chapters) {
    const work = new Map<string, ChapterTexts>();
    for (const result of results) {
      const given = options.submissions?.get(result.student.name)?.get(chapter.dir);
      const texts = given ?? (result.student.learner ? readChapterTexts(join(result.student.learner.chaptersDir, chapter.dir)) : new Map<string, string>());
      if (texts.size > 0) work.set(result.student.name, texts);
    }
    const found = compareChapter(chapter, work, options.starters.get(chapter.dir) ?? new Map(), options.solutions.get(chapter.dir) ?? new Map(), threshold, minimum);
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
</section>`;
}
