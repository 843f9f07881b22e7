import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** The three tools of chapters 1-3, by name. */
export type ToolName = 'count_tasks' | 'summarize_document' | 'read_note';

/** Every tool this server knows, in the order tools/list shows them. */
export const TOOL_NAMES: readonly ToolName[] = ['count_tasks', 'summarize_document', 'read_note'];

/** The OAuth scope a token must carry to see and call each tool. */
export const TOOL_SCOPES: Readonly<Record<ToolName, string>> = {
  count_tasks: 'tasks:read',
  summarize_document: 'docs:read',
  read_note: 'notes:read',
};

/** A status count_tasks can count. */
export type TaskStatus = 'open' | 'done';

/** One row of task data. */
export interface Task {
  title: string;
  status: TaskStatus;
}

/** What buildServer needs; tests pass their own lists, tasks and documents. */
export interface ServerOptions {
  /** The server's own allowlist: the tools it exposes to anyone at all, whatever a token says. */
  tools: ReadonlySet<string>;
  tasks: readonly Task[];
  /** The documents summarize_document may read, by name: the allowlist and the text together. */
  documents: ReadonlyMap<string, string>;
  /** What read_note hands out. */
  note: string;
}

/** True when a string names one of this server's tools. */
export function isToolName(name: string | null | undefined): name is ToolName {
  return TOOL_NAMES.some((known) => known === name);
}

/** The tools one caller may see and call, given the scopes its token carries. */
export function toolsFor(options: ServerOptions, scopes: readonly string[]): ToolName[] {
  // TODO(04/4): 이 호출자의 도구는 서버의 허용 목록과 이 호출자의 토큰 범위가 함께 정한다. 지금은 토큰이 무엇을 허락했든 모두가 같은 목록을 본다.
  return TOOL_NAMES.filter((name) => options.tools.has(name));
}

/** Builds a fresh server for one request: only the tools this caller may use are registered, so tools/list is this caller's list. */
export function buildServer(options: ServerOptions, scopes: readonly string[]): McpServer {
  // 도구가 하나도 없는 호출자에게도 도구 기능을 선언해 tools/list가 빈 목록으로 답하게 한다. 목록은 요청마다 새로 만들 뿐
  // 실행 중에 바뀌지 않으므로 listChanged는 false다: 보내지 않을 변경 알림을 약속하지 않는다.
  const server = new McpServer({ name: 'course-remote-docs', version: '1.0.0' }, { capabilities: { tools: { listChanged: false } } });
  const tools = toolsFor(options, scopes);
  if (tools.includes('count_tasks')) registerCountTasks(server, options);
  if (tools.includes('summarize_document')) registerSummarizeDocument(server, options);
  if (tools.includes('read_note')) registerReadNote(server, options);
  return server;
}

/** Registers count_tasks, which counts the given tasks by status. */
function registerCountTasks(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'count_tasks',
    { description: '상태별 작업 개수를 센다.', inputSchema: z.strictObject({ status: z.enum(['open', 'done']) }) },
    ({ status }) => text(`${status}: ${options.tasks.filter((task) => task.status === status).length}`),
  );
}

/** Registers summarize_document, which returns an allowed document's title and body line count. */
function registerSummarizeDocument(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'summarize_document',
    {
      description: '허용된 문서의 제목과 본문 줄 수를 돌려준다.',
      inputSchema: z.strictObject({ name: z.string() }),
      outputSchema: z.strictObject({ title: z.string(), body_lines: z.int().nonnegative() }),
      annotations: { readOnlyHint: true },
    },
    ({ name }) => {
      const document = options.documents.get(name);
      if (document === undefined) return { content: [{ type: 'text', text: `허용 목록에 없는 문서다: ${name}` }], isError: true };
      const lines = document.split(/\r\n|\n|\r/);
      if (lines.at(-1) === '') lines.pop();
      const summary = { title: lines[0] ?? '', body_lines: Math.max(0, lines.length - 1) };
      return { content: [{ type: 'text', text: JSON.stringify(summary) }], structuredContent: summary };
    },
  );
}

/** Registers read_note, which hands out the note. */
function registerReadNote(server: McpServer, options: ServerOptions): void {
  server.registerTool('read_note', { description: '메모를 읽는다.', inputSchema: z.strictObject({}) }, () => text(options.note));
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}
