import type { Lang } from './messages.ts';
import { josa } from './josa.ts';

const ko = {
  notGrading: (shown: string) => `${shown}의 서버를 실제 호스트에 등록해 본다. 채점이 아니다: 내 코드를 샌드박스 없이 이 컴퓨터에서 그대로 돌린다.`,
  missingFile: (path: string) => `${josa(path, '이/가')} 없다. 되살리려면: npm run reset -- 03`,
  cannotServe: (shown: string, why: string) => `${shown}의 서버를 띄우지 못했다: ${why}`,
  serving: (url: string) => `서버를 ${url}에 띄웠다(127.0.0.1에만 묶였고, 토큰은 이번 실행에만 쓴다).`,
  launchTitle: '호스트에 알려 줄 실행 명령(호스트의 PATH에 node가 없어도 된다: node도 절대 경로다):',
  windowsTitle: 'Windows에서는 같은 세 경로를 Windows 경로로 적는다(JSON에서는 \\를 \\\\로). node의 경로는 where node로 찾는다. 예:',
  installing: (packages: string) => `호스트 CLI를 npm 레지스트리에서 임시 폴더에 받는다(설치 스크립트는 돌리지 않는다): ${packages}`,
  offline: '호스트는 임시 HOME에서 node가 없는 PATH로 돈다. 127.0.0.1 밖으로 나가는 연결은 닫힌 프록시로 보낸다.',
  checking: (host: string, command: string) => `${host}: ${command}`,
  connected: (host: string) => `${host}: 연결됨`,
  failed: (host: string) => `${host}: 연결 실패`,
  listed: (host: string) => `${host}: 등록됨(이 명령은 설정만 보여 주고 서버를 띄우지 않는다)`,
  absent: (host: string) => `${host}: 목록에 서버가 없다`,
  notChecked: (host: string, why: string) => `${host}: 확인하지 못함: ${why}`,
  hostSaid: '호스트가 한 말',
  serverAnswered: '서버가 답한 요청(메서드, 경로, Mcp-Method, Mcp-Name, 상태)',
  installFailed: (pkg: string) => `npm이 ${josa(pkg, '을/를')} 설치하지 못했다(까닭은 위에 찍혔다)`,
  timedOut: (seconds: number) => `${seconds}초 안에 끝나지 않았다`,
  exited: (code: string, said: string) => `종료 코드 ${code}${said === '' ? '' : `: ${said}`}`,
  pasteTitle: '붙여 넣을 설정',
  addCommand: '등록 명령',
  configFile: (file: string) => `설정 파일 ${file}`,
  trustNote: '폴더 신뢰: 처음 실행할 때 뜨는 창에서 "Trust folder"를 고른다(~/.gemini/trustedFolders.json에 적힌다). 믿지 않는 폴더에서는 모든 MCP 서버가 꺼진다.',
  codexToken: (variable: string) => `토큰은 설정에 적지 않고 환경 변수 ${josa(variable, '으로/로')} 준다: export ${variable}=<토큰>`,
  noCli: 'npm 레지스트리가 CLI를 싣지 않아 여기서 확인하지 않는다',
  desktopRemote: 'Claude Desktop의 원격 연결(커스텀 커넥터)은 Anthropic의 클라우드가 호출하므로 127.0.0.1에 닿지 못한다. 이 장의 서버는 Claude Code, VS Code, Cursor, Gemini CLI, Codex CLI에 등록한다.',
  summary: (connected: number, failed: number) => `연결됨 ${connected}, 실패 ${failed}`,
  nothingProven: '연결을 확인한 호스트가 하나도 없다.',
  lastsHttp: '위 설정은 이번 실행 동안만 통한다: 주소의 포트와 토큰은 이 명령이 끝나면 사라진다. 오래 쓸 설정: npm run serve -- 04 --port 3000을 켜 둔 채, 그것이 찍는 주소와 토큰을 설정에 넣는다(serve를 다시 켤 때마다 토큰만 새로 넣는다).',
  lastsCopy: (shown: string) => `위 설정은 이번 실행 동안만 통한다: ${josa(shown, '이/가')} 저장소 밖에 있어, 설정은 이 명령이 끝나면 지워지는 임시 사본을 가리킨다. 오래 쓸 설정: 장 폴더를 이 저장소의 chapters/ 안에 두고 --target 없이 다시 돌린다.`,
  lastsStdio: '위 설정은 이 명령이 끝난 뒤에도 통한다: 장 폴더의 stdio.ts를 그 자리에서 띄운다.',
};

