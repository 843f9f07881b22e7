import { describe, expect, test } from 'vitest';
import { REVISION, requestMeta } from '../../../../checker/suites/_lib/request-meta.ts';

describe('requestMeta', () => {
  test('writes the revision, the capabilities and, when given, the client, in the order a request line shows them', () => {
    expect(JSON.stringify(requestMeta({ name: 'trace', version: '1.0.0' }))).toBe(
      `{"io.modelcontextprotocol/protocolVersion":"${REVISION}","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"trace","version":"1.0.0"}}`,
    );
  });

  test('leaves the client out when none is given and names another revision when asked', () => {
    expect(requestMeta(undefined, '2027-01-01')).toEqual({ 'io.modelcontextprotocol/protocolVersion': '2027-01-01', 'io.modelcontextprotocol/clientCapabilities': {} });
  });
});
