import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { OAuthClientProvider, Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/** 서버가 있는 곳: 호스트가 띄우는 명령(stdio), Streamable HTTP 주소, 이미 만든 전송(테스트, 메모리 안). */
export type ServerTarget =
  | { stdio: { command: string; args?: string[]; cwd?: string } }
  | { http: string | URL; fetch?: typeof fetch }
  | { transport: Transport };

/** 연결하는 방법: 토큰을 요구하는 서버를 위한 OAuth 클라이언트, 연결하기 전에 클라이언트에 먼저 하는 일. */
export interface ConnectOptions {
  authProvider?: OAuthClientProvider;
  prepare?(client: Client): void | Promise<void>;
}

/** 연결된 서버 하나: 이름, SDK 클라이언트, 닫는 함수. */
export interface ConnectedServer {
  name: string;
  client: Client;
  close(): Promise<void>;
}

/** 대상에 맞는 전송을 만든다. 인증 제공자는 토큰을 싣는 전송인 HTTP에만 넘긴다. */
function transportFor(target: ServerTarget, options: ConnectOptions): Transport {
  if ('transport' in target) return target.transport;
  if ('stdio' in target) return new StdioClientTransport({ command: target.stdio.command, args: target.stdio.args ?? [], ...(target.stdio.cwd === undefined ? {} : { cwd: target.stdio.cwd }) });
  const url = typeof target.http === 'string' ? new URL(target.http) : target.http;
  return new StreamableHTTPClientTransport(url, {
    ...(target.fetch === undefined ? {} : { fetch: target.fetch }),
    ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
  });
}

/** target의 서버에 SDK 클라이언트를 연결하고, 그 연결을 `name`으로 부른다. */
export async function connectServer(name: string, target: ServerTarget, options: ConnectOptions = {}): Promise<ConnectedServer> {
  const client = new Client({ name: 'course-host', version: '1.0.0' });
  await options.prepare?.(client);
  await client.connect(transportFor(target, options));
  return { name, client, close: () => client.close() };
}
