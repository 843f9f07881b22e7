import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer, ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** A status count_tasks can count. */
export type TaskStatus = 'open' | 'done';

/** One row of task data. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** Chapter 2's task data: two open tasks and one done task. */
export const TASKS: readonly Task[] = [
  { title: '규칙 검토', status: 'open' },
  { title: '설정 확인', status: 'done' },
  { title: '호출 점검', status: 'open' },
];

/** What buildServer needs; tests pass their own folder, lists and tasks. */
export interface ServerOptions {
  /** Where documents are read from: a place to look, not a permission. */
  documentsDir: string;
  /** The document names the server agrees to read. */
  documents: ReadonlySet<string>;
  /** The tool names the server exposes: buildServer registers these tools and no other, count_tasks and summarize_document included. */
  tools: ReadonlySet<string>;
  tasks: readonly Task[];
}

/** This chapter's settings: its own folder holds report.txt and secret.txt, and only report.txt may be read. */
export function defaultOptions(): ServerOptions {
  return {
    documentsDir: import.meta.dirname,
    documents: new Set(['report.txt']),
    tools: new Set(['count_tasks', 'summarize_document']),
    tasks: TASKS,
  };
}

/** A note the read_note tool would hand out; the team never approved sending it. */
const NOTE = '회의 메모: 다음 분기 예산 초안과 담당자 연락처';

/** Builds the chapter 1-2 server on the SDK: the approved tools among count_tasks, summarize_document and read_note, the documents as resources, and a review prompt. */
export function buildServer(options: ServerOptions): McpServer {
  const server = new McpServer({ name: 'course-docs-and-tasks', version: '1.0.0' });

  // TODO(03/4): options.tools가 승인한 도구만 등록한다. count_tasks, summarize_document, read_note 모두 마찬가지다. 등록한 뒤 처리기 안에서 거절하면 tools/list에는 모든 클라이언트에게 그대로 보인다.
  registerCountTasks(server, options);
  registerSummarizeDocument(server, options);
  registerReadNote(server, options);

  server.registerResource(
    'document',
    new ResourceTemplate('docs://{name}', {
      list: () => ({ resources: [...options.documents].sort().map((name) => ({ uri: `docs://${name}`, name, mimeType: 'text/plain' })) }),
    }),
    { description: '허용 목록에 있는 문서', mimeType: 'text/plain' },
    (uri, { name }) => {
      if (typeof name !== 'string' || !options.documents.has(name)) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `허용 목록에 없는 문서다: ${uri.href}`);
      }
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: readFileSync(join(options.documentsDir, name), 'utf8') }] };
    },
  );

  server.registerPrompt(
    'review_document',
    {
      description: '문서를 검토할 때 되풀이해 묻는 질문이다.',
      argsSchema: z.object({ name: z.string().describe('검토할 문서 이름, 예: report.txt') }),
    },
    ({ name }) => ({
      messages: [{ role: 'user', content: { type: 'text', text: reviewQuestions(name) } }],
    }),
  );

  return server;
}

/** Registers count_tasks, which counts the given tasks by status. */
function registerCountTasks(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'count_tasks',
    {
      description: '상태별 작업 개수를 센다.',
      // TODO(03/1): 이 스키마가 count_tasks의 규칙 전부(받을 수 있는 status 값과 키)를 말하게 하라. 틀린 호출은 isError 결과가 되어야 한다.
      inputSchema: z.object({ status: z.string() }),
    },
    ({ status }) => text(`${status}: ${options.tasks.filter((task) => task.status === status).length}`),
  );
}

/** Registers summarize_document, which reads an allowed document and returns its title and body line count. */
function registerSummarizeDocument(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'summarize_document',
    {
      description: '허용된 문서의 제목과 본문 줄 수를 돌려준다.',
      // TODO(03/2): 문서 이름으로 문자열만 받게 하라. 문자열이 아닌 name은 isError 결과가 되어야 한다.
      inputSchema: z.strictObject({ name: z.coerce.string() }),
      outputSchema: z.strictObject({ title: z.string(), body_lines: z.int().nonnegative() }),
      annotations: { readOnlyHint: true },
    },
    ({ name }) => {
      if (!options.documents.has(name)) return refusal(`허용 목록에 없는 문서다: ${name}`);
      const summary = summarize(readFileSync(join(options.documentsDir, name), 'utf8'));
      return { content: [{ type: 'text', text: JSON.stringify(summary) }], structuredContent: summary };
    },
  );
}

/** Registers read_note, a tool this team never approved; it refuses unless the options list it. */
function registerReadNote(server: McpServer, options: ServerOptions): void {
  server.registerTool('read_note', { description: '메모를 읽는다.', inputSchema: z.strictObject({}) }, () => {
    if (!options.tools.has('read_note')) return refusal('서버 정책: 호출 거부');
    return text(NOTE);
  });
}

/** The first line is the title; the rest is the body, counted the way chapter 1 counts it. */
function summarize(document: string): { title: string; body_lines: number } {
  const lines = document.split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  return { title: lines[0] ?? '', body_lines: Math.max(0, lines.length - 1) };
}

function reviewQuestions(name: string): string {
  return [
    `docs://${name} 문서를 다음 질문으로 검토하라.`,
    '1. 첫 줄의 제목이 본문을 제대로 가리키는가?',
    '2. 본문의 각 줄이 완료 기준 하나씩과 대응하는가?',
    '3. 근거 없이 완료라고 적은 항목이 있는가?',
  ].join('\n');
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

/** A tool result the model can read and act on: the call reached the tool, and the tool said no. */
function refusal(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
