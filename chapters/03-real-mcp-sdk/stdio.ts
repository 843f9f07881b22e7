import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// TODO(03/3): 이 프로세스가 쓰는 모든 출력이, 어느 파일에서 쓰든, 명세의 stdio 전송 절(2026-07-28)이 정한 규칙을 지키게 하라.
console.log('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');

// serveStdio는 첫 메시지로 연결의 시대를 정한다: _meta를 실은 2026-07-28 요청이면 새 방식, initialize나 _meta 없는 메시지면 옛 방식.
serveStdio(() => buildServer(defaultOptions()), {
  transport: new StdioServerTransport(withoutBatches(), process.stdout),
});

/**
 * stdin을 줄 단위로 넘겨주되 JSON-RPC 일괄 요청(배열)에는 직접 -32600으로 답한다: MCP는 일괄 요청을 쓰지 않고, SDK의 전송은
 * 배열을 말없이 버려 클라이언트가 시간 초과까지 기다리기 때문이다.
 */
function withoutBatches(): PassThrough {
  const forwarded = new PassThrough();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (isBatch(line)) process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported' } })}\n`);
    else forwarded.write(`${line}\n`);
  });
  lines.on('close', () => forwarded.end());
  return forwarded;
}

/** 한 줄이 JSON 배열, 곧 일괄 요청이면 true. */
function isBatch(line: string): boolean {
  try {
    return Array.isArray(JSON.parse(line));
  } catch {
    return false;
  }
}
