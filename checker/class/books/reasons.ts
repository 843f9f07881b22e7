import type { Lang } from '../../usage/messages.ts';
import type { StudentResult } from '../student-result.ts';
import { classWords } from '../words.ts';
import { leftOutLine } from '../../usage/intake-words.ts';
import { submissionName } from '../intake/lms-names.ts';

/** Why a student's row is not full marks beyond plain failing tests: no folder, missing chapters, type errors, timeouts, crashes. */
export function reasonOf(result: StudentResult, lang: Lang): string {
  const { student } = result;
  const reason = gradedReason(result, lang);
  // What the submission held at the course's paths and grading left out (a link, a config file, …), named last.
  return student.leftOut && student.leftOut.length > 0 ? `${reason}; ${leftOutLine(student.leftOut, lang)}` : reason;
}

/** The row's reason before what was left out. */
function gradedReason(result: StudentResult, lang: Lang): string {
  const say = classWords(lang);
  const { student, report } = result;
  if (student.problem === 'not-folder') return say.notFolder;
  if (student.problem === 'link') return say.link;
  if (student.problem === 'empty') return say.empty;
  if (student.problem === 'no-chapters') return say.noChapters;
  if (student.problem === 'no-commit') return say.noCommitByDeadline;
  if (student.problem === 'not-handed-in') return say.notHandedIn;
  if (student.problem === 'zip-refused') return say.zipRefused(student.zip?.why ?? 'unreadable', student.zip?.entry ?? '');
  const parts: string[] = [];
  if (result.missingChapters.length > 0) parts.push(say.missing(result.missingChapters.join(', ')));
  for (const kind of ['syntax', 'type'] as const) {
    const problems = report.type_errors.filter((problem) => problem.kind === kind);
    const first = problems[0];
    if (first) parts.push((kind === 'syntax' ? say.syntaxErrors : say.typeErrors)(problems.length, `${first.file}:${first.line} ${first.code}`));
  }
  const graded = report.exercises.filter((exercise) => handedIn(result, exercise.id));
  const ids = (status: string) => graded.filter((exercise) => exercise.status === status).map((exercise) => exercise.id).join(', ');
  if (ids('timeout')) parts.push(say.timeout(ids('timeout')));
  // A type check that gave no answer (a chapter too costly to check) says why in its own words, with the exercises it stopped.
  const unchecked = new Map<string, string[]>();
  for (const exercise of graded) if (exercise.status === 'error' && exercise.blocked?.kind === 'type_check_failed') unchecked.set(exercise.blocked.message, [...(unchecked.get(exercise.blocked.message) ?? []), exercise.id]);
  for (const [message, stopped] of unchecked) parts.push(`${message} (${stopped.join(', ')})`);
  const errors = graded.filter((exercise) => exercise.status === 'error' && exercise.blocked?.kind !== 'type_check_failed').map((exercise) => exercise.id).join(', ');
  if (errors) parts.push(say.error(errors));
  // Every row says something: the failing exercises, or that all passed.
  if (parts.length === 0) parts.push(ids('fail') ? say.failing(ids('fail')) : say.allPassed);
  // With a deadline, which version was graded.
  if (student.snapshot?.kind === 'commit') {
    const { commit, date, newer, notOwn } = student.snapshot;
    parts.push(say.gradedCommit(commit.slice(0, 12), date));
    if (notOwn) parts.push(say.notOwnCommit(notOwn));
    if (newer) parts.push(say.newerWork(newer));
  }
  if (student.snapshot?.kind === 'no-git') parts.push(say.gradedAsIs);
  // How the ZIP was read, when not plainly: a person checks these rows first if a score looks wrong.
  const unzipped = student.unzipped;
  if (unzipped && unzipped.encodings.length > 0) parts.push(say.namesEncoded(unzipped.encodings.map((encoding) => encoding.toUpperCase()).join(', ')));
  if (unzipped?.backslashes) parts.push(say.backslashNames);
  if (unzipped && unzipped.depth > 1) parts.push(say.zipInZip(unzipped.depth));
  // Canvas's own mark in the file name, as a deadline marks a late commit.
  if (isLate(student.name)) parts.push(say.canvasLate);
  return parts.join('; ');
}

/** True when the student handed in the chapter folder of this exercise (so its result says something about their work). */
export function handedIn(result: StudentResult, exerciseId: string): boolean {
  if (result.student.problem) return false;
  // A chapter folder's name starts with its id (checker/manifest/resolve.ts holds every manifest to that): `01/3` is in `01-…`.
  const chapterId = exerciseId.split('/')[0]!;
  return !result.missingChapters.some((dir) => dir.startsWith(`${chapterId}-`));
}

/** True when Canvas marked the submission late in its file name (intake/lms-names.ts). */
export function isLate(name: string): boolean {
  return submissionName(name).canvas?.late === true;
}
