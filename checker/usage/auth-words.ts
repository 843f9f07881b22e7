import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

const ko = {
  started: '인가 서버를 띄웠다(oidc-provider, 이 컴퓨터의 127.0.0.1에만). 채점이 아니다: 키와 토큰은 메모리에만 있어 끝내면 사라진다.',
  issuer: '발급자(issuer)',
  metadata: '인가 서버 메타데이터(RFC 8414)',
  user: (login: string, password: string) => `시험 사용자: 로그인 화면에서 아무 이름과 비밀번호나 된다(예: ${login} / ${password})`,
  hostClient: (id: string) => `호스트용 공개 클라이언트: ${id} (루프백 리디렉션, 포트는 아무것이나, PKCE S256)`,
  scriptClient: (id: string) => `스크립트용 클라이언트(client credentials): ${id}`,
  next: '다음 할 일:',
  serveStep: (issuer: string) => `4장 서버를 이 발급자 뒤에 띄운다: npm run serve -- 04 --issuer ${issuer}`,
  tokenStep: '사람 없이 토큰 하나 받기(RESOURCE는 serve가 찍은 서버 주소):',
  stop: '끝내려면 Ctrl+C.',
  stopped: '인가 서버를 멈췄다.',
  portInUse: (port: number) => `포트 ${josa(String(port), '은/는')} 이미 다른 프로그램이 쓰고 있다. --port로 다른 포트를 고르거나 --port 0으로 빈 포트를 쓰게 하라.`,
};

/** The words `npm run auth-server` prints; every language has every key. */
export type AuthWords = typeof ko;

const en: AuthWords = {
  started: 'Authorization server started (oidc-provider, on this machine\'s 127.0.0.1 only). Not grading: its keys and tokens live in memory and are gone when it stops.',
  issuer: 'Issuer',
  metadata: 'Authorization server metadata (RFC 8414)',
  user: (login, password) => `Test user: any name and password sign in on the login page (for example ${login} / ${password})`,
  hostClient: (id) => `Public client for hosts: ${id} (loopback redirect on any port, PKCE S256)`,
  scriptClient: (id) => `Client for scripts (client credentials): ${id}`,
  next: 'Next:',
  serveStep: (issuer) => `serve your chapter 4 server behind this issuer: npm run serve -- 04 --issuer ${issuer}`,
  tokenStep: 'get a token without a person (RESOURCE is the server URL serve prints):',
  stop: 'Ctrl+C stops it.',
  stopped: 'Authorization server stopped.',
  portInUse: (port) => `Port ${port} is already in use by another program. Pick another with --port, or --port 0 for any free one.`,
};

/** The words of `npm run auth-server` in the given language. */
export function authWords(lang: Lang): AuthWords {
  return lang === 'en' ? en : ko;
}
