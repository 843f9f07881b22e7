import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import type { CallToolResult, GetPromptResult, ListResourcesResult } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** count_tasks가 셀 수 있는 상태. */
export type TaskStatus = 'open' | 'done';

/** 작업 자료 한 줄. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** count_tasks의 구조화된 결과: 센 상태와 그 개수. */
export interface TaskCount {
  status: TaskStatus;
  count: number;
}

/** 2장의 작업 자료: 열린 작업 둘, 끝난 작업 하나. */
export const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** buildServer가 받는 설정. 채점기는 자기 폴더, 목록, 작업 자료를 넘긴다. */
export interface ServerOptions {
  /** 문서를 읽어 올 폴더. 찾아볼 곳일 뿐 허락이 아니다. */
  documentsDir: string;
  /** 서버가 읽어 주기로 한 문서 이름. */
  documents: ReadonlySet<string>;
  /** 팀이 승인한 도구 이름. 서버가 내놓는 도구는 이것뿐이다. */
  tools: ReadonlySet<string>;
  /** count_tasks가 셀 작업 자료. */
  tasks: readonly Task[];
}

/** 이 장의 설정: 이 폴더에 report.txt와 secret.txt가 있고, 읽어도 되는 것은 report.txt뿐이다. */
export function defaultOptions(): ServerOptions {
  return {
    documentsDir: import.meta.dirname,
    documents: new Set(['report.txt']),
    tools: new Set(['count_tasks', 'summarize_document']),
    tasks: TASKS,
  };
}

/** read_note가 내줄 메모. 팀은 이것을 내보내는 일을 승인한 적이 없다. */
const NOTE = '회의 메모: 다음 분기 예산 초안과 담당자 연락처';

/** 문서 자원의 주소 틀: docs://report.txt처럼 이름 하나가 주소 하나다. */
export const DOCUMENT_TEMPLATE = 'docs://{name}';

/** 검토 프롬프트의 이름. */
export const REVIEW_PROMPT = 'review_document';

/** 1·2장의 서버를 SDK 위에 세운다: 승인한 도구, 문서 자원, 검토 프롬프트. */
export function buildServer(options: ServerOptions): McpServer {
  // 목록은 실행 중에 바뀌지 않고 변경 알림도 보내지 않으니 listChanged는 false다: 보내지 않을 알림을 약속하지 않는다.
  const server = new McpServer(
    { name: 'course-docs-and-tasks', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } } },
  );

  // 승인하지 않은 도구는 아예 등록하지 않는다: 없는 도구는 목록에도 없고, 부르면 모르는 도구와 같은 답을 받는다.
  if (options.tools.has('count_tasks')) registerCountTasks(server, options);
  if (options.tools.has('summarize_document')) registerSummarizeDocument(server, options);
  if (options.tools.has('read_note')) registerReadNote(server);

  registerDocuments(server, options);
  return server;
}

/** count_tasks: 받은 작업 자료에서 상태별 개수를 센다. */
function registerCountTasks(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'count_tasks',
    {
      title: '작업 개수 세기',
      description: '상태(open 또는 done)가 같은 작업의 개수를 센다.',
      // 목록에 알리는 스키마가 곧 서버의 검사다: 허용 값은 둘, 키는 하나, 바꿔 받는 값은 없다.
      inputSchema: z.strictObject({ status: z.enum(['open', 'done']).describe('셀 작업의 상태: open 또는 done') }),
      outputSchema: z.strictObject({ status: z.enum(['open', 'done']), count: z.int().nonnegative() }),
      annotations: { readOnlyHint: true },
    },
    ({ status }) => {
      const count = options.tasks.filter((task) => task.status === status).length;
      const structuredContent: TaskCount = { status, count };
      return { content: [{ type: 'text', text: `${status}: ${count}` }], structuredContent };
    },
  );
}

/** summarize_document: 허용된 문서의 제목과 본문 줄 수를 돌려준다. */
function registerSummarizeDocument(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'summarize_document',
    {
      title: '문서 요약',
      description: '허용 목록에 있는 문서의 제목(첫 줄)과 본문 줄 수를 돌려준다.',
      // 이름은 문자열일 때만 이름이다: 123이나 ["report.txt"]를 이름으로 바꿔 받으면 목록이 알린 것과 다른 것을 받는다.
      inputSchema: z.strictObject({ name: z.string().describe('요약할 문서 이름, 예: report.txt') }),
      outputSchema: z.strictObject({ title: z.string(), body_lines: z.int().nonnegative() }),
      annotations: { readOnlyHint: true },
    },
    ({ name }) => {
      // 파일을 열기 전에 허용 목록을 본다: 읽은 뒤에 거절하면 답은 같아도 허용되지 않은 파일이 이미 열렸다.
      if (!options.documents.has(name)) return refusal(`허용 목록에 없는 문서다: ${name}`);
      return structured(summarize(readFileSync(join(options.documentsDir, name), 'utf8')));
    },
  );
}

