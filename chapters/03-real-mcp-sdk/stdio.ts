import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildServer, defaultOptions } from './server.ts';

// TODO(03/3): 이 파일을 실행하면 buildServer(defaultOptions())의 서버가 표준 입출력으로 클라이언트를 맞아야 한다. 옛 방식(initialize)으로 여는 클라이언트와 2026-07-28 클라이언트를 모두 받고, 명세의 stdio 전송 절이 서버 프로세스의 출력에 거는 규칙을 지킨다.
console.log('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');
