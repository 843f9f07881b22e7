import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

/** What each class-file key holds, for the --config error; the keys themselves come from the class file's zod schema (course/class-file.ts). */
const KEY_NOTES: Record<Lang, Readonly<Record<string, string>>> = {
  ko: {
    weights: '연습 번호 → 0보다 큰 점수',
    roster: '제출물 이름 → 학번',
    deadline: '예: 2026-12-01T23:59:00+09:00',
    assignments: '과제 이름 → { exercises, deadline, weights }',
    canvasAssignment: 'gradebook-canvas.csv가 채울 Canvas 과제 이름',
    exercises: '장 번호나 연습 번호의 목록',
  },
  en: {
    weights: 'exercise id → points above 0',
    roster: 'submission name → student id',
    deadline: 'such as 2026-12-01T23:59:00+09:00',
    assignments: 'assignment name → { exercises, deadline, weights }',
    canvasAssignment: 'the Canvas assignment gradebook-canvas.csv fills',
    exercises: 'a list of chapter or exercise ids',
  },
};

const ko = {
  unknownCommand: (word: string) => `알 수 없는 명령: ${word}. 쓸 수 있는 명령: check, hint, watch, reset`,
  unknownOption: (name: string) => `알 수 없는 옵션: ${name}`,
  needsValue: (name: string) => `${name} 옵션에는 값이 필요하다. 예: ${name} ${name === '--lang' ? 'en' : name === '--timeout' ? '10' : 'DIR'}`,
  badLang: (value: string) => `--lang은 ko 또는 en이어야 한다. 받은 값: ${value}`,
  badTimeout: (value: string) => `--timeout은 1에서 600 사이의 초 수여야 한다. 받은 값: ${value}`,
  signedCheckNeeds: '서명하는 채점(signed-check)에는 --json FILE과 --shown-as NAME이 모두 필요하다.',
  signKey: '서명하는 채점(signed-check)은 표준 입력으로 16진수 64자리 키를 받아야 한다.',
  oneSubmissions: '제출물 폴더를 정확히 하나 적어라. 예: npm run grade -- ../class-2026 --out ../gradebook',
  badShard: (value: string) => `--shard는 i/n 꼴이어야 한다(1 ≤ i ≤ n ≤ 1000, 예: 2/8): "${value}"`,
  mergeNeedsBooks: '합칠 성적표 폴더를 하나 이상 적고, --out DIR도 적어라. 예: npm run grade:merge -- shard-1 shard-2 --out merged',
  twoGradebooks: '비교할 성적표 폴더를 둘 적어라. 예: npm run grade:diff -- ../gradebook-old ../gradebook-new',
  onlyNeedsOut: '--only는 이미 있는 성적표를 고친다: 그 성적표가 있는 --out DIR도 적어라',
  configUnreadable: (file: string, why: string) => `--config: ${josa(file, '을/를')} JSON으로 읽을 수 없다(${why})`,
  configBad: (file: string, key: string, keys: readonly string[]) => `--config: ${file}의 ${josa(key, '이/가')} 맞지 않다. 그 자리에 쓸 수 있는 키: ${keys.map((name) => (KEY_NOTES.ko[name] ? `${name}(${KEY_NOTES.ko[name]})` : name)).join(', ')}`,
  badDeadline: (where: string, value: string) => `${where}: 시각으로 읽을 수 없다: "${value}". 시간대까지 적어라. 예: 2026-12-01T23:59:00+09:00`,
  outInside: (out: string) => `--out 폴더(${out})는 제출물 폴더 밖에 있어야 한다.`,
  unexpectedArgument: (word: string) => `알 수 없는 인자: ${word}`,
  baseHeadRequired: '--base REF와 --head REF가 모두 필요하다. 예: npm run grade:pr -- --base origin/main --head HEAD',
  noChapters: (target: string, dirs: string) =>
    `${target}에 장 폴더가 없다: 저장소 사본(안에 chapters/가 있는 폴더)이나 ${dirs} 같은 장 폴더를 담은 chapters 폴더를 가리켜야 한다.`,
  suitesNotFolder: (dir: string) => `--suites: 폴더가 아니다: ${dir}`,
  suitesNotChapter: (name: string, dirs: string) => `--suites: ${josa(name, '은/는')} 장 폴더가 아니다(쓸 수 있는 것: ${dirs})`,
  suitesNoExercise: (file: string, id: string) => `--suites: ${josa(file, '은/는')} 없는 연습 ${josa(id, '을/를')} 가리킨다`,
  suitesNoNames: (file: string) => `--suites: ${file}에 이름이 글자 그대로 적힌 test('…')가 없다`,
  suitesRepeated: (file: string, name: string) => `--suites: ${file}에 테스트 "${name}"가 두 번 있다`,
  suitesBadName: (file: string) => `--suites: ${josa(file, '은/는')} 테스트 파일처럼 보이지만 이름이 <연습 번호>-<이름>.test.ts 꼴이 아니다(예: 3-strict.test.ts). 아무것도 채점하지 않았다`,
  suitesDoNotCompile: (line: string) => `--suites: 비공개 테스트가 시작 코드에 대해 컴파일되지 않는다. 아무것도 채점하지 않았다:\n    ${line}`,
  suitesNoStarters: (reason: 'no-git' | 'no-entry' | 'no-blob', detail: string) =>
    `--suites: 비공개 테스트는 커밋된 시작 코드(checker/starters.json이 가리키는 git blob)에 대해 타입 검사하는데, ${reason === 'no-git' ? `${detail}에 git 기록이 없어(ZIP으로 받았거나 풀어 놓은 트리)` : reason === 'no-entry' ? `checker/starters.json에 ${detail} 장이 없어` : `git 기록에 ${detail}의 blob이 없어`} 읽을 수 없다. 강좌의 git 사본에서 돌려라. 아무것도 채점하지 않았다`,
  notServable: (word: string, ids: readonly string[]) => `${josa(word, '은/는')} HTTP로 띄울 수 있는 장이 아니다. 쓸 수 있는 장: ${ids.join(', ')}`,
  notHostable: (word: string, ids: readonly string[]) => `${josa(word, '은/는')} 호스트에 등록할 서버가 있는 장이 아니다. 쓸 수 있는 장: ${ids.join(', ')}`,
  oneChapter: (command: string, ids: readonly string[]) => `띄울 장 번호를 하나 적어라. 쓸 수 있는 장: ${ids.join(', ')}. 예: npm run ${command} -- ${ids[0] ?? ''}`,
  badPort: (value: string) => `--port는 0에서 65535 사이의 정수여야 한다(0은 빈 포트 아무것이나). 받은 값: ${value}`,
  badModel: (value: string, models: readonly string[]) => `--model은 ${models.join(', ')} 가운데 하나여야 한다. 받은 값: ${value}`,
  badIssuer: (value: string) => `--issuer는 인가 서버의 발급자 식별자(http나 https URL, 쿼리와 조각 없이)여야 한다. 받은 값: ${value}`,
  badScopes: (value: string) => `--scopes는 쉼표로 나눈 범위 이름이어야 한다(예: tasks:read,docs:read). 받은 값: ${value}`,
  oneResultsFile: '결과 파일(JSON)을 정확히 하나 적어라. 예: node --import tsx checker/pr/summary-cli.ts grade.json',
  submissionOutRequired: '--submission DIR과 --out FILE이 모두 필요하다.',
  usage: '사용법',
  moreHelp: (helpCommand: string) => `자세한 설명: ${helpCommand}`,
};