/** read_note: 팀이 승인하지 않은 도구. 등록하는 모양은 다른 도구와 같다. */
function registerReadNote(server: McpServer): void {
  server.registerTool(
    'read_note',
    {
      title: '메모 읽기',
      description: '회의 메모 한 건을 읽어 돌려준다.',
      inputSchema: z.object({}),
      outputSchema: z.object({ note: z.string() }),
      annotations: { readOnlyHint: true },
    },
    () => structured({ note: NOTE }),
  );
}

/** 문서 자원과 검토 프롬프트: 허용된 문서만 나열하고 읽으며, 문서 이름 하나로 검토 질문을 만든다. */
function registerDocuments(server: McpServer, options: ServerOptions): void {
  server.registerResource(
    'document',
    // 목록도 허용 목록에서 만든다: 폴더에 무엇이 있든 보여 줄 문서는 허용된 것뿐이다.
    new ResourceTemplate(DOCUMENT_TEMPLATE, { list: () => documentList(options.documents) }),
    { title: '과정 문서', description: '허용 목록에 있는 문서. 주소는 docs://문서이름이다.', mimeType: 'text/plain' },
    (uri, { name }) => {
      // 자원은 도구가 아니다: 없는 자원은 결과가 아니라 프로토콜 오류 -32602로 답한다.
      if (typeof name !== 'string' || !options.documents.has(name)) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `허용 목록에 없는 문서다: ${uri.href}`);
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: readFileSync(join(options.documentsDir, name), 'utf8') }] };
    },
  );
  server.registerPrompt(
    REVIEW_PROMPT,
    {
      title: '문서 검토',
      description: '문서를 검토할 때 되풀이해 묻는 질문이다.',
      // 인자 설명은 호스트가 사용자에게 보여 주는 입력 칸에 쓰인다: 무엇을 넣을지 말해 준다.
      argsSchema: z.object({ name: z.string().describe('검토할 문서 이름, 예: report.txt') }),
    },
    ({ name }) => reviewMessages(name),
  );
}

/** 첫 줄은 제목, 나머지는 본문이다. 1장과 같은 방식으로 센다. */
export function summarize(document: string): { title: string; body_lines: number } {
  const lines = document.split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  return { title: lines[0] ?? '', body_lines: Math.max(0, lines.length - 1) };
}

/** 검토 프롬프트가 돌려줄 질문 글. */
export function reviewQuestions(name: string): string {
  return [
    `docs://${name} 문서를 다음 질문으로 검토하라.`,
    '1. 첫 줄의 제목이 본문을 제대로 가리키는가?',
    '2. 본문의 각 줄이 완료 기준 하나씩과 대응하는가?',
    '3. 근거 없이 완료라고 적은 항목이 있는가?',
  ].join('\n');
}

/** 검토 프롬프트의 답: 질문 글을 사용자 메시지 하나로 싣는다. */
export function reviewMessages(name: string): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text: reviewQuestions(name) } }] };
}

/** 글 하나로 된 도구 결과. */
export function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

/** 구조화된 도구 결과: 같은 내용을 structuredContent와 JSON 글로 함께 싣는다(명세가 글 사본도 권한다). 모양은 도구가 outputSchema로 알린 것과 같아야 한다. */
export function structured<T extends Record<string, unknown>>(data: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** resources/list의 답: 주어진 문서 이름을 차례대로 한 건씩. */
export function documentList(documents: ReadonlySet<string>): ListResourcesResult {
  return { resources: [...documents].sort().map(documentEntry) };
}

/** resources/list에 실을 문서 한 건: 주소(uri), 이름, 형식(mimeType). */
export function documentEntry(name: string): { uri: string; name: string; mimeType: string } {
  return { uri: `docs://${name}`, name, mimeType: 'text/plain' };
}

/** 모델이 읽고 고칠 수 있는 거절: 호출은 도구에 닿았고, 도구가 안 된다고 답했다. */
export function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
