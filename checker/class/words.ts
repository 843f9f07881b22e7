import type { Lang } from '../usage/messages.ts';
import type { TypeCheckFailure } from '../grading/typecheck.ts';
import { ZIP_LIMITS } from './intake/unzip.ts';
import type { ZipRefusal } from './intake/unzip.ts';
import type { DuplicateRows } from './review/merge.ts';
import { josa } from '../suites/_lib/josa.ts';

const ko = {
  notFolder: '학생 폴더가 아니다(파일이거나 끊어진 링크)',
  link: '학생 폴더가 아니라 링크라 따라가지 않고 채점하지 않았다',
  empty: '빈 폴더',
  noChapters: '장 폴더가 하나도 없다(그 안에도, chapters/에도, 그것을 감싼 폴더 하나 안에도)',
  zipRefused: (why: ZipRefusal, entry: string) =>
    ({
      unreadable: 'ZIP 파일을 읽을 수 없다(망가졌거나 ZIP이 아니다)',
      escapes: `ZIP을 풀지 않았다: 폴더 밖을 가리키는 항목이 있다(${entry})`,
      link: `ZIP을 풀지 않았다: 링크 항목이 있다(${entry})`,
      'too-big': `ZIP을 풀지 않았다: 풀면 ${ZIP_LIMITS.bytes / 1_000_000}MB를 넘는다(${entry})`,
      'too-many': `ZIP을 풀지 않았다: 항목이 ${ZIP_LIMITS.entries}개를 넘는다`,
    })[why],
  stray: (name: string) => `학생 제출물이 아니라 건너뛴다(폴더도 .zip도 아닌 파일): ${name}`,
  notSubmissions: (dir: string) =>
    `${josa(dir, '은/는')} 제출물 폴더가 아니라 과정 사본이나 학생 한 명의 폴더로 보인다(장 폴더가 바로 들어 있다). 채점하지 않았다.\n제출물 폴더에는 학생마다 폴더 하나나 .zip 파일 하나가 있어야 한다. 학생 한 명은 npm run check -- --target ${josa(dir, '으로/로')} 채점한다.`,
  missing: (dirs: string) => `장 폴더 없음: ${dirs}`,
  typeErrors: (count: number, first: string) => `타입 오류 ${count}개(첫 오류: ${first})`,
  syntaxErrors: (count: number, first: string) => `문법 오류 ${count}개(첫 오류: ${first})`,
  timeout: (ids: string) => `시간 초과: ${ids}`,
  error: (ids: string) => `실행 오류: ${ids}`,
  failing: (ids: string) => `통과하지 못한 연습: ${ids}`,
  noCommitByDeadline: '마감 시각까지의 커밋이 없다',
  gradedCommit: (commit: string, date: string) => `커밋 ${commit}(${date})을 채점함`,
  gradedAsIs: '.git이 없어 지금 모습 그대로 채점함',
  notOwnCommit: (why: 'course-history' | 'starter'): string =>
    why === 'course-history' ? '주의: 그 커밋은 과정 저장소의 커밋이다. 학생이 직접 한 커밋이 없다' : '주의: 그 커밋의 장 폴더는 시작 코드 그대로다. 학생이 직접 한 작업이 커밋에 없다',
  newerWork: (why: 'uncommitted' | 'after-deadline'): string =>
    why === 'uncommitted' ? '주의: 사본에 커밋하지 않은 더 새 작업이 있다(채점하지 않음)' : '주의: 사본에 마감 뒤에 커밋한 더 새 작업이 있다(채점하지 않음)',
  deadlineSummary: (kind: 'newer' | 'notOwn', names: string): string =>
    kind === 'newer' ? `주의: 마감 시각의 커밋보다 새 작업이 사본에 있어 그 작업은 채점하지 않았다: ${names}` : `주의: 채점한 커밋에 학생이 직접 한 작업이 없다(과정의 커밋이거나 시작 코드 그대로): ${names}`,
  allPassed: '모든 연습 통과',
  found: (students: number, units: number) =>
    `학생 ${students}명을 찾았다. 서로 다른 장 내용 ${units}개를 채점한다(손대지 않은 시작 코드처럼 같은 내용은 한 번만 채점한다).`,
  progressDetail: (done: number, total: number, who: string, left: number | null) =>
    `채점 중: 테스트 파일 ${done}/${total}${who ? ` · ${who}` : ''}${left === null ? '' : ` · 남은 시간 약 ${clock(left)}`}`,
  finished: (seconds: string) => `채점을 마쳤다: ${seconds}초`,
  wrote: (file: string) => `썼다: ${file}`,
  typecheckFailed: (failure: TypeCheckFailure) =>
    `${failure.reason === 'timeout' ? `반 전체의 타입 검사(tsc)가 ${failure.limitMs / 1000}초 동안 CPU를 전혀 쓰지 않은 채 멈춰 있어 중단했다.` : '반 전체의 타입 검사(tsc)가 답을 내지 못하고 끝났다(시작하지 못했거나, 모든 장에서 중간에 끝났다).'} 이대로 쓰면 모든 학생의 모든 연습이 0점이 되므로 성적표를 쓰지 않았다(채점기의 문제이지 학생의 잘못이 아니다; 검사하기에 너무 비싼 장은 그 학생의 행에만 적힌다).\n${failure.reason === 'timeout' ? '무엇이 tsc를 멈춰 세웠는지(디스크, 일시 정지된 프로세스) 살핀 뒤 다시 채점하라.' : 'npm ci로 패키지를 다시 설치하고 다시 채점하라.'}`,
  noStudents: (dir: string) => `학생 폴더가 없다: ${dir}`,
  noGradebook: (dir: string) => `--only: ${dir}에 이 채점기가 쓴 gradebook.json이 없다. 먼저 반 전체를 --out ${josa(dir, '으로/로')} 채점하라.`,
  noSuchStudents: (names: string, dir: string) => `--only: ${dir}에 이런 제출물이 없다: ${names}. 아무것도 쓰지 않았다.`,
  rosterUnknown: (name: string) => `주의: 명부(roster)의 ${name}에 해당하는 제출물이 없다.`,
  bookForged: (dir: string, file: string) => `${dir}: 서명과 맞지 않는다(${file}). 채점 뒤에 무언가가 성적표를 고쳐 썼거나 파일을 더하거나 뺐다. 이 성적표는 쓰지 않는다.`,
  bookVerified: (dir: string) => `${dir}: 서명과 맞다.`,
  checkerUnverified: '주의: 채점기 파일을 커밋과 대조하지 못했다(git 기록이 없거나 git이 이 사본을 읽지 못한다. 다른 사용자로 돌린다면 safe.directory). 성적표의 checker_verified가 false다.',
  noAssignment: (name: string, known: string) => `--assignment: 반 설정 파일(--config)에 '${name}' 과제가 없다. 있는 과제: ${known}`,
  onlyDisagrees: (what: string, dir: string) =>
    `--only: 다시 채점하지 않았다. ${dir}의 성적표와 설정이 다르다(${what}). 성적표를 만든 설정(같은 --config, --deadline, --suites, --timeout, 같은 채점기)으로 다시 채점하거나, 반 전체를 새로 채점하라.`,
  noGradebookIn: (dir: string) => `${dir}에 이 채점기가 쓴 gradebook.json이 없다.`,
  duplicateRows: ({ rows, shared }: DuplicateRows) =>
    `성적표를 쓰지 않았다: ${josa(rows[0], '와/과')} ${josa(rows[1], '은/는')} 한 학생이다(${'key' in shared ? `학생 키 ${shared.key}` : `학번 ${shared.id}`}). 두 행 중 하나가 다른 하나를 덮어쓴다. 명부의 키와 제출물 이름을 맞춘 뒤 다시 채점하라(조각으로 나눴으면 조각을 모두).`,
  shardsDisagree: (what: string) => `성적표를 합치지 않았다: 조각들이 맞지 않는다(${what}). 같은 채점기와 설정으로 --shard 1/n부터 n/n까지 모두 채점한 성적표를 적어라.`,
  diffNone: '두 성적표가 같다: 점수가 바뀐 학생이 없다.',
  diffMoved: (student: string, before: number, after: number) => `${student}: 점수 ${before} → ${after}`,
  diffBefore: '이전',
  diffAfter: '이후',
  diffAdded: (names: string) => `새로 들어온 학생: ${names}`,
  diffRemoved: (names: string) => `빠진 학생: ${names}`,
  student: '학생',
  id: '학번',
  pointsOf: (id: string) => `${id} 점수`,
  percent: '백분율',
  total: '점수',
  max: '만점',
  testsPassed: '통과한 테스트',
  testsTotal: '전체 테스트',
  reason: '사유',
  title: '채점 결과',
  heatmap: '학생 × 연습 히트맵',
  exerciseRates: '연습별 실패율',
  testRates: '테스트별 실패율',
  commonMessage: '가장 흔한 실패 메시지',
  failureRate: '실패율',
  failed: '실패 학생 / 낸 학생',
  ratesOutOf: '실패율의 분모는 그 장의 폴더를 낸 학생 수다(빈 폴더, 폴더가 아닌 것, 그 장 폴더가 없는 학생은 빼고 센다).',
  failedOf: (failed: number, graded: number) => `${failed}/${graded}명`,
  exercise: '연습',
  exerciseTitle: '제목',
  notHandedIn: '내지 않음',
  unreadable: '읽을 수 없음',
  statistics: '반 통계',
  scoreSummary: (mean: string, median: string, count: number) => `점수 평균 ${mean} · 중앙값 ${median} (채점한 학생 ${count}명)`,
  scoreSpread: '점수 분포(점수: 학생 수)',
  meanPoints: '평균 점수',
  medianPoints: '중앙값',
  provenance: '이 성적표를 만든 것',
  setting: '항목',
  value: '값',
  checkerCommit: '채점기 커밋',
  noCommit: '(git 기록 없음)',
  limits: '제한 시간(파일 / 테스트)',
  privateSuites: '비공개 테스트(SHA-256)',
  weights: '가중치',
  manifestWeights: '매니페스트의 가중치',
  deadline: '마감',
  generatedAt: '만든 시각',
  regraded: '다시 채점',
  test: '테스트',
  none: '없음',
  generated: (count: number, when: string) => `학생 ${count}명 · ${when} 생성`,
};