/** The words of command-line errors; every language has every key. */
export type UsageWords = typeof ko;

const en: UsageWords = {
  unknownCommand: (word) => `Unknown command: ${word}. Commands: check, hint, watch, reset`,
  unknownOption: (name) => `Unknown option: ${name}`,
  needsValue: (name) => `${name} needs a value, for example: ${name} ${name === '--lang' ? 'en' : name === '--timeout' ? '10' : 'DIR'}`,
  badLang: (value) => `--lang must be ko or en, not ${value}`,
  badTimeout: (value) => `--timeout must be a number of seconds from 1 to 600, not ${value}`,
  signedCheckNeeds: 'The signed check (signed-check) needs both --json FILE and --shown-as NAME.',
  signKey: 'The signed check (signed-check) expects a 64-character hex key on standard input.',
  oneSubmissions: 'Name exactly one submissions folder, for example: npm run grade -- ../class-2026 --out ../gradebook',
  badShard: (value) => `--shard takes i/n (1 ≤ i ≤ n ≤ 1000, such as 2/8): "${value}"`,
  mergeNeedsBooks: 'Name one or more gradebook folders to merge, and --out DIR, for example: npm run grade:merge -- shard-1 shard-2 --out merged',
  twoGradebooks: 'Name the two gradebook folders to compare, for example: npm run grade:diff -- ../gradebook-old ../gradebook-new',
  onlyNeedsOut: '--only regrades into an existing gradebook: give the --out DIR that holds it too',
  configUnreadable: (file, why) => `--config: cannot read ${file} as JSON (${why})`,
  configBad: (file, key, keys) => `--config: ${key} in ${file} does not fit. Keys there: ${keys.map((name) => (KEY_NOTES.en[name] ? `${name} (${KEY_NOTES.en[name]})` : name)).join(', ')}`,
  badDeadline: (where, value) => `${where}: not a time: "${value}". Give the time zone too, for example 2026-12-01T23:59:00+09:00`,
  outInside: (out) => `The --out folder (${out}) must be outside the submissions folder.`,
  unexpectedArgument: (word) => `Unexpected argument: ${word}`,
  baseHeadRequired: 'Both --base REF and --head REF are required, for example: npm run grade:pr -- --base origin/main --head HEAD',
  noChapters: (target, dirs) =>
    `${target} holds no chapter folders: point at a copy of the course (a folder with chapters/ inside) or at a chapters folder holding ${dirs}.`,
  suitesNotFolder: (dir) => `--suites: not a folder: ${dir}`,
  suitesNotChapter: (name, dirs) => `--suites: ${name} is not a chapter folder (${dirs})`,
  suitesNoExercise: (file, id) => `--suites: ${file} names exercise ${id}, which does not exist`,
  suitesNoNames: (file) => `--suites: ${file} has no test('…') with a literal name`,
  suitesRepeated: (file, name) => `--suites: ${file} names the test "${name}" twice`,
  suitesBadName: (file) => `--suites: ${file} looks like a test file, but its name is not <exercise number>-<name>.test.ts (for example 3-strict.test.ts). Nothing was graded`,
  suitesDoNotCompile: (line) => `--suites: a private suite does not compile against the starter code. Nothing was graded:\n    ${line}`,
  suitesNoStarters: (reason, detail) =>
    `--suites: private suites are type-checked against the committed starters (the git blobs checker/starters.json names), and they cannot be read: ${reason === 'no-git' ? `${detail} has no git history (a ZIP download or an unpacked tree)` : reason === 'no-entry' ? `checker/starters.json has no entry for chapter ${detail}` : `the git history lacks the blob of ${detail}`}. Run from a git clone of the course. Nothing was graded`,
  notServable: (word, ids) => `${word} is not a chapter that can be served over HTTP. Chapters: ${ids.join(', ')}`,
  notHostable: (word, ids) => `${word} is not a chapter with a server to register in a host. Chapters: ${ids.join(', ')}`,
  oneChapter: (command, ids) => `Name exactly one chapter to serve (${ids.join(', ')}), for example: npm run ${command} -- ${ids[0] ?? ''}`,
  badPort: (value) => `--port must be a whole number from 0 to 65535 (0 picks any free port), not ${value}`,
  badModel: (value, models) => `--model takes one of ${models.join(', ')}, not ${value}`,
  badIssuer: (value) => `--issuer takes an authorization server's issuer identifier (an http or https URL without query or fragment), not ${value}`,
  badScopes: (value) => `--scopes takes scope names separated by commas (such as tasks:read,docs:read), not ${value}`,
  oneResultsFile: 'Name exactly one results file (JSON), for example: node --import tsx checker/pr/summary-cli.ts grade.json',
  submissionOutRequired: 'Both --submission DIR and --out FILE are required.',
  usage: 'Usage',
  moreHelp: (helpCommand) => `More: ${helpCommand}`,
};

/** The command-line error words in the given language. */
export function usageWords(lang: Lang): UsageWords {
  return lang === 'en' ? en : ko;
}
