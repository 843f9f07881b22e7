import { ProtocolError } from '@modelcontextprotocol/client';
import { say } from '../_lib/say.ts';

/** Turns an SDK error code into advice: what the code usually means for this chapter's server. */
export function explainCode(code: number): string {
  switch (code) {
    case -32700:
      return say('JSON으로 읽을 수 없는 줄을 받았다', 'a line that is not JSON arrived');
    case -32600:
      return say('요청 모양이 JSON-RPC 요청이 아니다', 'the message is not a JSON-RPC request');
    case -32601:
      return say('이 기능(메서드)이 서버에 등록되지 않았다. registerTool/registerResource/registerPrompt를 확인하라', 'this capability is not registered; check registerTool/registerResource/registerPrompt');
    case -32602:
      return say('알 수 없는 도구·자원·프롬프트이거나, 요청의 인자가 요청 규격에 맞지 않는다', 'an unknown tool, resource or prompt, or arguments that do not fit the request schema');
    case -32603:
      return say('서버 내부 오류: 처리기 밖에서 예외가 났다', 'internal server error: something threw outside a handler');
    case -32000:
      return say('연결이 닫혔다: 서버 프로세스가 끝났거나 표준 출력이 깨졌다', 'the connection closed: the server process ended or its stdout broke');
    case -32001:
      return say('요청 시간 초과: 서버가 답하지 않았다', 'request timed out: the server never answered');
    default:
      return say('SDK 오류 코드 표를 확인하라', 'look the code up in the SDK error codes');
  }
}

/** The text of any thrown value, without a stack. */
export function describeError(error: unknown): string {
  if (error instanceof ProtocolError) return `${error.name} ${error.code}: ${error.message} (${explainCode(error.code)})`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
