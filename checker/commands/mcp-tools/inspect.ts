import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../course/files.ts';
import { josa } from '../../usage/josa.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import type { Lang } from '../../usage/messages.ts';
import { readCommandLine } from '../../usage/prologue.ts';
import { NODE_PACKAGE, installLtsNode } from './lts-node.ts';

/** The Inspector release the lesson documents, pinned exactly; npx fetches it into its own cache, not into this repository. */
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';

/** The oldest Node that Inspector release runs on (its package.json engines field). */
const INSPECTOR_NODE = [22, 19, 0] as const;

/** The chapters whose learner server runs over stdio, with the file a host starts. */
const STDIO_SERVERS: Readonly<Record<string, string>> = { '03': join('chapters', '03-real-mcp-sdk', 'stdio.ts') };

/** What `npm run inspect` was asked: the chapter, the era the Inspector opens with, and whether only to print. */
interface InspectArgs {
  chapter: string;
  era: 'legacy' | 'modern';
  print: boolean;
  lang: Lang;
}

/** Reads `[03] [--modern] [--print] [--lang ko|en]`; throws UsageError on anything else. */
export function parseInspectArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): InspectArgs {
  const { positional, values, flags } = readOptions('inspect', argv);
  const lang = langOption(values['--lang'], env);
  const extra = positional.find((word, index) => index > 0 || !/^\d\d$/.test(word));
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
  return { chapter: positional[0] ?? '03', era: flags['--modern'] ? 'modern' : 'legacy', print: flags['--print'], lang };
}

/** The exact command that starts the Inspector's web UI on the learner's own server, with absolute paths so it works from any folder. */
function inspectorCommand(args: InspectArgs): { command: string; args: string[] } | null {
  const file = STDIO_SERVERS[args.chapter];
  if (file === undefined) return null;
  const era = args.era === 'modern' ? ['--protocol-era', 'modern'] : [];
  return { command: 'npx', args: ['-y', INSPECTOR, ...era, join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), join(REPO_ROOT, file)] };
}

/** True when this Node is at least the given version. */
function nodeAtLeast(wanted: readonly number[], version = process.versions.node): boolean {
  const have = version.split('.').map(Number);
  for (const [index, part] of wanted.entries()) {
    const mine = have[index] ?? 0;
    if (mine !== part) return mine > part;
  }
  return true;
}

/** `npm run inspect -- 03`: starts the Inspector on the learner's stdio server, under the npm registry's Node 24 when this Node is too old. */
export function runInspect(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const read = readCommandLine(argv, 'inspect', (words) => parseInspectArgs(words, env), env);
  if (read.exitCode !== undefined) return read.exitCode;
  const { args } = read;
  const say = (ko: string, en: string) => (args.lang === 'en' ? en : ko);
  const command = inspectorCommand(args);
  if (command === null) {
    console.error(say(`${args.chapter}장에는 stdio 서버가 없다. 쓸 수 있는 장: ${Object.keys(STDIO_SERVERS).join(', ')}`, `Chapter ${args.chapter} has no stdio server. Chapters that have one: ${Object.keys(STDIO_SERVERS).join(', ')}`));
    return 2;
  }
  const line = [command.command, ...command.args].map((word) => (/\s/.test(word) ? JSON.stringify(word) : word)).join(' ');
  const server = command.args.at(-1)!;
  if (!existsSync(server)) {
    console.error(say(`${server} 파일이 없다. 되살리려면: npm run reset -- ${args.chapter}`, `${server} is missing. To get it back: npm run reset -- ${args.chapter}`));
    return 1;
  }
  console.log(say('MCP Inspector 웹 화면으로 이 장의 서버를 띄우는 명령:', "The command that starts this chapter's server under the MCP Inspector web UI:"));
  console.log(`  ${line}`);
  console.log(
    args.era === 'modern'
      ? say('  (--protocol-era modern: Inspector가 2026-07-28 방식, 곧 server/discover와 요청마다 _meta로 연다)', '  (--protocol-era modern: the Inspector opens the 2026-07-28 way, server/discover and _meta on every request)')
      : say('  (기본값: 지금의 호스트처럼 initialize, 2025-11-25로 연다. 2026-07-28로 열려면 --modern을 붙인다)', "  (default: opens with initialize at 2025-11-25, as today's hosts do; add --modern to open on 2026-07-28)"),
  );
  if (args.print) return 0;
  if (nodeAtLeast(INSPECTOR_NODE)) return spawnSync(command.command, command.args, { stdio: 'inherit' }).status ?? 1;
  const tooOld = say(
    `이 Node(${process.versions.node})는 ${INSPECTOR}에 너무 오래되었다(Node ${INSPECTOR_NODE.join('.')} 이상).`,
    `This Node (${process.versions.node}) is too old for ${INSPECTOR} (it needs Node ${INSPECTOR_NODE.join('.')} or later).`,
  );
  const yourself = say(
    `Node ${INSPECTOR_NODE.join('.')} 이상을 설치한 뒤, 위에 찍힌 명령을 그 Node로 직접 실행하라.`,
    `Install Node ${INSPECTOR_NODE.join('.')} or later and run the command printed above with it yourself.`,
  );
  // 받아 쓸 Node 패키지는 Linux x64용뿐이라, 다른 컴퓨터에서는 npm이 거절하기 전에 직접 실행할 방법을 알린다.
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(`${tooOld} ${say(`npm 레지스트리의 ${josa(NODE_PACKAGE, '은/는')} 이 컴퓨터(${process.platform}-${process.arch})에서 돌지 않는다.`, `The npm registry's ${NODE_PACKAGE} does not run on this machine (${process.platform}-${process.arch}).`)} ${yourself}`);
    return 1;
  }
  // 이 Node가 Inspector에 너무 오래되었으면 npm 레지스트리의 Node 24 패키지를 임시 폴더에 받아 그것으로 띄운다.
  console.log(
    `${tooOld} ${say(
      `npm 레지스트리의 ${josa(NODE_PACKAGE, '을/를')} 임시 폴더에 받아 그것으로 띄운다. 끝내려면 Ctrl+C.`,
      `Installing the npm registry's ${NODE_PACKAGE} into a temporary folder and starting it with that. Stop with Ctrl+C.`,
    )}`,
  );
  const prefix = mkdtempSync(join(tmpdir(), 'mcp-inspect-node-'));
  // Ctrl+C는 Inspector가 받아 끝낸다: 이 프로세스는 남아서 임시 폴더를 지운다.
  const keep = (): void => {};
  process.on('SIGINT', keep);
  process.on('SIGTERM', keep);
  try {
    let bin: string;
    try {
      bin = installLtsNode(prefix);
    } catch {
      console.error(`${say(`npm 레지스트리의 ${josa(NODE_PACKAGE, '을/를')} 받지 못했다(npm이 찍은 까닭은 위에 있다).`, `Could not install the npm registry's ${NODE_PACKAGE} (npm's reason is printed above).`)} ${yourself}`);
      return 1;
    }
    return spawnSync(command.command, command.args, { stdio: 'inherit', env: { ...process.env, PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` } }).status ?? 1;
  } finally {
    process.off('SIGINT', keep);
    process.off('SIGTERM', keep);
    rmSync(prefix, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = runInspect(process.argv.slice(2));
