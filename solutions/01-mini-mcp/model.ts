/** tools/list 뒤에 호스트가 도구 하나에 대해 아는 것. */
export interface ToolInfo {
  name: string;
}

/** 모델이 제안하는 도구 호출: tools/call 요청의 params가 된다. */
export interface ToolCall {
  name: string;
  arguments: unknown;
}

/** 규칙으로 움직이는 가짜 모델: 아는 작업 하나에 대해서만, 목록에 요약 도구가 있을 때 그 도구를 제안한다. */
export function fakeModel(task: string, tools: readonly ToolInfo[]): ToolCall {
  const names = new Set(tools.map((tool) => tool.name));
  if (task !== '문서 요약' || !names.has('summarize_document')) {
    throw new Error('이 작업에 사용할 도구가 없다.');
  }
  return { name: 'summarize_document', arguments: { name: 'report.txt' } };
}
