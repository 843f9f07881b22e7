import type { ModelRequest, ModelTurn, ScriptStep } from '../../../chapters/05-mcp-host/model.ts';

/*
 * The suites' own scripted model. The chapter has one too (model.ts), but it is the learner's file: what it writes
 * down of the requests it saw would be learner-written evidence, and a suite believes only what it records itself.
 */

/** A scripted model the suite owns, and the requests it was sent (each copied as it was at that step). */
export interface SuiteModel {
  seen: ModelRequest[];
  next(request: ModelRequest): Promise<ModelTurn>;
}

/** Plays `script` in order, answering '(대본 끝)' once it has run out, and keeps a copy of every request it was sent. */
export function scriptedModel(script: readonly ScriptStep[]): SuiteModel {
  const seen: ModelRequest[] = [];
  return {
    seen,
    next(request) {
      seen.push(structuredClone({ messages: [...request.messages], tools: [...request.tools] }));
      const step = script[seen.length - 1];
      if (step === undefined) return Promise.resolve({ kind: 'answer', text: '(대본 끝)' });
      return Promise.resolve(typeof step === 'function' ? step(request) : step);
    },
  };
}
