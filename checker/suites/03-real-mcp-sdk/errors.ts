import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { say } from '../_lib/say.ts';

/** Turns an SDK error code into advice: what the code usually means for this chapter's server. */
export function explainCode(code: number): string {
  switch (code) {
    case -32700:
      return say('JSON으로 읽을 수 없는 줄을 받았다', 'a line that is not JSON arrived');
    case -32600:
      return say('요청 모양이 JSON-RPC 요청이 아니다', 'the message is not a JSON-RPC request');
    case -32601:
      return say('이 기능(메서드)이 서버에 등록되지 않았다', 'this capability (method) is not registered on the server');
    case -32602:
      return say('알 수 없는 도구·자원·프롬프트이거나, 요청의 인자가 요청 규격에 맞지 않는다', 'an unknown tool, resource or prompt, or arguments that do not fit the request schema');
    case -32603:
      return say('서버 내부 오류: 처리기 밖에서 예외가 났다', 'internal server error: something threw outside a handler');
    default:
      return say('SDK 오류 코드 표를 확인하라', 'look the code up in the SDK error codes');
  }
}

/** The text of any thrown value, without a stack. */
export function describeError(error: unknown): string {
  if (error instanceof ProtocolError) return `${error.name} ${error.code}: ${error.message} (${explainCode(error.code)})`;
  if (error instanceof SdkError) return `${error.name} ${error.code}: ${error.message} (${explainSdkCode(error.code)})`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** SDK v2 reports local failures (no reply, closed pipe) as SdkError with a string code, never as a JSON-RPC code. */
function explainSdkCode(code: string): string {
  if (code === SdkErrorCode.ConnectionClosed) return say('연결이 닫혔다: 서버 프로세스가 끝났거나 전송이 끊겼다', 'the connection closed: the server process ended or the transport broke');
  if (code === SdkErrorCode.RequestTimeout) return say('시간 초과: 서버가 제때 답하지 않았다', 'timed out: the server did not answer in time');
  return say('SDK 안에서 난 오류다', 'an error raised inside the SDK');
}
