import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/client';
import type { Implementation } from '@modelcontextprotocol/client';

/*
 * Shared by the suites, which are copied into a scratch folder with _lib and nothing else of the checker, and by the
 * checker's commands and the repository's tests, which may import from here: one place writes the envelope.
 */

/** The current MCP revision, the one whose requests carry the `_meta` envelope below. */
export const REVISION = '2026-07-28';

/**
 * The `_meta` a 2026-07-28 client puts in every request: the revision the request speaks (`version`, REVISION unless
 * told), the client's capabilities (none) and, when given, who the client is (the specification asks for it, as SHOULD).
 */
export function requestMeta(clientInfo?: Implementation, version: string = REVISION): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: version,
    [CLIENT_CAPABILITIES_META_KEY]: {},
    ...(clientInfo === undefined ? {} : { [CLIENT_INFO_META_KEY]: clientInfo }),
  };
}
