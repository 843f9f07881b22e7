import { describe, expect, test } from 'vitest';
import { josa as suitesJosa } from '../../../../checker/suites/_lib/josa.ts';
import { josa as checkerJosa } from '../../../../checker/usage/josa.ts';

// The checker's josa (usage/josa.ts) and the hidden suites' copy (suites/_lib/josa.ts, which the confined suites can read) answer alike.

describe.each([
  ['usage/josa.ts', checkerJosa],
  ['suites/_lib/josa.ts', suitesJosa],
] as const)('josa of %s', (_, josa) => {
  test.each([
    ['"id": 7', '와/과', '"id": 7과'],
    ['main.ts:6', '을/를', 'main.ts:6을'],
    ['01/3', '을/를', '01/3을'],
    ['01/4', '을/를', '01/4를'],
    ['chapters/01-mini-mcp/server.ts', '을/를', 'chapters/01-mini-mcp/server.ts를'],
    ['chapters/01-mini-mcp', '은/는', 'chapters/01-mini-mcp는'],
    ['""', '을/를', '""를'],
    ['', '이/가', '가'],
    ['서버', '을/를', '서버를'],
    ['허용 목록', '이/가', '허용 목록이'],
    ['"read_note"', '은/는', '"read_note"는'],
    ['10', '으로/로', '10으로'],
    ['길', '으로/로', '길로'],
  ] as const)('%s + %s → %s', (word, pair, expected) => {
    expect(josa(word, pair)).toBe(expected);
  });

  test('a number is read as its digits', () => {
    expect(josa(7, '을/를')).toBe('7을');
    expect(josa(2, '을/를')).toBe('2를');
  });
});
