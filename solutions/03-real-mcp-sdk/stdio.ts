import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// stdout belongs to the protocol: every line there must be an MCP message, so anything meant for people goes to stderr.
console.error('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');

// serveStdio answers both openings: a 2026-07-28 client's server/discover and an older client's initialize.
serveStdio(() => buildServer(defaultOptions()), {
  transport: new StdioServerTransport(),
  onerror: (error) => console.error(`[03] 전송 오류: ${error.message}`),
});
