import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// TODO(03/3): 이 프로세스가 쓰는 모든 출력이, 어느 파일에서 쓰든, 명세의 stdio 전송 절(2026-07-28)이 정한 규칙을 지키게 하라.
console.log('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');

// serveStdio는 첫 메시지로 연결의 시대를 정한다: _meta를 실은 2026-07-28 요청이면 새 방식, initialize나 _meta 없는 메시지면 옛 방식.
serveStdio(() => buildServer(defaultOptions()), {
  transport: new StdioServerTransport(),
});
