import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Client, ClientOptions, Implementation, Tool } from '@modelcontextprotocol/client';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The host the official conformance tool starts for `npm run conformance -- 05`: `conformance-host.ts CHAPTER_DIR URL`.
 * It builds chapter 5's client from the chapter folder's rounds.ts, connects over Streamable HTTP, lists the tools
 * and calls them (as the scenario's context says, else each one); a scripted person answers every form with the field's suggested value or a plain one of its type.
 */

/** A form as chapter 5's rounds.ts shows it to the person. */
interface Form {
  server: string;
  serverText: string;
  fields: { name: string; type: string; default?: unknown }[];
}

/** What the host needs of chapter 5's rounds.ts. */
interface RoundsModule {
  createRoundsClient(info: Implementation, server: string, person: { fillForm(form: Form): Promise<unknown> }, options?: ClientOptions): Client;
}

/** What the host needs of chapter 5's oauth.ts (05/5) for the tool's auth/* scenarios. */
interface OAuthModule {
  TokenStore: new () => unknown;
  connectSignedIn(name: string, url: string, options: Record<string, unknown>): Promise<{ client: Client; close(): Promise<void> }>;
  callSignedIn(server: { client: Client }, tool: string, args?: Record<string, unknown>): Promise<{ content: unknown }>;
  sendSignedIn<T>(server: { client: Client }, send: (client: Client) => Promise<T>): Promise<T>;
}

/** A browser for the tool's authorization server: it redirects straight back with the code, so the redirect's query is read without following it. */
async function browser(authorizationUrl: URL): Promise<URLSearchParams> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return new URL(location, authorizationUrl).searchParams;
}

/** A plain argument value for a JSON Schema property: its default, else one of its type. */
function sample(property: Record<string, unknown> | undefined): unknown {
  if (property === undefined) return 'conformance';
  if ('default' in property) return property['default'];
  if (Array.isArray(property['enum'])) return property['enum'][0];
  switch (property['type']) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return 'conformance';
  }
}

/** Arguments for a tool: a plain value for every property its input schema names. */
function argumentsFor(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, sample(property)]));
}

/** One tools/call the host makes. */
interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The calls to make: the ones the tool's scenario context names (MCP_CONFORMANCE_CONTEXT's toolCalls), the round trip
 * of a listed schema that json-schema-2020-12-preservation asks for, or else each listed tool with plain arguments.
 */
function plannedCalls(tools: readonly Tool[]): PlannedCall[] {
  const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}') as { toolCalls?: PlannedCall[] };
  if (context.toolCalls !== undefined) return context.toolCalls;
  if (process.env['MCP_CONFORMANCE_SCENARIO'] === 'json-schema-2020-12-preservation') {
    const focal = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    const echo = tools.find((tool) => tool.name !== 'json_schema_2020_12_tool');
    if (focal !== undefined && echo !== undefined) return [{ name: echo.name, arguments: { schema: focal.inputSchema } }];
  }
  return tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool) }));
}

/** Connects, lists the tools and calls each; returns the exit code. */
async function main([chapterDir, url]: readonly string[]): Promise<number> {
  if (chapterDir === undefined || url === undefined) {
    console.error('usage: conformance-host.ts CHAPTER_DIR URL');
    return 2;
  }
  const rounds = (await import(pathToFileURL(join(chapterDir, 'rounds.ts')).href)) as RoundsModule;
  const person = {
    fillForm: async (form: Form) => {
      console.error(`[person] ${form.server} asks: ${form.serverText}`);
      return { action: 'accept', content: Object.fromEntries(form.fields.map((field) => [field.name, field.default ?? sample({ type: field.type })])) };
    },
  };
  const revision = process.env['MCP_CONFORMANCE_PROTOCOL_VERSION'];
  const pinned: ClientOptions = revision === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
  if ((process.env['MCP_CONFORMANCE_SCENARIO'] ?? '').startsWith('auth/')) {
    // The auth/* flows go through the host's OAuth client (oauth.ts); the scripted person approves every sign-in.
    const oauth = (await import(pathToFileURL(join(chapterDir, 'oauth.ts')).href)) as OAuthModule;
    const approveSignIn = async (request: { server: string; authorizationServer: string; scope?: string }) => {
      console.error(`[person] sign in to ${request.server} at ${request.authorizationServer} (${request.scope ?? 'no scope'}): yes`);
      return true;
    };
    const server = await oauth.connectSignedIn('conformance-server', url, { server: 'conformance-server', person: { approveSignIn }, browser, store: new oauth.TokenStore(), clientOptions: pinned });
    const { tools } = await oauth.sendSignedIn(server, (client) => client.listTools());
    for (const call of plannedCalls(tools)) {
      try {
        const result = await oauth.callSignedIn(server, call.name, call.arguments);
        console.error(`[host] ${call.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
      } catch (error) {
        console.error(`[host] ${call.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await server.close();
    return 0;
  }
  const client = rounds.createRoundsClient({ name: 'course-chapter-5-host', version: '1.0.0' }, 'conformance-server', person, pinned);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const { tools } = await client.listTools();
  for (const call of plannedCalls(tools)) {
    try {
      const result = await client.callTool(call);
      console.error(`[host] ${call.name}: ${JSON.stringify(result.content).slice(0, 200)}`);
    } catch (error) {
      console.error(`[host] ${call.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await client.close();
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
