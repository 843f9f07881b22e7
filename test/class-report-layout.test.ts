import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { gradebookFiles } from '../checker/class/books/files.ts';
import { gradebookOf, provenanceOf } from '../checker/class/books/gradebook.ts';
import type { StudentResult } from '../checker/class/student-result.ts';
import type { SimilarityReport } from '../checker/class/review/similarity.ts';
import { allExercises } from '../checker/course/course.ts';
import { CHAPTERS } from '../checker/course/current.ts';
import { buildReport } from '../checker/report/build.ts';
import type { ExerciseReport } from '../checker/report/shape.ts';
import { timeLimits } from '../checker/runner/limits.ts';
import { CHROMIUM, keepShots, measure } from './support/chromium.ts';

/*
 * report.html as an instructor opens it, in headless Chromium through the DevTools protocol: a class of 16 on the real
 * course (22 exercises), with similar pairs, a late Canvas row, a CP949 ZIP, rows not handed in and long reasons. The
 * summary (histogram and flags) must be on the first screen of a 1366 × 768 laptop and a 390 × 844 phone, nothing may
 * scroll sideways, and the reasons get room. REPORT_SHOTS=DIR keeps the screenshots to look at.
 */
const SELECTED = allExercises(CHAPTERS);
let work: string | undefined;
afterAll(() => {
  const shots = process.env['REPORT_SHOTS'];
  if (shots && pages) for (const [lang, file] of Object.entries(pages)) writeFileSync(join(shots, `report-${lang}.html`), readFileSync(file));
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A student's row: the first `solved` exercises pass, the rest fail with a long message. */
function row(name: string, solved: number, extra: Partial<StudentResult['student']> = {}): StudentResult {
  const exercises = SELECTED.map(({ exercise }, index): ExerciseReport => {
    const pass = index < solved;
    const message = pass ? '' : `${exercise.title.en}: the server answered {"jsonrpc":"2.0","id":7,"result":{"content":[]}} where -32602 was expected, because the argument had an extra key`;
    return {
      id: exercise.id, title: exercise.title.en, status: pass ? 'pass' : 'fail', message, hint: exercise.hint.en, todo: 'chapters/01-mini-mcp/server.ts:12',
      points: pass ? 1 : 0, max_points: 1, tests: [{ name: 'a', title: 'a', status: pass ? 'pass' : 'fail', message }],
    };
  });
  return { student: { name, dir: `/class/${name}`, learner: null, problem: null, ...extra }, report: buildReport({ target: 'chapters', lang: 'en', exercises, type_errors: [] }), missingChapters: [] };
}

const names = ['kim-minsu', 'lee-jieun', 'park-jiho', 'choi-yuna', 'jung-hoon', 'kang-seojun', 'cho-hana', 'yoon-doyun', 'jang-mina', 'lim-jiwoo', 'han-sora', 'oh-taeyang', 'seo-yerin'];
const results: StudentResult[] = [
  ...names.map((name, index) => row(name, (index * 5) % 23)),
  row('kimminsu_LATE_123456_7890123_mcp-workshop.zip', 22),
  row('hangul.zip', 20, { unzipped: { encodings: ['cp949'], backslashes: false, depth: 1 } }),
  { ...row('absent-student', 0), student: { name: 'absent-student', dir: 'absent-student', learner: null, problem: 'not-handed-in' } },
];
const similarity: SimilarityReport = {
  purpose: 'review',
  note: 'for a person to review, never a penalty',
  method: { engine: 'dolos', tokens: 'ts', kgram: 10, window: 5, threshold: 0.6, min_fingerprints: 10, starter_excluded: true, solution_excluded_from_pairs: true, ranked_by: 'longest common run, then similarity' },
  pairs: [{ chapter: '01-mini-mcp', exercises: ['01/1', '01/2'], students: ['cho-hana', 'han-sora'], similarity: 0.92, longest: 40 }],
  clusters: [],
  review_first: [{ kind: 'pair', chapter: '01-mini-mcp', exercises: ['01/1', '01/2'], students: ['cho-hana', 'han-sora'], similarity: 0.92, longest: 40 }],
  solution: [],
  compared: { '01-mini-mcp': 15 },
  not_compared: [],
};
/** The page in each language: Korean (the course's first language, in Noto Sans CJK) and English, written before the tests. */
let pages: Record<'ko' | 'en', string> | undefined;
beforeAll(() => {
  // The provenance names the checker's commit, which git is asked for.
  const provenance = provenanceOf({ limits: timeLimits(10_000), now: new Date('2026-12-04T09:00:00Z') });
  const folder = mkdtempSync(join(tmpdir(), 'report-layout-'));
  work = folder;
  pages = Object.fromEntries(
    (['ko', 'en'] as const).map((lang) => {
      const book = { ...gradebookOf(results, provenance, new Map(), lang), similarity };
      const file = join(folder, `report-${lang}.html`);
      writeFileSync(file, new Map(gradebookFiles(results, SELECTED, lang, book, new Date('2026-12-04T09:00:00Z'))).get('report.html')!);
      return [lang, file];
    }),
  ) as Record<'ko' | 'en', string>;
});

const VIEWPORTS = [
  { name: 'laptop-1366', width: 1366, height: 768, mobile: false },
  { name: 'phone-390', width: 390, height: 844, mobile: true },
] as const;
const SELECTORS = ['#summary', '#histogram', '#flags', '#flags li', '#students', 'table.students td.more', 'section.similarity'] as const;

if (!CHROMIUM) {
  // Loud on purpose: a skipped layout check must never pass for a checked one.
  console.error('\n*** report.html layout NOT CHECKED: no chromium on this machine. Install it: apt-get install -y chromium fonts-noto-cjk (.ci/run does) ***\n');
}

describe.skipIf(!CHROMIUM)(`report.html in headless Chromium${CHROMIUM ? '' : ' — SKIPPED: chromium is not installed (apt-get install -y chromium fonts-noto-cjk)'}`, () => {
  let layouts: Record<'ko' | 'en', ReturnType<typeof measure>>;
  beforeAll(() => {
    const written = pages!;
    // One browser at a time; a failure is reported by the tests that await it (the empty catch only marks it handled meanwhile).
    const ko = measure(written.ko, VIEWPORTS, SELECTORS);
    layouts = { ko, en: ko.then(() => measure(written.en, VIEWPORTS, SELECTORS), () => measure(written.en, VIEWPORTS, SELECTORS)) };
    for (const pending of Object.values(layouts)) pending.catch(() => undefined);
  });

  test.each((['ko', 'en'] as const).flatMap((lang) => VIEWPORTS.map((viewport, index) => [lang, viewport.name, index] as const)))('%s %s: the summary, histogram and flags are above the fold, and nothing scrolls sideways', async (lang, _name, index) => {
    const all = await layouts[lang];
    keepShots(all, VIEWPORTS.map((viewport) => `${lang}-${viewport.name}`), process.env['REPORT_SHOTS']);
    const { boxes, content } = all[index]!;
    const viewport = VIEWPORTS[index]!;
    for (const selector of ['#summary', '#histogram', '#flags', '#flags li'] as const) {
      const box = boxes[selector];
      expect(box, selector).not.toBeNull();
      expect(box!.y, `${selector} starts on the first screen`).toBeLessThan(viewport.height);
    }
    // The histogram is whole on the first screen; the first flag (the similar pair) is readable there too.
    expect(boxes['#histogram']!.y + boxes['#histogram']!.height).toBeLessThanOrEqual(viewport.height);
    expect(boxes['#flags li']!.y + boxes['#flags li']!.height).toBeLessThanOrEqual(viewport.height);
    expect(content.width, 'no sideways scrolling').toBeLessThanOrEqual(viewport.width);
    // The similarity section follows the students, not the end of a page of tables.
    expect(boxes['section.similarity']!.y).toBeGreaterThan(boxes['#students']!.y);
  });

  test('at 1366 px the reason column gets room, and the page is a few screens, not a dozen', async () => {
    const [laptop] = await layouts.en;
    expect(laptop!.boxes['table.students td.more']!.width).toBeGreaterThanOrEqual(400);
    expect(laptop!.content.height).toBeLessThan(4 * 768);
  });
});
