import type { Lang } from '../usage/messages.ts';

const ko = {
  tampered: (count: number) =>
    `경고: 이 풀 리퀘스트는 chapters/ 밖의 파일을 바꿨거나 링크·서브모듈·파일 모드 변경을 담았다(${count}개). 링크와 서브모듈은 따라가지 않고 채점하지 않았다. 채점은 기준(base) 커밋의 채점기·테스트·설정으로 했으므로 이 변경은 점수에 아무 영향이 없다:`,
  tamperedFails: (count: number) =>
    `이 풀 리퀘스트는 chapters/ 밖의 파일을 바꿨거나 링크·서브모듈·파일 모드 변경을 담았으므로(${count}개) 실패로 처리한다. 링크와 서브모듈은 따라가지 않고 채점하지 않았다. 채점은 기준(base) 커밋의 채점기·테스트·설정으로 했으므로 그 변경은 점수에 쓰이지 않았지만, 채점기나 워크플로를 바꾸려는 변경일 수 있다. chapters/ 밖의 변경과 링크·모드 변경을 빼고 다시 올리자(그런 변경을 받아들이는 저장소는 ALLOW_TAMPERED를 true로 둔다):`,
  prScore: (score: number, max: number, tests: string) => `풀 리퀘스트 점수: ${score}/${max} (통과한 테스트 ${tests})`,
  noReport: '채점기가 결과 파일을 남기지 않았다. 위의 출력을 보라.',
  forgedReport: '결과 파일의 서명이 맞지 않는다. 채점기가 아닌 무언가(학습자 코드)가 결과를 고쳤으므로 이 채점은 무효다.',
  wrote: (file: string) => `썼다: ${file}`,
  unusableResults: (reason: string) => `채점 결과 파일이 없거나 쓸 수 없어(${reason}) 이 풀 리퀘스트는 채점되지 않았다.`,
  assignmentNeedsConfig: (name: string) => `--assignment ${name}: 과제는 반 설정 파일에 있다. --config FILE(또는 CLASS_FILE)도 적어라.`,
  noAssignment: (name: string, known: string) => `--assignment: 반 설정 파일에 '${name}' 과제가 없다. 있는 과제: ${known}`,
  assignmentHeading: (name: string) => `과제 ${name}: 이 과제의 연습이 모두 통과하면 체크가 통과한다.`,
  assignmentExercises: (exercises: string) => `채점한 연습: ${exercises}`,
  noAssignmentHeading: (total: number) =>
    `과제가 정해지지 않았다(CLASS_FILE과 ASSIGNMENT가 비어 있다). 그래서 과정의 연습 ${total}개를 모두 채점했고, ${total}개가 모두 통과해야 체크가 통과한다. 한 주의 과제만 채점하려면 강사가 워크플로나 저장소 변수에 ASSIGNMENT(와 CLASS_FILE)를 정한다.`,
  whyRed: (failing: number, total: number, assignment: string | null) =>
    `체크가 실패한 까닭: ${assignment ? `과제 ${assignment}의 ` : '과정 전체의 '}연습 ${total}개 중 ${failing}개가 아직 통과하지 못했다.`,
};

/** Pull-request grading's own words; every language has every key. */
export type PrWords = typeof ko;

const en: PrWords = {
  tampered: (count) =>
    `WARNING: this pull request changes ${count} path${count === 1 ? '' : 's'} outside chapters/ or holds links, submodules or mode changes (links and submodules are never followed nor graded). It was graded with the base commit's checker, suites and configuration, so these changes cannot change its score:`,
  tamperedFails: (count) =>
    `This pull request fails because it changes ${count} path${count === 1 ? '' : 's'} outside chapters/ or holds links, submodules or mode changes (links and submodules are never followed nor graded). The base commit's checker, suites and configuration graded it, so those changes were not used, but they may be an attempt to change the checker or the workflow. Take the changes outside chapters/, the links and the mode changes out and push again (a repository that accepts such changes sets ALLOW_TAMPERED to true):`,
  prScore: (score, max, tests) => `Pull request score: ${score}/${max} (tests passed ${tests})`,
  noReport: 'The checker left no results file; see its output above.',
  forgedReport: 'The results file does not match its signature: something other than the checker (learner code) changed it, so this grading is void.',
  wrote: (file) => `Wrote ${file}`,
  unusableResults: (reason) => `The grading results are missing or unusable (${reason}); the pull request is not graded.`,
  assignmentNeedsConfig: (name) => `--assignment ${name}: assignments are named in the class file; give --config FILE (or CLASS_FILE) too.`,
  noAssignment: (name, known) => `--assignment: the class file has no assignment named ${name}. Its assignments: ${known}`,
  assignmentHeading: (name) => `Assignment ${name}: the check passes when this assignment's exercises pass.`,
  assignmentExercises: (exercises) => `Exercises graded: ${exercises}`,
  noAssignmentHeading: (total) =>
    `No assignment is set (CLASS_FILE and ASSIGNMENT are empty), so every exercise of the course was graded: the check passes only when all ${total} pass. To grade one week's assignment, your instructor sets ASSIGNMENT (and CLASS_FILE) in the workflow or as repository variables.`,
  whyRed: (failing, total, assignment) => `Why the check is red: ${failing} of the ${total} exercises ${assignment ? `of assignment ${assignment}` : 'of the whole course'} do not pass yet.`,
};

/** Pull-request grading's words in the given language. */
export function prWords(lang: Lang): PrWords {
  return lang === 'en' ? en : ko;
}
