import { McpServer } from '@modelcontextprotocol/server';
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

  // TODO(03/4): 이 서버가 내놓는 도구는 팀이 승인한 것(설정의 tools)뿐이어야 하고, 세 도구 모두 같은 규칙을 따른다. 승인하지 않은 도구를 모르는 클라이언트와 그 모델이 tools/list와 tools/call에서 무엇을 보게 될지 생각해 보라.
  registerCountTasks(server, options);
  registerSummarizeDocument(server, options);
  registerReadNote(server);

  registerDocuments(server, options);
  return server;
}

/** count_tasks: 받은 작업 자료에서 상태별 개수를 센다. */
function registerCountTasks(server: McpServer, options: ServerOptions): void {
  // TODO(03/1): 이 함수와 아래 함수에서 도구를 하나씩 등록하라.
  // - count_tasks: 받은 작업 자료에서 상태가 같은 작업을 세어 "open: 2" 같은 글과, 같은 내용의 구조화된 결과(TaskCount)를 돌려준다.
  // - summarize_document: 허용 목록에 있는 문서의 제목과 본문 줄 수(summarize)를 구조화된 결과로 돌려준다. 목록에 없는 이름은 파일을 열기 전에 거절한다.
  // 두 도구 모두 tools/list에 알리는 입력 스키마와 서버가 실제로 받는 인자가 정확히 같아야 하고, 그 밖의 인자는 어느 필드가 틀렸는지 밝힌 isError 결과가 된다.
  // 결과의 모양은 출력 스키마로 알리고, 도구마다 모델이 읽을 제목과 설명을, 인자마다 설명을 단다. 아래 read_note가 등록의 모양을 보여 준다.
}

/** summarize_document: 허용된 문서의 제목과 본문 줄 수를 돌려준다. */
function registerSummarizeDocument(server: McpServer, options: ServerOptions): void {}

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
  // TODO(03/2): 문서를 자원으로, 검토 질문을 프롬프트로 내놓아라.
  // - 자원: 주소 틀 DOCUMENT_TEMPLATE 하나로 허용된 문서를 나열하고(documentList) 읽는다. 허용 목록에 없는 주소는 파일을 열기 전에 거절한다.
  // - 프롬프트 REVIEW_PROMPT: 문서 이름 인자 하나(반드시 받고, 설명을 단다)로 reviewMessages를 돌려준다.
  // 도구가 아닌 이 둘이 잘못된 요청에 어떻게 답해야 하는지는 명세의 Resources, Prompts 절에 있다.
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
