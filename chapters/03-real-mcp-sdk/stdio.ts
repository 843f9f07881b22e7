import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// TODO(03/3): stdout은 프로토콜 메시지만 싣는다. 사람이 읽을 이 기록을 stderr로 옮겨라.
console.log('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');

// serveStdio answers both openings: a 2026-07-28 client's server/discover and an older client's initialize.
serveStdio(() => buildServer(defaultOptions()), {
  transport: new StdioServerTransport(),
  onerror: (error) => console.error(`[03] 전송 오류: ${error.message}`),
});
