import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

const ko = {
  installing: (node: string, tool: string) => `${tool}에 필요한 ${josa(node, '을/를')} 임시 폴더에 설치한다(도구가 Node 22 이상을 요구한다)`,
  serving: (shown: string, url: string) => `${shown}의 서버를 ${url}에 띄웠다`,
  host: (shown: string, via: string) => `호스트: ${shown}/rounds.ts, ${josa(via, '을/를')} 거쳐 띄운다`,
  serverSummary: (tool: string, revision: string, shown: string) => `\n${shown}에 대한 적합성 검사(${tool}, --spec-version ${revision}):`,
  clientSummary: (tool: string, revision: string, shown: string) => `\n${shown}의 호스트에 대한 적합성 검사(${tool}, 클라이언트 시나리오, --spec-version ${revision}):`,
  pass: '통과',
  fail: '실패',
  untestable: '이 서버에서 시험할 수 없는 검사(expected failures, 검사 하나씩):',
  skipped: '돌리지 않은 시나리오:',
  failed: (count: number, dir: string) => `\n시나리오 ${count}개가 실패했다. 도구의 결과는 ${dir}에 남겨 두었다`,
};

/** The words `npm run conformance` prints; every language has every key. */
export type ConformanceWords = typeof ko;

const en: ConformanceWords = {
  installing: (node, tool) => `Installing ${node} into a temporary prefix for ${tool} (it needs Node 22 or later)`,
  serving: (shown, url) => `Serving ${shown} at ${url}`,
  host: (shown, via) => `Host: ${shown}/rounds.ts through ${via}`,
  serverSummary: (tool, revision, shown) => `\nConformance (${tool}, --spec-version ${revision}) against ${shown}:`,
  clientSummary: (tool, revision, shown) => `\nConformance (${tool}, client scenarios, --spec-version ${revision}) against the host of ${shown}:`,
  pass: 'pass',
  fail: 'FAIL',
  untestable: 'Checks not testable on this server (expected failures, one check each):',
  skipped: 'Scenarios skipped:',
  failed: (count, dir) => `\n${count} scenario(s) failed; the tool's results are kept in ${dir}`,
};

/** The conformance command's words in the given language. */
export function conformanceWords(lang: Lang): ConformanceWords {
  return lang === 'en' ? en : ko;
}

/** A reason written in both languages, such as why a scenario is not run. */
export type Because = Readonly<Record<Lang, string>>;
