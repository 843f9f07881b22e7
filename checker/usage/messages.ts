import { josa } from './josa.ts';

/** The languages the checker speaks. */
export type Lang = 'ko' | 'en';

/** The limit that stopped a file: its seconds, and whether they were time spent waiting (else CPU time spent computing). */
export interface Stop {
  seconds: number;
  waited: boolean;
}

const koStopped = ({ seconds, waited }: Stop) => (waited ? `${seconds}초를 기다려도 끝나지 않아 멈췄다` : `CPU 시간 ${seconds}초를 쓰고도 끝나지 않아 멈췄다`);
const koLook = ({ waited }: Stop) =>
  waited
    ? '그동안 계산하지 않고 무언가를 기다리기만 했으니, 끝내 이루어지지 않는 Promise 같은 끝나지 않는 대기가 있는지 살펴보라.'
    : '그동안 계속 계산하고 있었으니, 끝나지 않는 반복문이 있는지 살펴보라.';
const enStopped = ({ seconds, waited }: Stop) => (waited ? `Stopped after waiting ${seconds} s without finishing` : `Stopped after ${seconds} s of CPU time without finishing`);
const enLook = ({ waited }: Stop) =>
  waited
    ? 'It was waiting for something all that time, not computing: look for a wait that never ends, such as a promise that never settles.'
    : 'It kept computing all that time: look for a loop that never ends.';

