import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { NODE_PACKAGE, installLtsNode } from '../mcp-tools/lts-node.ts';
import { hostChapter, runClientScenarios } from './conformance-client.ts';
import { readCommandLine } from '../../usage/prologue.ts';
import { parseHttpArgs } from '../mcp-tools/http-args.ts';
import { REVISION, serveChapter } from '../mcp-tools/http-chapter.ts';
import type { ServedChapter } from '../mcp-tools/http-chapter.ts';
import { conformanceWords } from '../../usage/conformance-words.ts';
import type { Because } from '../../usage/conformance-words.ts';
import { guessLang } from '../../usage/command-line.ts';

/*
 * `npm run conformance -- 04`, a maintainer's command: the official conformance tool's server scenarios for MCP
 * 2026-07-28 against the solution's endpoint. The tool needs Node 22 or later (it imports fs.globSync), so it is not
 * a devDependency, which would break `npm ci` on the Node 20 floor; it runs pinned through npx under the npm
 * registry's Node 24 package, installed into a temporary prefix as .ci/run does. It talks to a real socket and takes
 * a minute or so, so it is not part of `npm test`.
 */

/** The conformance tool, pinned: the newest release that knows 2026-07-28 (0.1.16, tagged latest, stops at 2025-11-25). */
const CONFORMANCE_PACKAGE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';

/** Every scope the chapter's tools need, so tools/list shows all three tools to the tool. */
const ALL_SCOPES = ['tasks:read', 'docs:read', 'notes:read'];

/** The server scenarios of 2026-07-28 that apply to the chapter, each of which must pass. */
const APPLICABLE: readonly string[] = [
  'server-stateless',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
  'caching',
  'http-header-validation',
];

/**
 * Checks inside an applicable scenario that cannot be exercised on this server, with why; they go to the tool's
 * expected-failures file one check at a time, so every other check of the scenario still has to pass, and the tool
 * fails the run if one of them starts passing.
 */
const UNTESTABLE_CHECKS: Readonly<Record<string, Because>> = {
  'server-stateless:sep-2575-server-rejects-undeclared-capability': { ko: '도구의 진단용 도구 test_missing_capability가 필요하다', en: "needs the tool's diagnostic tool test_missing_capability" },
  'server-stateless:sep-2575-missing-capability-http-400': { ko: '도구의 진단용 도구 test_missing_capability가 필요하다', en: "needs the tool's diagnostic tool test_missing_capability" },
  'server-stateless:sep-2575-http-server-no-independent-requests-on-stream': { ko: '도구의 진단용 도구 test_streaming_elicitation이 필요하다', en: "needs the tool's diagnostic tool test_streaming_elicitation" },
  'server-stateless:sep-2575-server-no-log-without-loglevel': { ko: '도구의 진단용 도구 test_logging_tool이 필요하다', en: "needs the tool's diagnostic tool test_logging_tool" },
  'caching:sep-2549-prompts-list-caching-hints': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'caching:sep-2549-resources-list-caching-hints': { ko: '이 장의 서버에는 자원이 없다', en: 'the chapter serves no resources' },
  'caching:sep-2549-resources-templates-list-caching-hints': { ko: '이 장의 서버에는 자원 템플릿이 없다', en: 'the chapter serves no resource templates' },
};

