import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAPTERS } from '../../course/current.ts';
import { chapterFolder, gradedTarget, shownPath } from '../../course/target.ts';
import { readOptions } from '../../usage/command-line.ts';
import { NODE_PACKAGE, installLtsNode } from '../mcp-tools/lts-node.ts';
import { conformanceWords } from '../../usage/conformance-words.ts';
import type { Because } from '../../usage/conformance-words.ts';
import type { Lang } from '../../usage/messages.ts';

/*
 * `npm run conformance -- 05`, the client leg: the official conformance tool's client scenarios for MCP 2026-07-28
 * against a host built from a chapter folder that holds a host's rounds.ts, and its oauth.ts for auth/* (conformance-host.ts). The tool starts a
 * mock server of its own on a loopback port for each scenario and runs the host with its URL.
 */

/** The revision every client scenario is run at. */
const REVISION = '2026-07-28';

/** The client scenarios of 2026-07-28 that apply to the chapter's host, each of which must pass. */
const APPLICABLE: readonly string[] = [
  'tools_call',
  'request-metadata',
  'http-standard-headers',
  'http-custom-headers',
  'http-invalid-tool-headers',
  'sep-2322-client-request-state',
  'json-schema-ref-no-deref',
  'json-schema-2020-12-preservation',
  // The auth/* flows, through the host's OAuth client (oauth.ts, 05/5).
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var3',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/iss-supported',
  'auth/iss-not-advertised',
  'auth/iss-supported-missing',
  'auth/iss-wrong-issuer',
  'auth/iss-unexpected',
  'auth/iss-normalized',
  'auth/metadata-issuer-mismatch',
  'auth/authorization-server-migration',
];

/** The client scenarios of 2026-07-28 not run, with why. */
const SKIPPED: Readonly<Record<string, Because>> = {
  'auth/metadata-var2': { ko: '메타데이터가 루트에만 있고 출처를 resource로 내세운다. 05/5의 규칙은 서버 주소와 똑같은 resource만 받는다(RFC 9728 §3.3은 루트 문서라면 출처를 허락하지만, SDK 2.4.0의 validateResourceURL은 메타데이터를 어느 주소에서 가져왔는지 받지 못한다). 게다가 validateResourceURL이 돌려준 URL은 끝에 \'/\'가 붙어 나가고, 시나리오는 글자 그대로 같아야 통과시킨다. docs/maintainers.md를 보라', en: "its metadata sits only at the root and names the origin; 05/5's rule accepts only the server's own URL (RFC 9728 §3.3 would allow the origin for a root document, but SDK 2.4.0 does not tell validateResourceURL which address the metadata came from), and a URL returned from validateResourceURL is sent with a trailing '/', which the scenario's exact check refuses; see docs/maintainers.md" },
  'auth/basic-cimd': { ko: 'client ID 메타데이터 문서: 호스트는 과정의 문서(oauth.ts의 CLIENT_METADATA_URL)를 쓰는데, 시나리오는 자기 client_id(https://conformance-test.local/client-metadata.json)만 센다. 호스트는 그 문서를 내놓지 않는다', en: "client ID metadata documents: the host uses the course's own document (CLIENT_METADATA_URL in oauth.ts), and the scenario only counts its own client_id, https://conformance-test.local/client-metadata.json, which the host does not publish" },
  'auth/pre-registration': { ko: '미리 등록한 클라이언트의 자격 증명이 시나리오 문맥에서 오는데, 호스트는 그것을 읽지 않는다', en: "a pre-registered client's credentials come from the scenario's context; the host reads none" },
  'sep-2640-client-*': { ko: 'skills 확장의 시나리오다. 이 장은 skills를 다루지 않는다', en: 'skills extension scenarios; the chapter teaches no skills' },
  'initialize, elicitation-sep1034-client-defaults, sse-retry': { ko: '2026-07-28에 없다(그 개정판에서 빠졌다)', en: 'not part of 2026-07-28 (removed in it)' },
};

/** A chapter folder holding a host's rounds.ts, named on the command line as `conformance -- ID [--target DIR]`; undefined for any other. */
export function hostChapter(argv: readonly string[], defaultTarget: string): { chapterDir: string; shown: string } | undefined {
  let words;
  try {
    words = readOptions('conformance', argv);
  } catch {
    return undefined;
  }
  const [word] = words.positional;
  const chapter = CHAPTERS.find((candidate) => candidate.id === word || candidate.dir === word);
  if (chapter === undefined || words.positional.length !== 1) return undefined;
  const found = gradedTarget((words.values as Partial<Record<'--target', string>>)['--target'] ?? defaultTarget, CHAPTERS);
  const chapterDir = chapterFolder(found, chapter);
  return existsSync(join(chapterDir, 'rounds.ts')) ? { chapterDir, shown: shownPath(found, chapter.dir) || '.' } : undefined;
}

/** Runs a command to the end with the given PATH first, its output shown; resolves to its exit code. */
function run(command: string, args: readonly string[], pathFirst: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, PATH: `${pathFirst}${delimiter}${process.env['PATH'] ?? ''}` } });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Runs each applicable client scenario against the host of `chapterDir` and returns 0 when all of them pass. */
export async function runClientScenarios(conformancePackage: string, chapterDir: string, shown: string, lang: Lang): Promise<number> {
  const say = conformanceWords(lang);
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-conformance-client-'));
  const failed: string[] = [];
  let finished = false;
  try {
    console.log(say.installing(NODE_PACKAGE, conformancePackage));
    const nodeBin = installLtsNode(join(scratch, 'node'));
    // The tool runs the host from this folder (the repository), where tsx resolves; the command is split on spaces.
    const host = ['node', '--import', 'tsx', fileURLToPath(new URL('./conformance-host.ts', import.meta.url)), chapterDir].join(' ');
    writeFileSync(join(scratch, 'expected-failures.yml'), 'client: []\n');
    console.log(say.host(shown, 'checker/commands/maintainer/conformance-host.ts'));
    for (const scenario of APPLICABLE) {
      const code = await run('npx', ['-y', conformancePackage, 'client', '--command', host, '--scenario', scenario, '--spec-version', REVISION, '-o', join(scratch, 'results')], nodeBin);
      if (code !== 0) failed.push(scenario);
    }
    finished = true;
  } finally {
    // A finished run with failures keeps the tool's results to read; anything else leaves nothing behind.
    rmSync(finished && failed.length > 0 ? join(scratch, 'node') : scratch, { recursive: true, force: true });
  }
  console.log(say.clientSummary(conformancePackage, REVISION, shown));
  for (const scenario of APPLICABLE) console.log(`  ${failed.includes(scenario) ? say.fail : say.pass}  ${scenario}`);
  console.log(say.skipped);
  for (const [scenario, why] of Object.entries(SKIPPED)) console.log(`  -  ${scenario}: ${why[lang]}`);
  if (failed.length > 0) {
    console.log(say.failed(failed.length, join(scratch, 'results')));
    return 1;
  }
  return 0;
}
