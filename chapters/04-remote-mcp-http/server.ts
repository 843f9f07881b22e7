import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { ServerOptions } from './options.ts';
import { toolsFor } from './scopes.ts';

/** 요청 하나를 위한 새 서버를 만든다: 이 호출자가 쓸 수 있는 도구만 등록하므로 tools/list가 곧 이 호출자의 목록이다. */
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

/** 주어진 작업을 상태별로 세는 count_tasks를 등록한다. */
function registerCountTasks(server: McpServer, options: ServerOptions): void {
  server.registerTool(
    'count_tasks',
    { description: '상태별 작업 개수를 센다.', inputSchema: z.strictObject({ status: z.enum(['open', 'done']) }) },
    ({ status }) => text(`${status}: ${options.tasks.filter((task) => task.status === status).length}`),
  );
}

/** 허용된 문서의 제목과 본문 줄 수를 돌려주는 summarize_document를 등록한다. */
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

/** 메모를 내주는 read_note를 등록한다. */
function registerReadNote(server: McpServer, options: ServerOptions): void {
  server.registerTool('read_note', { description: '메모를 읽는다.', inputSchema: z.strictObject({}) }, () => text(options.note));
}

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}
