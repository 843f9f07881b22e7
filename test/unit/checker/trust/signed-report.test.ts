import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { newSigningKey, readSignedReport, signature } from '../../../../checker/trust/sign.ts';
import { tempDir } from '../../support/temp.ts';

const work = tempDir('signed-report');
const REPORT = { score: 3, max_score: 12, exercises: [{ id: '01/1', status: 'pass' }, { id: '01/2', status: 'fail' }] };
let count = 0;

/** Writes a results file and, unless `sig` is null, its signature file, as the signed check leaves them; returns the results file. */
function results(text: string, sig: string | null): string {
  count += 1;
  const json = join(work, `report-${count}.json`);
  writeFileSync(json, text);
  if (sig !== null) writeFileSync(`${json}.sig`, sig);
  return json;
}

describe('readSignedReport', () => {
  test('accepts a results file left as the checker signed it, and returns its report', () => {
    const key = newSigningKey();
    const text = `${JSON.stringify(REPORT, null, 2)}\n`;
    expect(readSignedReport(results(text, signature(key, text)), key)).toEqual(REPORT);
  });

  test('refuses a results file changed after signing, even by one byte of white space', () => {
    const key = newSigningKey();
    const text = `${JSON.stringify(REPORT, null, 2)}\n`;
    const sig = signature(key, text);
    const forged = { ...REPORT, score: 12, exercises: REPORT.exercises.map((exercise) => ({ ...exercise, status: 'pass' })) };
    expect(readSignedReport(results(`${JSON.stringify(forged, null, 2)}\n`, sig), key)).toBe('forged');
    expect(readSignedReport(results(`${text}\n`, sig), key)).toBe('forged');
  });

  test('refuses a results file signed under another key, or with its signature file missing or emptied', () => {
    const key = newSigningKey();
    const text = `${JSON.stringify(REPORT)}\n`;
    expect(readSignedReport(results(text, signature(newSigningKey(), text)), key)).toBe('forged');
    expect(readSignedReport(results(text, null), key)).toBe('forged');
    expect(readSignedReport(results(text, ''), key)).toBe('forged');
  });

  test('tells a missing results file (null) from a forged one, and refuses a file too large to be the checker\'s', () => {
    const key = newSigningKey();
    expect(readSignedReport(join(work, 'never-written.json'), key)).toBeNull();
    const huge = `${' '.repeat(20 * 1024 * 1024)}${JSON.stringify(REPORT)}\n`;
    expect(readSignedReport(results(huge, signature(key, huge)), key)).toBe('forged');
  });
});
