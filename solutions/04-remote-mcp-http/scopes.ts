import type { ServerOptions } from './options.ts';

/** 1~3장의 도구 셋의 이름. */
export type ToolName = 'count_tasks' | 'summarize_document' | 'read_note';

/** 이 서버가 아는 모든 도구. tools/list가 보여 주는 순서다. */
export const TOOL_NAMES: readonly ToolName[] = ['count_tasks', 'summarize_document', 'read_note'];

/** 도구마다 그것을 보고 부르려면 토큰에 있어야 하는 OAuth 범위. */
export const TOOL_SCOPES: Readonly<Record<ToolName, string>> = {
  count_tasks: 'tasks:read',
  summarize_document: 'docs:read',
  read_note: 'notes:read',
};

/** 호출자 한 명이 도구 하나에 대해 받는 판정: 쓸 수 있다, 범위가 더 있어야 한다, 이 서버에 없는 도구다. */
export type ToolDecision = 'allowed' | 'needs-scope' | 'unknown';

/** 서버의 허용 목록과 토큰의 범위로, 이 호출자가 도구 name을 쓸 수 있는지 판정한다. */
export function decideTool(options: ServerOptions, scopes: readonly string[], name: string): ToolDecision {
  // 서버의 허용 목록이 상한이다: 승인하지 않은 도구는 어떤 범위로도 열리지 않는 없는 도구다.
  const known = TOOL_NAMES.find((tool) => tool === name);
  if (known === undefined || !options.tools.has(known)) return 'unknown';
  // 범위는 낱말 하나하나를 그대로 비교한다: 'mytasks:read'는 'tasks:read'가 아니다.
  return scopes.includes(TOOL_SCOPES[known]) ? 'allowed' : 'needs-scope';
}

/** 토큰에 실린 범위로 보아, 호출자 한 명이 보고 부를 수 있는 도구들. */
export function toolsFor(options: ServerOptions, scopes: readonly string[]): ToolName[] {
  return TOOL_NAMES.filter((name) => decideTool(options, scopes, name) === 'allowed');
}
