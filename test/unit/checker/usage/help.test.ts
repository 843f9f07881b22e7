import { describe, expect, test } from 'vitest';
import { UsageError } from '../../../../checker/usage/command-line.ts';
import { USAGE_LINES, usageErrorText } from '../../../../checker/usage/help.ts';

const wrong = new UsageError((say) => say.unknownOption('--bogus'));

describe('usageErrorText', () => {
  test.each(['ko', 'en'] as const)('says what was wrong, then the usage heading exactly once (%s)', (lang) => {
    for (const topic of ['check', 'grade', 'grade:pr', null] as const) {
      const text = usageErrorText(wrong, topic, lang);
      const heading = lang === 'ko' ? '사용법:' : 'Usage:';
      expect(text.split('\n').filter((line) => line === heading), `${topic}: ${text}`).toHaveLength(1);
      expect(text.startsWith(lang === 'ko' ? '알 수 없는 옵션: --bogus' : 'Unknown option: --bogus'), text).toBe(true);
    }
  });

  test('names the command\'s usage line and where to read more', () => {
    const text = usageErrorText(wrong, 'grade', 'en');
    expect(text).toContain(USAGE_LINES.grade);
    expect(text).toContain('npm run grade -- --help');
  });
});
