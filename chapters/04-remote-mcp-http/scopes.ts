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
  // TODO(04/4): 지금은 토큰이 무엇을 허락했든 서버가 승인한 도구면 누구나 쓴다. 이 호출자의 판정은 서버의 허용 목록과 이 토큰의 범위가 함께 정해야 한다.
  return TOOL_NAMES.some((tool) => tool === name) && options.tools.has(name) ? 'allowed' : 'unknown';
}

/** 토큰에 실린 범위로 보아, 호출자 한 명이 보고 부를 수 있는 도구들. */
export function toolsFor(options: ServerOptions, scopes: readonly string[]): ToolName[] {
  return TOOL_NAMES.filter((name) => decideTool(options, scopes, name) === 'allowed');
}
