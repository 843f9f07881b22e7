import { ProtocolError } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { say, show } from '../_lib/say.ts';
import { describeError, explainCode } from './errors.ts';

// This module imports no learner code: the stdio suite uses it from a process that may start child processes.

/** How one call ended, in terms a learner can compare. */
export type Outcome =
  | { kind: 'result'; isError: boolean; text: string; structured: unknown; raw: CallToolResult }
  | { kind: 'protocol'; code: number; message: string }
  | { kind: 'thrown'; message: string };

/** Awaits a request and sorts its ending into a result, a JSON-RPC error, or something else thrown. */
export async function outcome(request: Promise<unknown>): Promise<Outcome> {
  try {
    const value = (await request) as CallToolResult;
    const content = Array.isArray(value.content) ? value.content : [];
    const text = content.map((item) => (item.type === 'text' ? item.text : `[${item.type}]`)).join('\n');
    return { kind: 'result', isError: value.isError === true, text, structured: value.structuredContent, raw: value };
  } catch (error) {
    if (error instanceof ProtocolError) return { kind: 'protocol', code: error.code, message: error.message };
    return { kind: 'thrown', message: describeError(error) };
  }
}

/** A short line for an outcome, used as "got" in failure messages. */
export function showOutcome(result: Outcome): string {
  if (result.kind === 'result') return `${result.isError ? 'isError ' : ''}${say('결과', 'result')}: ${result.text}${result.structured === undefined ? '' : ` | structuredContent ${show(result.structured)}`}`;
  if (result.kind === 'protocol') return `${say('프로토콜 오류', 'protocol error')} ${result.code}: ${result.message} (${explainCode(result.code)})`;
  return result.message;
}
