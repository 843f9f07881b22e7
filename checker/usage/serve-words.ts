import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

const ko = {
  started: (shown: string) => `${shown}의 서버를 띄웠다. 채점이 아니다: 내 코드를 샌드박스 없이 이 컴퓨터에서 그대로 돌린다.`,
  url: '주소',
  loopback: '127.0.0.1에만 묶였다',
  token: '토큰',
  tokenNote: (scopes: string) => `범위: ${scopes}. 이 주소를 위해 발급했고 이번 실행에만 쓴다`,
  example: '요청 예(도구 호출 하나):',
  refusal: '토큰을 빼고 보내면 401과 WWW-Authenticate가 돌아와야 한다.',
  inspector: (url: string) => `Inspector: Streamable HTTP, URL ${url}, 헤더 Authorization: Bearer <토큰>, Protocol Era는 기본값(Legacy: 2025-11-25의 initialize)도 Modern(2026-07-28)도 된다`,
  behind: (issuer: string) => `발급자: ${issuer}. 시험용 토큰은 없다: 이 발급자가 이 주소를 대상으로 서명한 JWT만 받는다`,
  getToken: '토큰 받기: npm run auth-server가 찍은 curl의 RESOURCE 자리에 위 주소를 넣는다. 호스트는 로그인해서 받는다.',
  noIssuer: (issuer: string, why: string) => `발급자 ${issuer}의 메타데이터를 읽지 못했다: ${why}. npm run auth-server가 떠 있는지, 주소를 찍힌 그대로 적었는지 본다.`,
  stop: '끝내려면 Ctrl+C.',
  stopped: '서버를 멈췄다.',
  portInUse: (port: number) => `포트 ${josa(String(port), '을/를')} 이미 다른 프로그램이 쓰고 있다. --port로 다른 포트를 고르거나 --port 0으로 빈 포트를 쓰게 하라.`,
  cannotLoad: (shown: string, why: string) => `${shown}의 서버를 불러오지 못했다: ${why}`,
  missingFile: (path: string) => `${josa(path, '이/가')} 없다`,
  missingExports: (names: readonly { path: string; name: string }[]) => `이 함수들을 내보내지 않는다: ${names.map(({ path, name }) => `${path}의 ${name}`).join(', ')}`,
};

/** The words `npm run serve` prints; every language has every key. */
export type ServeWords = typeof ko;

const en: ServeWords = {
  started: (shown) => `Serving ${shown}. Not grading: your code runs as it is, unsandboxed, on this machine.`,
  url: 'URL',
  loopback: 'bound to 127.0.0.1 only',
  token: 'Token',
  tokenNote: (scopes) => `scopes: ${scopes}; issued for this URL, good for this run only`,
  example: 'Example request (one tool call):',
  refusal: 'Sent without the token, it must come back 401 with WWW-Authenticate.',
  inspector: (url) => `Inspector: Streamable HTTP, URL ${url}, header Authorization: Bearer <token>, any Protocol Era (the default Legacy, a 2025-11-25 initialize, or Modern, 2026-07-28)`,
  behind: (issuer) => `Issuer: ${issuer}. No test token: only JWTs this issuer signed for this URL are accepted`,
  getToken: 'To get a token: put the URL above in place of RESOURCE in the curl npm run auth-server printed. Hosts sign in to get theirs.',
  noIssuer: (issuer, why) => `Could not read the metadata of issuer ${issuer}: ${why}. Is npm run auth-server running, and is the address exactly as it printed it?`,
  stop: 'Ctrl+C stops it.',
  stopped: 'Server stopped.',
  portInUse: (port) => `Port ${port} is already in use by another program. Pick another with --port, or --port 0 for any free one.`,
  cannotLoad: (shown, why) => `Could not load the server of ${shown}: ${why}`,
  missingFile: (path) => `${path} is missing`,
  missingExports: (names) => `these functions are not exported: ${names.map(({ path, name }) => `${name} from ${path}`).join(', ')}`,
};

/** The words of `npm run serve` in the given language. */
export function serveWords(lang: Lang): ServeWords {
  return lang === 'en' ? en : ko;
}
