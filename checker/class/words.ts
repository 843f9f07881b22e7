import type { Lang } from '../i18n.ts';
import { ZIP_LIMITS } from './unzip.ts';
import type { ZipRefusal } from './unzip.ts';

const ko = {
  notFolder: '학생 폴더가 아니다(파일이거나 끊어진 링크)',
  empty: '빈 폴더',
  noChapters: '챕터 폴더가 하나도 없다(그 안에도, chapters/에도, 그것을 감싼 폴더 하나 안에도)',
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
    `${dir}는 제출물 폴더가 아니라 과정 사본이나 학생 한 명의 폴더로 보인다(장 폴더가 바로 들어 있다). 채점하지 않았다.\n제출물 폴더에는 학생마다 폴더 하나나 .zip 파일 하나가 있어야 한다. 학생 한 명은 npm run check -- --target ${dir}로 채점한다.`,
  missing: (dirs: string) => `챕터 폴더 없음: ${dirs}`,
  typeErrors: (count: number, first: string) => `타입 오류 ${count}개(첫 오류: ${first})`,
  syntaxErrors: (count: number, first: string) => `문법 오류 ${count}개(첫 오류: ${first})`,
  timeout: (ids: string) => `시간 초과: ${ids}`,
  error: (ids: string) => `실행 오류: ${ids}`,
  failing: (ids: string) => `통과하지 못한 연습: ${ids}`,
  allPassed: '모든 연습 통과',
  found: (students: number, units: number) =>
    `학생 ${students}명을 찾았다. 서로 다른 챕터 내용 ${units}개를 채점한다(같은 내용은 한 번만 채점한다).`,
  progress: (done: number, total: number) => `채점 중: 테스트 파일 ${done}/${total}`,
  finished: (seconds: string) => `채점을 마쳤다: ${seconds}초`,
  wrote: (file: string) => `썼다: ${file}`,
  noStudents: (dir: string) => `학생 폴더가 없다: ${dir}`,
  student: '학생',
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
  test: '테스트',
  none: '없음',
  generated: (count: number, when: string) => `학생 ${count}명 · ${when} 생성`,
};

/** The class gradebook's own words; every language has every key. */
export type ClassWords = typeof ko;

const en: ClassWords = {
  notFolder: 'not a student folder (a file or a broken link)',
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
  allPassed: 'every exercise passed',
  found: (students, units) => `Found ${students} students. Grading ${units} distinct chapter contents (identical contents are graded once).`,
  progress: (done, total) => `Grading: test files ${done}/${total}`,
  finished: (seconds) => `Grading finished in ${seconds} s`,
  wrote: (file) => `Wrote ${file}`,
  noStudents: (dir) => `No student folders in ${dir}`,
  student: 'student',
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
  test: 'test',
  none: 'none',
  generated: (count, when) => `${count} students · generated ${when}`,
};

/** The class gradebook's words in the given language. */
export function classWords(lang: Lang): ClassWords {
  return lang === 'en' ? en : ko;
}
