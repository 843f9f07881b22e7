import { josa } from './josa.ts';
import type { Lang } from './messages.ts';

/** The confinements the operating system gives a process that runs learner code (see trust/os-confine.ts). */
export type Confinement = 'memory' | 'cpu' | 'processes' | 'network' | 'sockets';

/** What each confinement stops, in both languages, for the one notice that names those this machine cannot give. */
const WHAT: Record<Confinement, Record<Lang, string>> = {
  memory: { ko: '메모리(Buffer까지 세는 RLIMIT_DATA)', en: 'memory (RLIMIT_DATA, which counts Buffers too)' },
  cpu: { ko: 'CPU 시간의 마지막 한도(RLIMIT_CPU)', en: 'a last CPU-time limit (RLIMIT_CPU)' },
  processes: { ko: '프로세스 수(pids cgroup 또는 사용자 이름공간 안의 RLIMIT_NPROC)', en: 'the number of processes (a pids cgroup, or RLIMIT_NPROC in a user namespace)' },
  network: { ko: '네트워크(새 네트워크 이름공간: IP와 추상 Unix 소켓)', en: 'the network (a new network namespace: IP and abstract Unix sockets)' },
  sockets: { ko: '소켓 만들기(seccomp로 socket(2) 거절: 경로 Unix 소켓까지)', en: 'creating sockets (socket(2) refused by seccomp: path Unix sockets too)' },
};

/** What a machine lacks for a confinement, as the notice says it: a missing tool, a kernel feature, another system. */
export type Lack = { tool: string } | { feature: string } | { platform: string };

function lackText(lack: Lack, lang: Lang): string {
  if ('tool' in lack) return lang === 'ko' ? `${josa(lack.tool, '이/가')} 없다` : `${lack.tool} is missing`;
  if ('feature' in lack) return lang === 'ko' ? `${josa(lack.feature, '을/를')} 쓸 수 없다` : `${lack.feature} is not available`;
  return lang === 'ko' ? `${lack.platform}에는 이런 장치가 없다` : `${lack.platform} has no such mechanism`;
}

/**
 * The notice, printed once per run, that names each confinement this machine cannot give and why, and says the
 * checker grades without it; null when every confinement is in place.
 */
export function confinementNotice(missing: ReadonlyMap<Confinement, Lack>, lang: Lang): string | null {
  if (missing.size === 0) return null;
  const lines = [...missing].map(([what, lack]) => `  - ${WHAT[what][lang]}: ${lackText(lack, lang)}`);
  return lang === 'ko'
    ? [
        '경고: 이 컴퓨터는 학습자 코드를 운영체제로 다 가두지 못한다. 다음 없이 채점한다.',
        ...lines,
        'Node의 권한 모델, 힙 한도, 채점기의 CPU 시간 한도는 그대로다. 믿지 않는 제출물(반 전체)은 이것들이 모두 되는 Linux에서 채점하자(docs/instructors/confinement.md).',
      ].join('\n')
    : [
        'Warning: this machine cannot confine learner code fully by the operating system. Grading goes on without:',
        ...lines,
        "Node's permission model, the heap cap and the checker's CPU-time limits still hold. Grade untrusted submissions (a class) on a Linux machine that has all of these (docs/instructors/confinement.md).",
      ].join('\n');
}