const ko = {
  heading: (target: string) => `MCP 워크숍 채점 · 대상: ${target}`,
  progress: (passed: number, total: number, score: number, max: number, tests: string) =>
    `진행: 연습 ${passed}/${total} 통과 · 점수 ${score}/${max} (연습 단위) · 테스트 ${tests} 통과`,
  scoreRule: '점수는 연습 단위로 센다: 연습 하나는 그 테스트가 모두 통과해야 점수가 된다.',
  next: (id: string, where: string) => `다음 할 일: ${id} → ${where}`,
  allDone: '선택한 연습을 모두 통과했다.',
  nextExercise: (id: string, title: string, where: string) => `다음 연습: ${id} ${title} → ${where}`,
  chapterDone: (id: string, title: string) => `${Number(id)}장 완료: ${title}. 이제 할 수 있는 것:`,
  courseDone: '과정 완료: 모든 장의 모든 연습을 통과했다. 이제 할 수 있는 것:',
  compareWithSolution: '풀이와 비교해 보려면(저장소 맨 위 폴더에서):',
  chapterLine: (id: string, title: string, passed: number, total: number) => `${id} ${title} — 연습 ${passed}/${total} 통과`,
  focusedOn: (id: string) => `지금 하는 ${Number(id)}장만 자세히 보였다. 모든 장을 자세히 보려면: npm run check -- --all`,
  learnerOutput: '여러분의 코드가 이 테스트 중에 출력한 것(console, stdout·stderr):',
  learnerOutputMore: (count: number) => `… ${count}줄 더 (처음 20줄만 보인다)`,
  hint: '힌트',
  hintPasses: '지금 이 연습은 통과한다.',
  hintFailing: (failing: number, total: number) => `지금 실패하는 테스트 ${failing}/${total}개:`,
  hintFailureAt: (where: string) => `첫 실패가 가리키는 여러분의 줄: ${where}`,
  where: '살펴볼 곳',
  lesson: '강의',
  lessonPart: ({ path, heading }: { path: string; heading?: string }) => (heading === undefined ? path : `${path}의 "${heading}"`),
  readLesson: (path: string) => `먼저 그 장의 강의를 읽는다: ${path}`,
  alsoFailing: (count: number) => `함께 실패한 테스트 ${count}개:`,
  alsoFailingCount: (count: number, id: string) => `함께 실패한 테스트 ${count}개 더 (이름은 npm run hint -- ${id})`,
  hintCut: (id: string) => ` (전체: npm run hint -- ${id})`,
  moreInJson: (count: number) => `…그리고 ${count}개 더 (--json FILE에 모두 있다)`,
  loadFailedOnce: (where: string, ids: string) => `${josa(where, '을/를')} 불러오다가 실패해서 ${josa(ids, '을/를')} 채점하지 못했다:`,
  blocks: (ids: string) => `이 오류 때문에 통과로 치지 않는 연습: ${ids}`,
  blockedByType: '위의 타입 오류 때문',
  blockedBySyntax: '위의 문법 오류 때문',
  typeErrorAbove: '위의 타입 오류',
  syntaxErrorAbove: '위의 문법 오류',
  loadErrorAbove: '위의 불러오기 실패',
  blockedByLoad: '위의 불러오기 실패 때문',
  blockedByTypeCheck: '위의 타입 검사 실패 때문',
  typecheckTimeout: (seconds: number) =>
    `타입 검사(tsc)가 ${seconds}초 동안 CPU를 전혀 쓰지 않은 채 멈춰 있어 중단했으므로, 이번 채점에서는 어떤 연습도 통과로 칠 수 없다. 다시 채점해 보고, 또 그러면 강사에게 알리라.`,
  typecheckCpu: (where: string, seconds: number) =>
    `${where}의 타입 검사(tsc)가 CPU 시간을 ${seconds}초 넘게 써서 멈췄다. 이 장의 타입은 검사하기에 너무 비싸므로, 이 장의 연습은 통과로 칠 수 없다.`,
  typecheckMemory: (where: string, megabytes: number) =>
    `${where}의 타입 검사(tsc)가 메모리를 ${megabytes} MB 넘게 써서 멈췄다. 이 장의 타입은 검사하기에 너무 비싸므로, 이 장의 연습은 통과로 칠 수 없다.`,
  typecheckNoAnswer:
    '타입 검사(tsc)가 답을 내지 못하고 끝났으므로(시작하지 못했거나 중간에 끝났다), 이번 채점에서는 어떤 연습도 통과로 칠 수 없다. 다시 채점해 보고, 또 그러면 강사에게 알리라.',
  typecheckAgain: '다음 할 일: 위의 타입 검사 실패 읽기',
  nextFix: (where: string, what: string) => `다음 할 일: ${where} 고치기 (${what})`,
  timeout: (seconds: number) => `${seconds}초 안에 끝나지 않아 멈췄다. 무한 루프나 끝나지 않는 대기가 있는지 살펴보라.`,
  timeoutIn: (stop: Stop, file: string) =>
    `${koStopped(stop)}. 돌던 테스트 파일: ${file} (멈출 때 돌던 테스트는 알 수 없었다. 파일을 불러오거나 테스트 앞뒤의 준비·정리 코드를 돌리던 중이었을 수 있다). ${koLook(stop)}`,
  testTimeoutIn: (stop: Stop, test: string, file: string) =>
    `${koStopped(stop)}. 멈춘 테스트: ${test} (테스트 파일 ${file}). 같은 파일의 다른 테스트는 이 때문에 채점하지 못했다. ${koLook(stop)}`,
  loopAt: (where: string) => `멈출 때 돌던 반복문: ${where}`,
  stoppedByTest: (stop: Stop, test: string) =>
    `채점하지 못했다: 같은 파일의 테스트 ${josa(`"${test}"`, '이/가')} ${stop.waited ? `${stop.seconds}초를 기다려도` : `CPU 시간 ${stop.seconds}초 안에`} 끝나지 않아 파일 전체를 멈췄다.`,
  loadTimeoutIn: (seconds: number, file: string) =>
    `테스트 파일 ${josa(file, '을/를')} 불러오는 데 CPU 시간 ${seconds}초를 다 써서 멈췄다(앞의 파일이 불러오다 멈춘 뒤에는 파일마다 불러오기에 CPU 시간을 이만큼만 준다. 기다리는 시간은 세지 않는다). 모듈 맨 위에서 끝나지 않는 계산이나 무한 루프가 있는지 살펴보라.`,
  testTimeout: (seconds: number) => `테스트 하나가 시계로 ${seconds}초(테스트 하나의 마지막 안전망)가 지나도록 끝나지 않아 멈췄다. 끝나지 않는 대기(답하지 않는 요청, 풀리지 않는 Promise)가 있는지 살펴보라.`,
  crashed: (heapMb: number) => `채점 작업자가 예기치 않게 끝났다. process.exit이나 process.kill을 부르는 코드, 또는 메모리를 ${heapMb}MB 넘게 채우는 코드가 있는지 살펴보라.`,
  importFailed: (message: string) => `코드를 불러오다가 실패했다: ${message}`,
  missingChapter: (dir: string) => `장 폴더가 없다: ${dir}`,
  missingFile: (files: string, paths: string, chapter: string) =>
    `없는 파일: ${files} (지웠거나 이름을 바꾼 것 같다). 되살리려면 저장소 맨 위 폴더에서 git checkout -- ${paths} (그 파일만), 또는 npm run reset -- ${chapter} (장 전체를 시작 코드로, 지금 파일은 먼저 백업된다).`,
  missingTest: '이 테스트가 실행되지 않았다(앞선 오류로 중단됐을 수 있다).',
  notRun: '이 테스트는 실행되지 않았다.',
  typeErrors: (count: number) => `타입 오류 ${count}개: 타입 검사를 통과해야 통과로 친다.`,
  typeErrorTest: (where: string) => `타입 오류가 있어 통과로 치지 않는다: ${where}`,
  syntaxErrors: (count: number) => `문법 오류 ${count}개: 문법이 틀린 파일은 읽을 수도 실행할 수도 없다.`,
  syntaxErrorTest: (where: string) => `문법 오류가 있어 통과로 치지 않는다: ${where}`,
  unknownId: (id: string, valid: string) => `알 수 없는 연습 번호: ${id}\n쓸 수 있는 번호: ${valid}`,
  usage: '사용법',
  wrote: (kind: string, file: string) => `${kind} 결과를 썼다: ${file}`,
  rechecked: (ms: number) => `다시 채점: ${ms}ms`,
  watchHeading: (chapters: string, target: string, count: number) => `MCP 워크숍 watch · 지켜보는 장: ${chapters} · 대상: ${target} · 연습 ${count}개`,
  watchKeys: '키: h 힌트 · l 연습 목록 · f 전체 보고서 · Enter 요약 · q 끝내기 (파일을 저장하면 다시 채점한다)',
  watchStop: '파일을 저장하면 다시 채점한다. 끝내려면 Ctrl+C.',
  watchJustChecked: '방금 다시 채점한 연습:',
  watchChecking: '채점하는 중…',
  watchCheckingRest: (count: number) => `나머지 연습 ${count}개를 채점하는 중…`,
  watchWholeHint: 'h: 힌트 전체',
  watchMoreFailing: (count: number) => `함께 실패한 테스트 ${count}개 더`,
  watchTruncated: (keys: boolean): string => (keys ? '… 나머지는 f(전체 보고서)로 본다' : '… 나머지는 npm run check로 본다'),
  watchList: '연습 목록',
  watchFocus: '← 지금 할 연습',
  watchStopped: 'watch를 끝냈다.',
  watchFailed: (message: string) => `다시 채점하다가 실패했다: ${message}`,
  resetDone: (chapter: string, backup: string) => `${josa(chapter, '을/를')} 처음 상태로 되돌렸다. 이전 파일은 ${backup}에 있다.`,
  resetNoChapter: '되돌릴 장을 하나 적어라. 예: npm run reset -- 01',
  hereChapter: (folder: string, id: string) => `${folder} 폴더에서 실행해서 ${Number(id)}장만 본다. 모든 장을 보려면 저장소 맨 위 폴더에서 실행하라.`,
  resetExerciseId: (id: string, chapter: string) => `연습 번호(${id})로는 되돌릴 수 없다. reset은 장 하나를 통째로 되돌리니 장 번호를 적어라. 예: npm run reset -- ${chapter}`,
  resetUnknownChapter: (id: string) => `그런 장이 없다: ${id}`,
  resetOneChapter: (ids: string) => `한 번에 한 장만 되돌린다. 다음 가운데 하나만 적어라: ${ids}`,
  resetChapters: (list: string) => `되돌릴 수 있는 장:\n${list}`,
  resetAlready: (chapter: string) => `${josa(chapter, '은/는')} 이미 시작 코드와 같다. 아무것도 바꾸지 않았고 백업도 만들지 않았다.`,
  resetChangedFiles: (files: string) => `  시작 코드로 되돌린 파일: ${files}`,
  resetRestoredFiles: (files: string) => `  없어서 다시 만든 파일: ${files}`,
  resetMovedFiles: (files: string) => `  시작 코드에 없던 파일이라 장 폴더에서 빼고 백업에만 남긴 파일: ${files}`,
  sandboxRefused: '채점 샌드박스가 막았다',
  denied: (permission: string, resource: string) => {
    if (permission === 'FileSystemWrite') return `샌드박스 밖에 쓰려고 했다: ${resource}. 채점 중 학습자 코드는 임시 폴더(os.tmpdir()) 안에만 쓸 수 있다.`;
    if (permission === 'FileSystemRead') return `샌드박스 밖을 읽으려고 했다: ${resource}. 채점 중 학습자 코드는 채점용 사본과 node_modules만 읽을 수 있다.`;
    if (permission === 'FolderListing') return 'import.meta.glob으로 폴더 목록을 읽으려고 했다. 채점 중 학습자 코드는 폴더 목록을 읽을 수 없으니, 불러올 파일은 경로로 하나씩 가리켜야 한다.';
    if (permission === 'ChildProcess') return '자식 프로세스를 시작하려고 했다. 채점 중 학습자 코드는 프로세스를 시작할 수 없다.';
    if (permission === 'WorkerThreads') return '워커 스레드를 시작하려고 했다. 채점 중 학습자 코드는 스레드를 시작할 수 없다.';
    if (permission === 'Signal') return `다른 프로세스(${resource})에 신호를 보내려고 했다. 채점 중 학습자 코드는 자기 자신에게만 신호를 보낼 수 있다.`;
    return `채점 샌드박스가 허용하지 않는 기능을 썼다: ${permission} ${resource}`.trim();
  },
  checkerChanged: (files: string, restore: string) => `주의: 채점기 파일이 커밋과 다르다: ${files}. 되돌리려면: ${restore}`,
  checkerChangedRefuse: (files: string, restore: string) =>
    `채점기 파일이 커밋과 달라 채점하지 않는다: ${files}\n앞선 채점에서 학습자 코드가 고쳤을 수 있다. 되돌리려면: ${restore}`,
  resetNoGit: (dir: string) =>
    `이 사본에는 git 기록(.git 폴더)이 없어서(ZIP으로 받은 경우 등) 시작 코드를 꺼낼 수 없다. 아무것도 바꾸지 않았다.\n다음: 지금 chapters/${dir} 폴더를 다른 이름으로 복사해 둔 뒤, 저장소를 git clone으로 받거나 ZIP을 새로 받아 그 안의 chapters/${josa(dir, '을/를')} 가져오라.`,
  resetNoStarter: (what: string) => `git 기록에 시작 코드 ${josa(what, '이/가')} 없다. 아무것도 바꾸지 않았다.\n다음: git pull로 저장소를 최신으로 받은 뒤 다시 해 보라.`,
  status: { pass: '통과', fail: '실패', error: '오류', timeout: '시간 초과' },
};

