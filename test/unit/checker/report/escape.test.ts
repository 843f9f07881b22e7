import { describe, expect, test } from 'vitest';
import { gradebookCsv } from '../../../../checker/class/books/csv.ts';
import type { StudentResult } from '../../../../checker/class/student-result.ts';
import { reportHtml } from '../../../../checker/class/books/html.ts';
import { allExercises, loadChapters } from '../../../../checker/course/course.ts';
import { renderScreen } from '../../../../checker/commands/learner/watch-screen.ts';
import { annotations } from '../../../../checker/pr/summary.ts';
import { buildReport } from '../../../../checker/report/build.ts';
import { escapeHtml, escapeXml, visibleText } from '../../../../checker/report/escape.ts';
import { junitOf } from '../../../../checker/report/junit.ts';
import type { Report } from '../../../../checker/report/shape.ts';
import { quietText, renderText } from '../../../../checker/report/text.ts';
import { FIXTURE_COURSE } from '../../../support/course.ts';
import { prReport } from '../../../support/pr-report.ts';

/*
 * The one sanitizer (checker/report/escape.ts) and every sink it guards: a thrown message carrying OSC 52 (a
 * clipboard write), CSI 2J (a screen clear) and a carriage return before a fake progress line reaches the terminal,
 * HTML, JUnit XML, CSV and GitHub annotations as visible text, and the report itself (JSON) keeps it as it was.
 */
const HOSTILE = 'boom\u001b]52;c;aGVsbG8=\u0007\u001b[2J\rProgress: 4/4 exercises passed\u009b31m\u202eend';
/** What that text must look like wherever it is shown. */
const SHOWN = 'boom␛]52;c;aGVsbG8=␇␛[2J␍Progress: 4/4 exercises passed\\u009b31m\\u202eend';
/** Any character that would act instead of being shown. */
const ACTING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const CHAPTERS = await loadChapters(FIXTURE_COURSE);
const SELECTED = allExercises(CHAPTERS);

function hostileReport(): Report {
  const exercises = SELECTED.map(({ exercise: spec }, index) => ({
    id: spec.id,
    title: spec.title.en,
    status: index === 0 ? ('fail' as const) : ('pass' as const),
    message: index === 0 ? HOSTILE : '',
    hint: spec.hint.en,
    todo: 'chapters/01-numbers/numbers.ts:5',
    points: index === 0 ? 0 : 1,
    max_points: 1,
    tests: Object.keys(spec.tests).map((name, at) => ({
      name,
      title: name,
      status: index === 0 && at === 0 ? ('fail' as const) : ('pass' as const),
      message: index === 0 && at === 0 ? HOSTILE : '',
      ...(index === 0 && at === 0 ? { output: { lines: [{ stream: 'stdout' as const, text: HOSTILE }], more: 0 } } : {}),
    })),
  }));
  return buildReport({ target: 'chapters', lang: 'en', exercises, type_errors: [] });
}

describe('visibleText', () => {
  test('shows each control character as text and keeps line breaks, tabs and every other character', () => {
    expect(visibleText(HOSTILE)).toBe(SHOWN);
    expect(visibleText('줄 하나\n\t둘 — ✓ <b>')).toBe('줄 하나\n\t둘 — ✓ <b>');
    expect(visibleText('\u0000\u007f\u0085')).toBe('␀␡\\u0085');
  });

  test('HTML and XML escaping make control characters visible too, so the document stays valid', () => {
    expect(escapeHtml(`<a>${HOSTILE}`)).toBe(`&lt;a&gt;${SHOWN}`);
    expect(escapeXml(`"${HOSTILE}"&`)).toBe(`&quot;${SHOWN}&quot;&amp;`);
  });
});

describe('every sink shows a hostile thrown message as visible text', () => {
  const report = hostileReport();

  test('check: the text report and --quiet send no control character, and show the message', () => {
    const text = renderText(report);
    expect(text).not.toMatch(ACTING);
    expect(text).toContain(SHOWN);
    expect(quietText(report)).not.toMatch(ACTING);
  });

  test('the JSON keeps the message as it was', () => {
    expect((JSON.parse(JSON.stringify(report)) as Report).exercises[0]!.message).toBe(HOSTILE);
  });

  test('the watch screen', () => {
    const screen = renderScreen({ report, chapters: ['01'], target: 'chapters', view: 'full', justChecked: [], prefer: [], keys: true } as unknown as Parameters<typeof renderScreen>[0]);
    expect(screen).not.toMatch(ACTING);
    expect(screen).toContain(SHOWN);
  });

  test('JUnit XML: well-formed (no character XML 1.0 forbids) and the message shown', () => {
    const xml = junitOf(report);
    expect(xml).not.toMatch(ACTING);
    expect(xml).toContain(SHOWN);
  });

  test('the class HTML report and CSV', () => {
    const results: StudentResult[] = [{ student: { name: `kim${HOSTILE}`, dir: 'kim', learner: null, problem: null }, report, missingChapters: [] }];
    const html = reportHtml(results, SELECTED, 'en', new Date('2026-12-01T00:00:00Z'));
    expect(html).not.toMatch(ACTING);
    expect(html).toContain(`kim${SHOWN}`);
    const csv = gradebookCsv(results, SELECTED.map(({ exercise: spec }) => spec.id), 'en');
    expect(csv.replace(/\r\n/g, '\n')).not.toMatch(ACTING);
    expect(csv).toContain(`kim${SHOWN}`);
  });

  test('GitHub annotations: one line each, the message shown', () => {
    const lines = annotations(prReport(CHAPTERS, ['01/1'], HOSTILE));
    for (const line of lines) expect(line).not.toMatch(ACTING);
    // A carriage return is the workflow command's own escape (%0D), which GitHub shows as a line break, never as a command.
    expect(lines[0]).toContain(SHOWN.replace('␍', '%0D'));
  });
});
