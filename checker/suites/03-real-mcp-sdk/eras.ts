import type { ClientOptions } from '@modelcontextprotocol/client';
import { LearnerFacingError, say } from '../_lib/say.ts';

// This module imports no learner code: the stdio suite uses it from a process that may start child processes.

/** The two ways a client opens a connection today: what hosts do (initialize, 2025-11-25) and the current revision. */
export type Era = '2025-11-25' | '2026-07-28';

/** Every era a suite grades in, in the order it grades them. */
export const ERAS: readonly Era[] = ['2025-11-25', '2026-07-28'];

/** SDK client options that open the way `era` opens: the SDK's default initialize, or a pin to 2026-07-28. */
export function clientOptionsFor(era: Era): ClientOptions {
  return era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
}

/** The name of an era's client in a failure message. */
export function eraLabel(era: Era): string {
  return era === '2026-07-28'
    ? say('2026-07-28 클라이언트(server/discover, 요청마다 _meta)', '2026-07-28 client (server/discover, _meta on every request)')
    : say('2025-11-25 클라이언트(initialize 핸드셰이크, 지금의 호스트)', "2025-11-25 client (initialize handshake, today's hosts)");
}

/** Runs fn once per era; a failure is told which era's client saw it, so a server right in one era only is named. */
export async function inEachEra(fn: (era: Era) => Promise<void>): Promise<void> {
  for (const era of ERAS) {
    try {
      await fn(era);
    } catch (error) {
      if (error instanceof LearnerFacingError) throw new LearnerFacingError(`[${eraLabel(era)}] ${error.message}`, error.where);
      throw error;
    }
  }
}