/** The checker's own words; every language has every key. */
export type Messages = typeof ko;

const en: Messages = {
  heading: (target) => `MCP workshop check · target: ${target}`,
  progress: (passed, total, score, max, tests) => `Progress: ${passed}/${total} exercises passed · score ${score}/${max} (by exercise) · tests ${tests} passed`,
  scoreRule: 'The score counts exercises: an exercise counts only when all of its tests pass.',
  next: (id, where) => `Next: ${id} → ${where}`,
  allDone: 'Every selected exercise passes.',
  nextExercise: (id, title, where) => `Next exercise: ${id} ${title} → ${where}`,
  chapterDone: (id, title) => `Chapter ${Number(id)} complete: ${title}. What you can do now:`,
  courseDone: 'Course complete: every exercise of every chapter passes. What you can do now:',
  compareWithSolution: 'To compare with the solution (from the repository\'s top folder):',
  chapterLine: (id, title, passed, total) => `${id} ${title} — ${passed}/${total} exercises passed`,
  focusedOn: (id) => `Details shown for chapter ${Number(id)}, the one in progress. For every chapter in detail: npm run check -- --all`,
  learnerOutput: 'What your code printed during this test (console, stdout and stderr):',
  learnerOutputMore: (count) => `… ${count} more line${count === 1 ? '' : 's'} (only the first 20 are shown)`,
  hint: 'Hint',
  hintPasses: 'This exercise passes now.',
  hintFailing: (failing, total) => `Failing now: ${failing} of ${total} tests:`,
  hintFailureAt: (where) => `The line of yours the first failure points at: ${where}`,
  where: 'Look at',
  lesson: 'Lesson',
  lessonPart: ({ path, heading }) => (heading === undefined ? path : `${path}, "${heading}"`),
  readLesson: (path) => `Read its chapter's lesson first: ${path}`,
  alsoFailing: (count) => `${count} more failing test${count === 1 ? '' : 's'}:`,
  alsoFailingCount: (count, id) => `${count} more failing test${count === 1 ? '' : 's'} (names: npm run hint -- ${id})`,
  hintCut: (id) => ` (whole hint: npm run hint -- ${id})`,
  moreInJson: (count) => `…and ${count} more (all are in --json FILE)`,
  loadFailedOnce: (where, ids) => `${where} failed to load, so ${ids} could not be graded:`,
  blocks: (ids) => `Exercises not counted as passing because of this: ${ids}`,
  blockedByType: 'because of the type error above',
  blockedBySyntax: 'because of the syntax error above',
  typeErrorAbove: 'the type error above',
  syntaxErrorAbove: 'the syntax error above',
  loadErrorAbove: 'the failed load above',
  blockedByLoad: 'because of the failed load above',
  blockedByTypeCheck: 'because the type check above gave no answer',
  typecheckTimeout: (seconds) =>
    `The type check (tsc) used no CPU at all for ${seconds} s and was stopped, so no exercise can pass in this grading. Check again; if it happens again, tell your instructor.`,
  typecheckCpu: (where, seconds) =>
    `The type check (tsc) of ${where} used more than ${seconds} s of CPU and was stopped: the chapter's types are too costly to check, so none of its exercises can pass.`,
  typecheckMemory: (where, megabytes) =>
    `The type check (tsc) of ${where} used more than ${megabytes} MB of memory and was stopped: the chapter's types are too costly to check, so none of its exercises can pass.`,
  typecheckNoAnswer:
    'The type check (tsc) ended without an answer (it could not start, or stopped partway), so no exercise can pass in this grading. Check again; if it happens again, tell your instructor.',
  typecheckAgain: 'Next: read the type check failure above',
  nextFix: (where, what) => `Next: fix ${where} (${what})`,
  timeout: (seconds) => `Stopped after ${seconds} s without finishing. Look for an infinite loop or a wait that never ends.`,
  timeoutIn: (stop, file) =>
    `${enStopped(stop)}, while running the test file ${file} (no test of it was known to be running: it may have been loading the file, or running setup or cleanup code outside the tests). ${enLook(stop)}`,
  testTimeoutIn: (stop, test, file) =>
    `${enStopped(stop)}, in the test "${test}" of the test file ${file}; the file's other tests could not be graded because of it. ${enLook(stop)}`,
  loopAt: (where) => `The loop it was spinning in: ${where}`,
  stoppedByTest: (stop, test) =>
    `Not graded: the test "${test}" of the same file ${stop.waited ? `was still waiting after ${stop.seconds} s` : `did not finish within ${stop.seconds} s of CPU time`}, so the whole file was stopped.`,
  loadTimeoutIn: (seconds, file) =>
    `Stopped after ${seconds} s of CPU time spent loading the test file ${file} (once an earlier file hung while loading, each later file gets this much CPU time to load; time spent waiting does not count). Look for a computation or an infinite loop at the top level of a module that never ends.`,
  testTimeout: (seconds) => `Stopped after ${seconds} s on the clock, the backstop for one test, without finishing. Look for a wait that never ends (a request nothing answers, a promise that never settles).`,
  crashed: (heapMb) => `The grading worker ended unexpectedly. Look for code that calls process.exit or process.kill, or that fills more than ${heapMb} MB of memory.`,
  importFailed: (message) => `Loading the code failed: ${message}`,
  missingChapter: (dir) => `The chapter folder is missing: ${dir}`,
  missingFile: (files, paths, chapter) =>
    `Missing file: ${files} (deleted or renamed?). To get it back, from the repository's top folder: git checkout -- ${paths} (that file only), or npm run reset -- ${chapter} (the whole chapter back to the starter, after a backup of your files).`,
  missingTest: 'This test did not run (an earlier error may have stopped the file).',
  notRun: 'This test was not run.',
  typeErrors: (count) => `${count} type error${count === 1 ? '' : 's'}: code must type-check to pass.`,
  typeErrorTest: (where) => `Not counted as a pass because of a type error: ${where}`,
  syntaxErrors: (count) => `${count} syntax error${count === 1 ? '' : 's'}: a file with a syntax error can neither be read nor run.`,
  syntaxErrorTest: (where) => `Not counted as a pass because of a syntax error: ${where}`,
  unknownId: (id, valid) => `Unknown exercise id: ${id}\nValid ids: ${valid}`,
  usage: 'Usage',
  wrote: (kind, file) => `Wrote ${kind} results: ${file}`,
  rechecked: (ms) => `Re-checked in ${ms} ms`,
  watchHeading: (chapters, target, count) => `MCP workshop watch · Watching ${chapters} · target: ${target} · ${count} exercise${count === 1 ? '' : 's'}`,
  watchKeys: 'Keys: h hint · l list · f full report · Enter summary · q quit (save a file to check again)',
  watchStop: 'Save a file to check again. Ctrl+C to stop.',
  watchJustChecked: 'Just checked again:',
  watchChecking: 'Checking…',
  watchCheckingRest: (count) => `Checking the other ${count} exercise${count === 1 ? '' : 's'}…`,
  watchWholeHint: 'h: whole hint',
  watchMoreFailing: (count) => `${count} more failing test${count === 1 ? '' : 's'}`,
  watchTruncated: (keys) => (keys ? '… the rest is in the full report (f)' : '… the rest is in npm run check'),
  watchList: 'Exercises',
  watchFocus: '← in focus',
  watchStopped: 'Stopped watching.',
  watchFailed: (message) => `Checking again failed: ${message}`,
  resetDone: (chapter, backup) => `Restored ${chapter} to the starter. Your previous files are in ${backup}.`,
  resetNoChapter: 'Name one chapter to reset, for example: npm run reset -- 01',
  hereChapter: (folder, id) => `Run from ${folder}, so this covers chapter ${Number(id)} only. Run from the repository's top folder for every chapter.`,
  resetExerciseId: (id, chapter) => `${id} is an exercise id, and reset restores a whole chapter: name the chapter, for example: npm run reset -- ${chapter}`,
  resetUnknownChapter: (id) => `No such chapter: ${id}`,
  resetOneChapter: (ids) => `reset restores one chapter at a time: name just one of ${ids}`,
  resetChapters: (list) => `Chapters you can reset:\n${list}`,
  resetAlready: (chapter) => `${chapter} already is the starter. Nothing was changed and no backup was made.`,
  resetChangedFiles: (files) => `  Restored to the starter: ${files}`,
  resetRestoredFiles: (files) => `  Missing, written again: ${files}`,
  resetMovedFiles: (files) => `  Not part of the starter, so taken out of the chapter folder and kept only in the backup: ${files}`,
  sandboxRefused: 'Refused by the grading sandbox',
  denied: (permission, resource) => {
    if (permission === 'FileSystemWrite') return `Tried to write outside the sandbox: ${resource}. While grading, learner code may write only inside its temporary folder (os.tmpdir()).`;
    if (permission === 'FileSystemRead') return `Tried to read outside the sandbox: ${resource}. While grading, learner code may read only the graded copy and node_modules.`;
    if (permission === 'FolderListing') return 'Tried to list folders with import.meta.glob. While grading, learner code cannot list folders: import each file by its path.';
    if (permission === 'ChildProcess') return 'Tried to start a child process. While grading, learner code cannot start processes.';
    if (permission === 'WorkerThreads') return 'Tried to start a worker thread. While grading, learner code cannot start threads.';
    if (permission === 'Signal') return `Tried to send a signal to another process (${resource}). While grading, learner code may signal only itself.`;
    return `Used something the grading sandbox does not allow: ${permission} ${resource}`.trim();
  },
  checkerChanged: (files, restore) => `Warning: checker files differ from the commit: ${files}. To restore them: ${restore}`,
  checkerChangedRefuse: (files, restore) =>
    `Not grading: checker files differ from the commit: ${files}\nLearner code in an earlier grading may have changed them. To restore them: ${restore}`,
  resetNoGit: (dir) =>
    `This copy has no git history (no .git folder, as in a ZIP download), so the starter cannot be read. Nothing was changed.\nNext: copy your chapters/${dir} folder somewhere safe, then get the course with git clone (or download the ZIP again) and take chapters/${dir} from there.`,
  resetNoStarter: (what) => `The git history has no copy of the starter ${what}. Nothing was changed.\nNext: update the repository with git pull, then try again.`,
  status: { pass: 'pass', fail: 'fail', error: 'error', timeout: 'timeout' },
};

/** The mark of each status, the same in the text report and the class gradebook's HTML. */
export const STATUS_MARK = { pass: '✓', fail: '✗', error: '!', timeout: '⏱' } as const;

/** The checker's words in the given language. */
export function messages(lang: Lang): Messages {
  return lang === 'en' ? en : ko;
}
