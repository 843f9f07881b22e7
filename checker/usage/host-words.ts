import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

const ko = {
  startCommand: (name: string, command: string) => `서버 ${josa(name, '을/를')} 띄우려면 이 명령을 그대로 실행한다:\n  ${command}\n실행할까? (y/n)`,
  notStarted: (name: string) => `${name}: 띄우지 않았다(사람이 거절했다).`,
  connected: (name: string, where: string) => `${name}: 연결됨 (${where})`,
  cannotConnect: (name: string, why: string) => `${name}: 연결하지 못했다: ${why}`,
  newTool: (name: string, tool: string) => `${name}의 새 도구 ${tool}. 서버가 쓴 정의:`,
  changedTool: (name: string, tool: string, fields: string) => `${name}의 도구 ${josa(tool, '이/가')} 지난번 승인한 뒤 바뀌었다(바뀐 것: ${fields}). 서버가 쓴 지금의 정의:`,
  approveTool: '이 정의를 승인할까? 승인하면 모델이 보고 부를 수 있다. (y/n)',
  consent: (name: string, tool: string, args: string) => `모델이 ${name}의 ${josa(tool, '을/를')} 부르려 한다. 보낼 인자: ${args}`,
  serverWords: '서버가 쓴 글',
  allowCall: '이 호출을 보낼까? (y/n)',
  call: (name: string, tool: string) => `[${name}] ${tool}`,
  prompt: '무엇을 할까? (빈 줄이면 끝)',
  answer: '답:',
  stepLimit: '걸음 한도에 닿아 멈췄다.',
  timeLimit: '시간 한도에 닿아 멈췄다.',
  hostError: (error: string) => `호스트 오류로 멈췄다: ${error}`,
  noServers: '연결된 서버가 없다.',
  runFailed: (why: string) => `이 물음은 끝내지 못했다: ${why}`,
  signIn: (server: string, where: string, scope: string) => `서버 ${josa(server, '이/가')} 로그인을 요구한다. 인가 서버 ${where}에서 범위 '${scope}'로 로그인할까? (y/n)`,
  openPage: (url: string) => `이 주소를 브라우저에서 연다(열리지 않으면 직접 연다): ${url}`,
  cannotLoad: (dir: string, missing: string) => `${dir}의 호스트를 불러오지 못했다. 없는 것: ${missing}`,
  badConfig: (file: string, key: string, problem: string) => `${file}의 ${key}: ${problem}`,
  problems: {
    'not-json': 'JSON으로 읽을 수 없다',
    'no-servers': 'mcpServers에 서버가 하나도 없다',
    'not-object': '객체여야 한다',
    'not-string': '문자열이어야 한다',
    'not-strings': '문자열 배열이어야 한다',
    'no-command': 'stdio 서버에는 command가 있어야 한다',
    'bad-url': 'http나 https URL이어야 한다',
    'unknown-type': 'type은 stdio나 http여야 한다',
    'unset-variable': '환경 변수가 설정되지 않았다',
  },
};

/** The words `npm run host` prints and asks; every language has every key. */
export type HostWords = typeof ko;

const en: HostWords = {
  startCommand: (name, command) => `To start server ${name}, this exact command runs:\n  ${command}\nRun it? (y/n)`,
  notStarted: (name) => `${name}: not started (the person said no).`,
  connected: (name, where) => `${name}: connected (${where})`,
  cannotConnect: (name, why) => `${name}: could not connect: ${why}`,
  newTool: (name, tool) => `New tool ${tool} on ${name}. Its definition, as the server wrote it:`,
  changedTool: (name, tool, fields) => `Tool ${tool} on ${name} changed since you approved it (changed: ${fields}). Its definition now, as the server wrote it:`,
  approveTool: 'Approve this definition? Approved, the model may see and call it. (y/n)',
  consent: (name, tool, args) => `The model wants to call ${tool} on ${name}, with the arguments ${args}`,
  serverWords: "the server's words",
  allowCall: 'Send this call? (y/n)',
  call: (name, tool) => `[${name}] ${tool}`,
  prompt: 'What should I do? (an empty line ends)',
  answer: 'Answer:',
  stepLimit: 'Stopped at the step limit.',
  timeLimit: 'Stopped at the time limit.',
  hostError: (error) => `Stopped by a host error: ${error}`,
  noServers: 'No server is connected.',
  runFailed: (why) => `This prompt did not finish: ${why}`,
  signIn: (server, where, scope) => `Server ${server} asks you to sign in. Sign in at the authorization server ${where} for the scopes '${scope}'? (y/n)`,
  openPage: (url) => `Opening this address in your browser (open it yourself if nothing opens): ${url}`,
  cannotLoad: (dir, missing) => `Could not load the host in ${dir}; missing: ${missing}`,
  badConfig: (file, key, problem) => `${file}, ${key}: ${problem}`,
  problems: {
    'not-json': 'is not JSON',
    'no-servers': 'names no server under mcpServers',
    'not-object': 'must be an object',
    'not-string': 'must be a string',
    'not-strings': 'must be an array of strings',
    'no-command': 'a stdio server needs a command',
    'bad-url': 'must be an http or https URL',
    'unknown-type': 'type must be stdio or http',
    'unset-variable': 'names an environment variable that is not set',
  },
};

/** The words of `npm run host` in the given language. */
export function hostWords(lang: Lang): HostWords {
  return lang === 'en' ? en : ko;
}
