/** The language the checker asked for; Korean unless CHECKER_LANG is `en`. */
export const lang: 'ko' | 'en' = process.env['CHECKER_LANG'] === 'en' ? 'en' : 'ko';

/** Picks the Korean or English text for the current run. */
export function say(ko: string, en: string): string {
  return lang === 'en' ? en : ko;
}

/** Shows any value the way a learner would write it: strings quoted, objects as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return looksLikeJson(value) ? value : JSON.stringify(value);
  if (typeof value === 'function') return say('(함수)', '(function)');
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

/** What went wrong, in the learner's terms: sent, got and expected are optional lines. */
export interface Failure {
  what: string;
  sent?: unknown;
  got?: unknown;
  expected?: string;
}

/** The error a suite throws; its message is shown to the learner as it is, without a stack. */
export class LearnerFacingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LearnerFacingError';
  }
}

/** Throws a failure whose message names what was sent, what came back and what was expected. */
export function fail(failure: Failure): never {
  const lines = [failure.what];
  if ('sent' in failure) lines.push(`  ${say('보낸 것', 'sent')}: ${show(failure.sent)}`);
  if ('got' in failure) lines.push(`  ${say('받은 것', 'got')}: ${show(failure.got)}`);
  if (failure.expected !== undefined) lines.push(`  ${say('기대한 것', 'expected')}: ${failure.expected}`);
  throw new LearnerFacingError(lines.join('\n'));
}

/** Fails with the given failure unless the condition holds. */
export function ensure(condition: boolean, failure: Failure): asserts condition {
  if (!condition) fail(failure);
}

/** True for text that is a JSON object or array, which reads better unquoted. */
function looksLikeJson(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