/** The words `npm run hosts` prints; every language has every key. */
export type HostsWords = typeof ko;

const en: HostsWords = {
  notGrading: (shown) => `Registering the server of ${shown} in real hosts. Not grading: your code runs as it is, unsandboxed, on this machine.`,
  missingFile: (path) => `${path} is missing. To get it back: npm run reset -- 03`,
  cannotServe: (shown, why) => `Could not start the server of ${shown}: ${why}`,
  serving: (url) => `Serving at ${url} (bound to 127.0.0.1 only; the token is good for this run only).`,
  launchTitle: "The command to give a host (it works with no node on the host's PATH: node is an absolute path too):",
  windowsTitle: 'On Windows, write the same three paths as Windows paths (in JSON, \\ as \\\\); find node with where node. For example:',
  installing: (packages) => `Installing the host CLIs from the npm registry into a temporary folder (no install scripts run): ${packages}`,
  offline: 'The hosts run in a temporary HOME, with a PATH that has no node, and a closed proxy for any connection beyond 127.0.0.1.',
  checking: (host, command) => `${host}: ${command}`,
  connected: (host) => `${host}: connected`,
  failed: (host) => `${host}: failed to connect`,
  listed: (host) => `${host}: registered (this command shows the config and starts no server)`,
  absent: (host) => `${host}: the server is not in its list`,
  notChecked: (host, why) => `${host}: not checked: ${why}`,
  hostSaid: 'The host said',
  serverAnswered: 'Requests the server answered (method, path, Mcp-Method, Mcp-Name, status)',
  installFailed: (pkg) => `npm could not install ${pkg} (its reason is printed above)`,
  timedOut: (seconds) => `did not finish within ${seconds} s`,
  exited: (code, said) => `exit code ${code}${said === '' ? '' : `: ${said}`}`,
  pasteTitle: 'Config to paste',
  addCommand: 'Command to register it',
  configFile: (file) => `Config file ${file}`,
  trustNote: 'Folder trust: choose "Trust folder" in the dialog of the first start (it is written to ~/.gemini/trustedFolders.json). In an untrusted folder every MCP server is disabled.',
  codexToken: (variable) => `The token is not written in the config; Codex reads it from ${variable}: export ${variable}=<token>`,
  noCli: 'not checked here: the npm registry ships no CLI for it',
  desktopRemote: "Claude Desktop's remote connectors (custom connectors) are called from Anthropic's cloud, so they cannot reach 127.0.0.1. Register this chapter's server in Claude Code, VS Code, Cursor, Gemini CLI or Codex CLI.",
  summary: (connected, failed) => `connected ${connected}, failed ${failed}`,
  nothingProven: 'No host was checked to connect.',
  lastsHttp: 'The config above works only while this run lasts: the port and the token of its URL are gone once this command ends. For one that lasts: keep npm run serve -- 04 --port 3000 running and put the URL and token it prints in the config (after each restart of serve, only the token changes).',
  lastsCopy: (shown) => `The config above works only while this run lasts: ${shown} is outside the repository, so the config points at a temporary copy removed when this command ends. For one that lasts: put the chapter folder in this repository's chapters/ and run again without --target.`,
  lastsStdio: "The config above keeps working after this command ends: it starts the chapter folder's stdio.ts where it is.",
};

/** The words of `npm run hosts` in the given language. */
export function hostsWords(lang: Lang): HostsWords {
  return lang === 'en' ? en : ko;
}
