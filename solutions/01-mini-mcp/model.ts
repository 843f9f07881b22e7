/** What the host knows about one tool after tools/list. */
export interface ToolInfo {
  name: string;
}

/** A tool call as the model proposes it: the params of a tools/call request. */
export interface ToolCall {
  name: string;
  arguments: unknown;
}

/** A rule-based stand-in for a model: it proposes the summary tool for the one task it knows, if that tool is listed. */
export function fakeModel(task: string, tools: readonly ToolInfo[]): ToolCall {
  const names = new Set(tools.map((tool) => tool.name));
  if (task !== '문서 요약' || !names.has('summarize_document')) {
    throw new Error('이 작업에 사용할 도구가 없다.');
  }
  return { name: 'summarize_document', arguments: { name: 'report.txt' } };
}
