import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// stdout은 프로토콜의 통로다: 그곳의 줄은 모두 MCP 메시지여야 하므로 사람이 읽을 기록은 stderr로 보낸다.
console.error('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');

// serveStdio는 첫 메시지로 연결의 시대를 정한다: _meta를 실은 2026-07-28 요청이면 새 방식, initialize나 _meta 없는 메시지면 옛 방식.
serveStdio(() => buildServer(defaultOptions()), {
  transport: new StdioServerTransport(),
});
