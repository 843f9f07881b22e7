import { GRADESCOPE_VISIBILITIES } from './results.ts';

/** What the Gradescope autograder (cli.ts) and the zip builder's check (assignment-cli.ts) say, in Korean and in English. */
export const WORDS = {
  ko: {
    noChapters: (dirs: string) => `제출물에서 장 폴더를 찾지 못해 채점하지 않았다. 저장소 사본 전체, 그것을 감싼 폴더 하나, 또는 장 폴더(${dirs})를 그대로 올리라.`,
    noReport: '채점기가 결과를 남기지 않았다. 채점이 중간에 멈췄다. 강사에게 알리라.',
    forged: '결과 파일의 서명이 맞지 않아(채점기가 아닌 무언가가 고쳐 썼다) 이 채점을 무효로 했다. 강사에게 알리라.',
    badReport: (why: string) => `결과 파일이 과정의 연습 목록과 맞지 않아(${why}) 이 채점을 무효로 했다. 강사에게 알리라.`,
    noAssignment: (name: string) => `--assignment ${name}: 반 설정 파일(--config)에 그런 과제가 없다.`,
    badVisibility: (value: string) => `알 수 없는 공개 범위: ${value} (쓸 수 있는 값: ${GRADESCOPE_VISIBILITIES.join(', ')})`,
    wrote: (file: string) => `Gradescope 결과를 썼다: ${file}`,
    noUser: (user: string) => `--run-as ${user}: 이 기계에 그런 사용자가 없다. run_autograder가 만드는 채점용 사용자를 주어라.`,
    autograderNeedsClassFile: 'ASSIGNMENT를 주려면 그 과제가 있는 반 설정 파일도 CLASS_FILE로 주어라. 자동 채점기를 만들지 않았다.',
    autograderAssignment: (name: string, exercises: string) => `자동 채점기는 과제 ${name}의 연습만 채점한다: ${exercises}`,
    unknownAssignment: (name: string, known: string) => `--assignment: 반 설정 파일(--config)에 '${name}' 과제가 없다. 있는 과제: ${known}`,
  },
  en: {
    noChapters: (dirs: string) => `No chapter folders were found in the submission, so nothing was graded. Upload a whole copy of the repository, one folder wrapping it, or the chapter folders themselves (${dirs}).`,
    noReport: 'The checker left no results: grading stopped before it finished. Tell your instructor.',
    forged: 'The results file did not carry the checker\'s signature (something else rewrote it), so this grading is void. Tell your instructor.',
    badReport: (why: string) => `The results file does not match the course's exercises (${why}), so this grading is void. Tell your instructor.`,
    noAssignment: (name: string) => `--assignment ${name}: the class file (--config) has no such assignment.`,
    badVisibility: (value: string) => `Unknown visibility: ${value} (use one of ${GRADESCOPE_VISIBILITIES.join(', ')})`,
    wrote: (file: string) => `Wrote Gradescope results: ${file}`,
    noUser: (user: string) => `--run-as ${user}: no such user on this machine. Give the grading user run_autograder creates.`,
    autograderNeedsClassFile: 'ASSIGNMENT needs the class file that defines it, as CLASS_FILE. No autograder was built.',
    autograderAssignment: (name: string, exercises: string) => `The autograder grades assignment ${name} alone: ${exercises}`,
    unknownAssignment: (name: string, known: string) => `--assignment: the class file (--config) has no assignment named ${name}. Its assignments: ${known}`,
  },
} as const;
