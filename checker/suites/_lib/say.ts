import { printedAt } from './place.ts';

/** The language the checker asked for; Korean unless CHECKER_LANG is `en`. */
export const lang: 'ko' | 'en' = process.env['CHECKER_LANG'] === 'en' ? 'en' : 'ko';

/** Picks the Korean or English text for the current run. */
export function say(ko: string, en: string): string {
  return lang === 'en' ? en : ko;
}

/** A sentence already written for the learner: shown as it is, never quoted or escaped again. */
export class Described {
  constructor(readonly text: string) {}
}

/** Wraps a sentence for sent/got lines so it is shown once, as written. */
export function described(text: string): Described {
  return new Described(text);
}

/** Shows any value the way a learner would write it: strings quoted, objects as JSON, described sentences as they are. */
export function show(value: unknown): string {
  if (value instanceof Described) return value.text;
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return looksLikeJson(value) ? value : quote(value);
  if (typeof value === 'function') return say('(함수)', '(function)');
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    // JSON would escape the quotes of a string inside (a request line, say) a second time: write it as a JS literal instead.
    return text.includes('\\"') ? literal(value) : text;
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
  /**
   * The learner's `file:line` that caused it, as an absolute path in the graded copy, when the suite knows one (a
   * learner process's own report of where it wrote, say): the report's place to look and next step follow it
   * instead of the exercise's TODO. The message names the place in the learner's terms itself.
   */
  where?: string;
}

/** The error a suite throws; its message is shown to the learner as it is, without a stack. */
export class LearnerFacingError extends Error {
  /** See Failure.where. */
  readonly where: string | undefined;

  constructor(message: string, where?: string) {
    super(message);
    this.name = 'LearnerFacingError';
    this.where = where;
  }
}

/** Throws a failure whose message names what was sent, what came back and what was expected. */
export function fail(failure: Failure): never {
  const lines = [failure.what];
  if ('sent' in failure) lines.push(`  ${say('보낸 것', 'sent')}: ${show(failure.sent)}`);
  if ('got' in failure) lines.push(`  ${say('받은 것', 'got')}: ${show(failure.got)}`);
  if (failure.expected !== undefined) lines.push(`  ${say('기대한 것', 'expected')}: ${failure.expected}`);
  // A failure that shows a line the learner's code printed points at the line of code that printed it, unless the suite named a place.
  throw new LearnerFacingError(lines.join('\n'), failure.where ?? printedAt(failure.got));
}

/** Fails with the given failure unless the condition holds. */
export function ensure(condition: boolean, failure: Failure): asserts condition {
  if (!condition) fail(failure);
}

/** Writes plain data as a learner would in TypeScript: { key: 'text', n: 1, list: [...] }. */
function literal(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const fields = Object.entries(value).map(([key, field]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key)}: ${literal(field)}`);
    return fields.length === 0 ? '{}' : `{ ${fields.join(', ')} }`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** Quotes a string once, as a learner would write it: single quotes when it holds double quotes, so nothing is escaped twice. */
function quote(text: string): string {
  return text.includes('"') && !text.includes("'") && !/[\\\u0000-\u001f]/.test(text) ? `'${text}'` : JSON.stringify(text);
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