/** The class gradebook's own words; every language has every key. */
export type ClassWords = typeof ko;

const en: ClassWords = {
  notFolder: 'not a student folder (a file or a broken link)',
  link: 'a link, not a student folder: not followed, not graded',
  empty: 'empty folder',
  noChapters: 'no chapter folders at all (not in it, not in its chapters/, not inside one wrapper folder)',
  zipRefused: (why, entry) =>
    ({
      unreadable: 'the ZIP file cannot be read (damaged, or not a ZIP)',
      escapes: `ZIP not unpacked: an entry points outside its folder (${entry})`,
      link: `ZIP not unpacked: it holds a link (${entry})`,
      'too-big': `ZIP not unpacked: it would unpack to more than ${ZIP_LIMITS.bytes / 1_000_000} MB (${entry})`,
      'too-many': `ZIP not unpacked: it holds more than ${ZIP_LIMITS.entries} entries`,
    })[why],
  stray: (name) => `Skipped, not a submission (neither a folder nor a .zip): ${name}`,
  notSubmissions: (dir) =>
    `${dir} looks like a copy of the course or one student's folder (it holds chapter folders itself), not a submissions folder. Nothing was graded.\nA submissions folder holds one folder or one .zip file per student. Grade one student with npm run check -- --target ${dir}`,
  missing: (dirs) => `missing chapter folders: ${dirs}`,
  typeErrors: (count, first) => `${count} type error${count === 1 ? '' : 's'} (first: ${first})`,
  syntaxErrors: (count, first) => `${count} syntax error${count === 1 ? '' : 's'} (first: ${first})`,
  timeout: (ids) => `timed out: ${ids}`,
  error: (ids) => `errors: ${ids}`,
  failing: (ids) => `not passed: ${ids}`,
  noCommitByDeadline: 'no commit by the deadline',
  gradedCommit: (commit, date) => `graded commit ${commit} (${date})`,
  gradedAsIs: 'no .git: graded as it is',
  notOwnCommit: (why) =>
    why === 'course-history' ? 'warning: that commit is the course repository\'s own; the student made no commit' : 'warning: that commit\'s chapter folders are the starter as it was; no work of the student\'s is committed',
  newerWork: (why) =>
    why === 'uncommitted' ? 'warning: the copy holds newer work that was never committed (not graded)' : 'warning: the copy holds newer work committed after the deadline (not graded)',
  deadlineSummary: (kind, names) =>
    kind === 'newer' ? `Warning: these copies hold work newer than their commit at the deadline, which was not graded: ${names}` : `Warning: the commit graded holds no work of the student's own (a commit of the course, or the starter as it was): ${names}`,
  allPassed: 'every exercise passed',
  found: (students, units) => `Found ${students} students. Grading ${units} distinct chapter contents (identical contents, such as untouched starters, are graded once).`,
  progressDetail: (done, total, who, left) => `Grading: test files ${done}/${total}${who ? ` · ${who}` : ''}${left === null ? '' : ` · about ${clock(left)} left`}`,
  finished: (seconds) => `Grading finished in ${seconds} s`,
  wrote: (file) => `Wrote ${file}`,
  typecheckFailed: (failure) =>
    `${failure.reason === 'timeout' ? `The class's type check (tsc) used no CPU at all for ${failure.limitMs / 1000} s and was stopped.` : "The class's type check (tsc) ended without an answer (it could not start, or stopped partway on every chapter)."} Written as it is, every exercise of every student would score 0, so no gradebook was written (this is the checker's problem, not the students'; a chapter too costly to check is reported in its student's row only).\n${failure.reason === 'timeout' ? 'See what held tsc still (a disk, a paused process), then grade again.' : 'Reinstall the packages with npm ci and grade again.'}`,
  noStudents: (dir) => `No student folders in ${dir}`,
  noGradebook: (dir) => `--only: ${dir} holds no gradebook.json written by this checker. Grade the whole class with --out ${dir} first.`,
  noSuchStudents: (names, dir) => `--only: no such submissions in ${dir}: ${names}. Nothing was written.`,
  rosterUnknown: (name) => `Warning: the roster names ${name}, but there is no such submission.`,
  bookForged: (dir, file) => `${dir}: does not match its signature (${file}). Something rewrote the gradebook after grading, or added or took away a file. Do not use it.`,
  bookVerified: (dir) => `${dir}: matches its signature.`,
  checkerUnverified: 'Warning: the checker\'s files could not be checked against its commit (no git history, or git cannot read this copy: run as another user, it needs safe.directory). The gradebook records checker_verified: false.',
  noAssignment: (name, known) => `--assignment: the class file (--config) has no assignment named ${name}. Its assignments: ${known}`,
  onlyDisagrees: (what, dir) =>
    `--only: nothing regraded. The settings differ from the gradebook's in ${dir} (${what}). Regrade with the settings it was made with (the same --config, --deadline, --suites, --timeout and checker), or grade the whole class again.`,
  noGradebookIn: (dir) => `${dir} holds no gradebook.json written by this checker.`,
  duplicateRows: ({ rows, shared }) =>
    `No gradebook written: ${rows[0]} and ${rows[1]} are one student (${'key' in shared ? `student key ${shared.key}` : `SIS id ${shared.id}`}); one row would overwrite the other in an LMS import. Make the roster's keys and the submission names agree, then grade again (every shard, if you sharded).`,
  shardsDisagree: (what) => `Not merged: the shards do not fit together (${what}). Give the gradebooks of every shard, 1/n to n/n, graded by the same checker with the same settings.`,
  diffNone: 'The two gradebooks agree: no student\'s score moved.',
  diffMoved: (student, before, after) => `${student}: score ${before} → ${after}`,
  diffBefore: 'before',
  diffAfter: 'after',
  diffAdded: (names) => `new students: ${names}`,
  diffRemoved: (names) => `students no longer there: ${names}`,
  student: 'student',
  id: 'id',
  pointsOf: (id) => `${id} points`,
  percent: 'percent',
  total: 'score',
  max: 'max',
  testsPassed: 'tests passed',
  testsTotal: 'tests total',
  reason: 'reason',
  title: 'Gradebook',
  heatmap: 'Students × exercises heatmap',
  exerciseRates: 'Failure rate per exercise',
  testRates: 'Failure rate per test',
  commonMessage: 'Most common failure message',
  failureRate: 'failure rate',
  failed: 'failing / handed in',
  ratesOutOf: 'Rates are out of the students who handed in that chapter\'s folder (empty folders, non-folders and students without that chapter folder are not counted).',
  failedOf: (failed, graded) => `${failed} of ${graded}`,
  exercise: 'exercise',
  exerciseTitle: 'title',
  notHandedIn: 'not handed in',
  unreadable: 'could not be read',
  statistics: 'Class statistics',
  scoreSummary: (mean, median, count) => `score mean ${mean} · median ${median} (${count} students graded)`,
  scoreSpread: 'score distribution (score: students)',
  meanPoints: 'mean points',
  medianPoints: 'median',
  provenance: 'What produced this gradebook',
  setting: 'setting',
  value: 'value',
  checkerCommit: 'checker commit',
  noCommit: '(no git history)',
  limits: 'time limits (file / test)',
  privateSuites: 'private suites (SHA-256)',
  weights: 'weights',
  manifestWeights: "the manifest's weights",
  deadline: 'deadline',
  generatedAt: 'generated at',
  regraded: 'regraded',
  test: 'test',
  none: 'none',
  generated: (count, when) => `${count} students · generated ${when}`,
};

/** Seconds as m:ss. */
function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The class gradebook's words in the given language. */
export function classWords(lang: Lang): ClassWords {
  return lang === 'en' ? en : ko;
}
