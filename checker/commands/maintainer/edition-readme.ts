/**
 * The student edition's own texts: its README (the course README's learner parts, nothing about solutions, the
 * instructor's grading or the repository's tests), its `.ci/run`, and the learner-facing rewrites of files it keeps.
 */

/** Words and paths that belong to the instructor's side of the course: no text of the edition may hold one. */
export const INSTRUCTOR_WORDS = [
  'solutions/',
  '--target solutions',
  'instructors.md',
  'maintainers.md',
  'docs/ci.md',
  'docs/instructors/',
  'docs/maintainers/',
  'docs/ci/',
  'grade-class',
  'gradescope',
  'npm run grade',
  'npm run mutate',
  'npm run bench',
  'npm run edition',
  '`npm test`는 과정 관리자용',
  '`npm test` is for course maintainers',
] as const;

/** A sentence (Korean or English) speaks of the instructor's side when it holds one of these. */
const NOT_FOR_LEARNERS = /solutions|npm test|maintainer|관리자|instructors\.md|정답|풀이를|grade:|`grade`/i;

/** The lines of the section that starts at a heading line equal to `heading`, up to the next heading of the same or a higher level. */
function section(lines: readonly string[], heading: string): string[] {
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const level = /^#+/.exec(heading)![0].length;
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level);
  return lines.slice(start, end < 0 ? undefined : end);
}

/** A paragraph without its sentences that speak of the instructor's side (sentences end in `.`, `다.` or `;`-joined clauses are kept whole). */
function forLearners(paragraph: string): string {
  if (/^(\||```|#|- |\d+\. |flowchart|    )/.test(paragraph)) return paragraph;
  const sentences = paragraph.split(/(?<=[.!?])\s+/);
  // A paragraph that opens on the solutions is about them throughout (how they are annotated, when to open them).
  if (/solutions/i.test(sentences[0] ?? '')) return '';
  return sentences.map((sentence) => (NOT_FOR_LEARNERS.test(sentence) ? sentence.replace(/;[^;]*(npm test|maintainer)[^;]*\.$/i, '.') : sentence)).filter((sentence) => !NOT_FOR_LEARNERS.test(sentence)).join(' ');
}

/** The rows of the README's script table a learner runs (the first column names the learner), under the table's header. */
function learnerTable(lines: readonly string[], who: string): string[] {
  const header = lines.findIndex((line, index) => line.startsWith('| ') && lines[index + 1]?.startsWith('| ---') && lines[index + 2]?.startsWith(`| ${who} |`));
  if (header < 0) return [];
  const rows = lines.slice(header + 2).filter((line, index, all) => line.startsWith(`| ${who} |`) && all.slice(0, index).every((earlier) => earlier.startsWith('| ')));
  return [lines[header]!, lines[header + 1]!, ...rows];
}

/** Phrases of the course README's kept paragraphs that point at the solutions, and what a learner's README says instead. */
const SOLUTION_PHRASES: readonly [string, string][] = [
  [', 장·과정 완료, 장을 마치면 풀이와 비교하는 명령을 알려 준다', ', 장·과정 완료를 알려 준다'],
  [', a completed chapter or course, and, once a chapter is complete, the command that compares it with the solution', ', and a completed chapter or course'],
  [', a mirrored solution,', ','],
];

/** Keeps the learner's parts of a block of lines: every paragraph through forLearners, empty ones dropped. */
function keep(lines: readonly string[]): string[] {
  return lines.map((line) => SOLUTION_PHRASES.reduce((text, [from, to]) => text.replace(from, to), forLearners(line))).filter((line, index, all) => line !== '' || (all[index - 1] ?? '') !== '');
}

/**
 * The edition's README from the course README: the title, introduction and chapter table, the quick start, how to
 * take the course and the learner's commands, in Korean and in English; every sentence about the solutions, the
 * instructor's grading or the repository's own tests left out; then `note` (which tests are public).
 */
export function studentReadme(readme: string, note: string): string {
  const lines = readme.split('\n');
  const english = lines.indexOf('## English');
  const korean = lines.slice(0, english);
  const intro = korean.slice(0, korean.findIndex((line) => line.startsWith('## ')));
  const ko = [
    ...keep(intro),
    ...keep(section(korean, '## 빠른 시작')),
    '`npm test`는 `npm run check`와 같다.',
    '',
    ...keep(section(korean, '## 수업 진행 방법')),
    '## 명령',
    '',
    ...keep(learnerTable(korean, '학습자')),
    '',
  ];
  const englishLines = lines.slice(english);
  const en = [
    ...keep(englishLines.slice(0, englishLines.findIndex((line, index) => index > 0 && line.startsWith('### ')))),
    ...keep(section(englishLines, '### Quick start')),
    '`npm test` is the same as `npm run check`.',
    '',
    ...keep(section(englishLines, '### Taking the course')),
    '### Commands',
    '',
    ...keep(learnerTable(englishLines, 'learner')),
    '',
  ];
  const [koNote, enNote] = note.split('\n## The tests in this repository');
  return `${[...ko, koNote!.trimEnd(), '', ...en, `### The tests in this repository${enNote!}`.trimEnd()].join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

/** The edition's `.ci/run`: what a learner's own CI runs on their copy (install, type-check the chapters, grade them with the public suites). */
export const STUDENT_CI = `#!/usr/bin/env bash
# CI for your copy of the workshop: a clean install from the lockfile, then your chapters type-checked and graded
# with the public suites (checker/suites/). It stays red until every exercise passes: that is your progress, and
# the report above the last line says which exercise to fix next.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm run typecheck:chapters
npm run check -- --all
`;

/**
 * A kept text of the course as a learner reads it: lines that show how to run the solutions (`--target solutions`)
 * are left out, and a parenthesis that points at \`solutions/\` is taken out of its sentence.
 */
export function learnerText(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.includes('--target solutions') && !/^\| [^|]+ \| [^|]+ \| [^|]*`solutions\/`/.test(line))
    .map((line) => line.replace(/ ?\([^()]*`solutions\/`[^()]*\)/g, ''))
    .join('\n');
}