/** The 2026-07-28 server scenarios not run, with why: each needs something the chapter's server does not have. */
const SKIPPED: Readonly<Record<string, Because>> = {
  'completion-complete': { ko: '이 장의 서버에는 자동 완성이 없다', en: 'the chapter serves no completions' },
  'tools-call-simple-text': { ko: '도구의 참조 도구(test_simple_text 등)를 부른다. 이 장의 도구는 자기 도구 셋뿐이다', en: "calls the tool's reference tools (test_simple_text and kin); the chapter's tools are its own three" },
  'tools-call-image': { ko: '도구의 참조 도구를 부른다. 이 장의 도구는 이미지를 돌려주지 않는다', en: "calls the tool's reference tools; the chapter's tools return no images" },
  'tools-call-audio': { ko: '도구의 참조 도구를 부른다. 이 장의 도구는 소리를 돌려주지 않는다', en: "calls the tool's reference tools; the chapter's tools return no audio" },
  'tools-call-embedded-resource': { ko: '도구의 참조 도구를 부른다. 이 장의 서버에는 자원이 없다', en: "calls the tool's reference tools; the chapter serves no resources" },
  'tools-call-mixed-content': { ko: '도구의 참조 도구를 부른다', en: "calls the tool's reference tools" },
  'tools-call-error': { ko: '도구의 참조 도구 test_error_handling을 부른다', en: "calls the tool's reference tool test_error_handling" },
  'tools-call-with-progress': { ko: '도구의 참조 도구 test_tool_with_progress를 부른다. 이 장의 도구는 진행 알림을 보내지 않는다', en: "calls the tool's reference tool test_tool_with_progress; the chapter's tools send no progress" },
  'json-schema-2020-12': { ko: '도구의 참조 도구 json_schema_2020_12_tool을 찾는다', en: "looks for the tool's reference tool json_schema_2020_12_tool" },
  'resources-list': { ko: '이 장의 서버에는 자원이 없다', en: 'the chapter serves no resources' },
  'resources-read-text': { ko: '이 장의 서버에는 자원이 없다', en: 'the chapter serves no resources' },
  'resources-read-binary': { ko: '이 장의 서버에는 자원이 없다', en: 'the chapter serves no resources' },
  'resources-templates-read': { ko: '이 장의 서버에는 자원 템플릿이 없다', en: 'the chapter serves no resource templates' },
  'sep-2164-resource-not-found': { ko: '이 장의 서버에는 자원이 없다', en: 'the chapter serves no resources' },
  'prompts-list': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'prompts-get-simple': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'prompts-get-with-args': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'prompts-get-embedded-resource': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'prompts-get-with-image': { ko: '이 장의 서버에는 프롬프트가 없다', en: 'the chapter serves no prompts' },
  'http-custom-header-server-validation': { ko: '입력 스키마에 x-mcp-header 표시가 있는 도구가 필요하다. 이 장에는 없다', en: 'needs a tool whose input schema has x-mcp-header annotations; the chapter has none' },
  'input-required-result-*': { ko: '시나리오 14개가 InputRequiredResult를 돌려주는 도구의 참조 도구를 요구한다. 이 장의 도구는 클라이언트에게 입력을 되묻지 않는다', en: "the 14 scenarios need the tool's reference tools that return InputRequiredResult; the chapter's tools never ask the client for input" },
};

/** Runs a command to the end with the given PATH first, its output shown; resolves to its exit code. */
function run(command: string, args: readonly string[], pathFirst: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, PATH: `${pathFirst}${delimiter}${process.env['PATH'] ?? ''}` } });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Serves the target's chapter, runs each applicable scenario against it, and returns 0 when all of them pass. */
async function main(argv: readonly string[]): Promise<number> {
  // A chapter whose folder holds a host (rounds.ts) gets the tool's client scenarios instead (conformance-client.ts).
  const host = hostChapter(argv, 'solutions');
  if (host !== undefined) return runClientScenarios(CONFORMANCE_PACKAGE, host.chapterDir, host.shown, guessLang(argv));
  const read = readCommandLine(argv, 'conformance', (words) => parseHttpArgs('conformance', words, 'solutions'));
  if (read.exitCode !== undefined) return read.exitCode;
  const { args } = read;
  const say = conformanceWords(args.lang);
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  let served: ServedChapter | undefined;
  let finished = false;
  const failed: string[] = [];
  try {
    // The tool sends no bearer token, so requests that carry none get the run's test token; 04/3's suite grades the 401s.
    served = await serveChapter(args.chapterDir, { port: 0, scopes: ALL_SCOPES, addTokenWhenMissing: true });
    console.log(say.installing(NODE_PACKAGE, CONFORMANCE_PACKAGE));
    const nodeBin = installLtsNode(join(scratch, 'node'));
    const baseline = join(scratch, 'expected-failures.yml');
    writeFileSync(baseline, `server:\n${Object.keys(UNTESTABLE_CHECKS).map((check) => `  - ${check}\n`).join('')}`);
    console.log(say.serving(args.shown, served.url.href));
    for (const scenario of APPLICABLE) {
      const code = await run('npx', ['-y', CONFORMANCE_PACKAGE, 'server', '--url', served.url.href, '--scenario', scenario, '--spec-version', REVISION, '--expected-failures', baseline, '-o', join(scratch, 'results')], nodeBin);
      if (code !== 0) failed.push(scenario);
    }
    finished = true;
  } finally {
    await served?.close();
    // A finished run with failures keeps the tool's results to read; anything else leaves nothing behind.
    rmSync(finished && failed.length > 0 ? join(scratch, 'node') : scratch, { recursive: true, force: true });
  }
  console.log(say.serverSummary(CONFORMANCE_PACKAGE, REVISION, args.shown));
  for (const scenario of APPLICABLE) console.log(`  ${failed.includes(scenario) ? say.fail : say.pass}  ${scenario}`);
  console.log(say.untestable);
  for (const [check, why] of Object.entries(UNTESTABLE_CHECKS)) console.log(`  ~  ${check}: ${why[args.lang]}`);
  console.log(say.skipped);
  for (const [scenario, why] of Object.entries(SKIPPED)) console.log(`  -  ${scenario}: ${why[args.lang]}`);
  if (failed.length > 0) {
    console.log(say.failed(failed.length, join(scratch, 'results')));
    return 1;
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
