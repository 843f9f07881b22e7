import { startRaw } from '../../checker/suites/03-real-mcp-sdk/child.ts';

/**
 * Test aid: stands in for the grading process that runs the stdio suite. It starts a server file the way the
 * suite does, waits for its first reply, prints READY and then stays alive until it is killed.
 * Usage: node --import tsx test/support/stdio-parent.ts SERVER_FILE
 */
const raw = startRaw(process.argv[2]);
raw.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'parent', version: '1.0.0' } } }));
await raw.reply(1, 60_000);
console.log('READY');
setInterval(() => undefined, 60_000);
