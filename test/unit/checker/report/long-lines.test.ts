import { describe, expect, test } from 'vitest';
import { MAX_LINE, cutLine, firstDifference, fitMessage } from '../../../../checker/report/long-lines.ts';

const long = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(300) }, { role: 'user', content: [{ type: 'tool_result', text: 'y'.repeat(400) }] }] });

describe('a long value in a failure message', () => {
  test('is shown by its differing field first, then cut to one line; short lines stay whole', () => {
    const expected = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(300) }, { role: 'tool', content: [{ type: 'tool_result', text: 'y'.repeat(400) }] }] });
    const message = ['결과가 사용자 역할로 갔다', `  받은 것: ${long}`, `  기대한 것: ${expected}`].join('\n');
    const fitted = fitMessage(message, 'ko').split('\n');
    expect(fitted[0]).toBe('결과가 사용자 역할로 갔다');
    expect(fitted[1]).toBe('  눈여겨볼 필드: messages[1].role = "user"');
    expect(fitted[2]).toMatch(/^ {2}받은 것: \{"messages"/);
    expect(fitted[2]).toMatch(/…\(\d+자 더: --json, watch의 f\)$/);
    for (const line of fitted) expect([...line].length).toBeLessThanOrEqual(MAX_LINE);
  });

  test('with words for the expected value, the field those words name is shown', () => {
    const message = ['The tool result went to the model in the user role', `  got: ${long}`, '  expected: every tool result in a message whose role is "tool"'].join('\n');
    expect(fitMessage(message, 'en').split('\n')[1]).toBe('  field to look at: messages[0].role = "user"');
  });

  test('the first difference of two values is a path; equal values have none', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('a[1].b');
    expect(firstDifference({ a: 1 }, { a: 1 })).toBeUndefined();
    expect(cutLine('short', 'en')).toBe('short');
    expect([...cutLine('가'.repeat(500), 'ko')].length).toBeLessThanOrEqual(MAX_LINE);
  });
});
