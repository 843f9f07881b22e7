import { describe, expect, test } from 'vitest';
import { CHAPTER_FILE, distinctChapters, ManifestError, resolveChapter, todoMarker } from '../../../../checker/manifest/resolve.ts';
import type { ChapterEntry, ExerciseEntry } from '../../../../checker/manifest/types.ts';

/** An exercise as a manifest file writes it; `marker` is left out unless given. */
function exercise(id: string, marker?: string): ExerciseEntry {
  return {
    id,
    title: { ko: `연습 ${id}`, en: `Exercise ${id}` },
    hint: { ko: '힌트', en: 'hint' },
    rule: { ko: '늘 참인 규칙', en: 'a rule that always holds' },
    suite: '1-x.test.ts',
    todo: marker === undefined ? { file: 'main.ts' } : { file: 'main.ts', marker },
    tests: { 'does the thing': '그 일을 한다' },
  };
}

/** A well-formed chapter entry for `03-probe.ts`, with optional changes. */
function entry(changes: Partial<ChapterEntry> = {}): ChapterEntry {
  return { id: '03', dir: '03-probe', title: { ko: '탐침', en: 'Probe' }, exercises: [exercise('03/1'), exercise('03/2')], ...changes };
}

/** The ManifestError message `resolveChapter` throws, or a failure when it throws nothing or something else. */
function failure(file: string, value: ChapterEntry | undefined): string {
  try {
    resolveChapter(file, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as Error).name).toBe('ManifestError');
    return (error as Error).message;
  }
  throw new Error(`resolveChapter accepted ${file}`);
}

describe('CHAPTER_FILE', () => {
  test('accepts a chapter folder name with .ts', () => {
    for (const name of ['01-mini-mcp.ts', '02-two-sided.ts', '99-probe.ts', '10-a1.ts']) expect(name).toMatch(CHAPTER_FILE);
  });

  test('rejects helpers and names that break the convention', () => {
    for (const name of ['types.ts', 'resolve.ts', '1-mini.ts', '001-mini.ts', '01_mini.ts', '01-Mini.ts', '01-mini-.ts', '01--mini.ts', '01-mini.js', '01-.ts']) {
      expect(name).not.toMatch(CHAPTER_FILE);
    }
  });
});

describe('resolveChapter: derived fields', () => {
  test('todoMarker is TODO(<exercise id>)', () => {
    expect(todoMarker('01/3')).toBe('TODO(01/3)');
  });

  test('fills in a left-out marker from the exercise id', () => {
    const resolved = resolveChapter('03-probe.ts', entry());
    expect(resolved.exercises.map((spec) => spec.todo)).toEqual([
      { file: 'main.ts', marker: 'TODO(03/1)' },
      { file: 'main.ts', marker: 'TODO(03/2)' },
    ]);
  });

  test('keeps a marker the manifest gives', () => {
    const resolved = resolveChapter('03-probe.ts', entry({ exercises: [exercise('03/1', 'FIXME-A'), exercise('03/2')] }));
    expect(resolved.exercises.map((spec) => spec.todo.marker)).toEqual(['FIXME-A', 'TODO(03/2)']);
  });

  test('keeps every other field and leaves the entry as written', () => {
    const written = entry();
    const copy = structuredClone(written);
    const resolved = resolveChapter('03-probe.ts', written);
    expect(written).toEqual(copy);
    expect(resolved).toMatchObject({ id: '03', dir: '03-probe', title: { ko: '탐침', en: 'Probe' } });
    expect(resolved.exercises[1]).toMatchObject({ id: '03/2', suite: '1-x.test.ts', hint: { ko: '힌트', en: 'hint' }, rule: { ko: '늘 참인 규칙', en: 'a rule that always holds' }, tests: { 'does the thing': '그 일을 한다' } });
  });
});

describe('resolveChapter: ManifestError names the file and the fix', () => {
  test('a file name that is not a chapter folder name', () => {
    expect(failure('3-probe.ts', entry())).toMatch(/^checker\/manifest\/3-probe\.ts: .*such as 01-mini-mcp\.ts/);
  });

  test('a file that exports no chapter', () => {
    expect(failure('03-probe.ts', undefined)).toMatch(/^checker\/manifest\/03-probe\.ts: export the chapter as/);
  });

  test('a dir that differs from the file name', () => {
    expect(failure('03-probe.ts', entry({ dir: '03-other' }))).toBe(
      "checker/manifest/03-probe.ts: dir is '03-other', but the file name says '03-probe'; they must be the same.",
    );
  });

  test('an id that differs from the folder number', () => {
    expect(failure('03-probe.ts', entry({ id: '3' }))).toBe("checker/manifest/03-probe.ts: id is '3', but the folder '03-probe' says '03'.");
  });

  test('a chapter without exercises', () => {
    expect(failure('03-probe.ts', entry({ exercises: [] }))).toMatch(/at least one exercise/);
  });

  test('an exercise id outside the chapter or not numbered from 1', () => {
    for (const id of ['04/1', '03/0', '03/x', '03-1', '3/1', '03/1/2', '03/']) {
      expect(failure('03-probe.ts', entry({ exercises: [exercise(id)] }))).toContain(`exercise id '${id}' should be '03/<n>'`);
    }
  });

  test('an exercise without a rule in both languages', () => {
    const ruleless = (rule: unknown): ExerciseEntry => ({ ...exercise('03/2'), rule: rule as ExerciseEntry['rule'] });
    expect(failure('03-probe.ts', entry({ exercises: [exercise('03/1'), ruleless(undefined)] }))).toMatch(
      /^checker\/manifest\/03-probe\.ts: exercise 03\/2 needs rule\.ko: one sentence naming the property/,
    );
    expect(failure('03-probe.ts', entry({ exercises: [ruleless({ ko: '규칙', en: '  ' })] }))).toContain('exercise 03/2 needs rule.en');
    expect(failure('03-probe.ts', entry({ exercises: [ruleless({ en: 'a rule' })] }))).toContain('exercise 03/2 needs rule.ko');
  });

  test('an exercise id used twice', () => {
    expect(failure('03-probe.ts', entry({ exercises: [exercise('03/1'), exercise('03/2'), exercise('03/1')] }))).toContain("exercise id '03/1' is used twice");
  });
});

describe('distinctChapters', () => {
  test('returns chapters with distinct ids unchanged, in their order', () => {
    const chapters = [resolveChapter('01-a.ts', entry({ id: '01', dir: '01-a', exercises: [exercise('01/1')] })), resolveChapter('03-probe.ts', entry())];
    expect(distinctChapters(chapters)).toEqual(chapters);
  });

  test('refuses two chapters with one id, naming both files', () => {
    const a = { ...resolveChapter('03-probe.ts', entry()), dir: '03-first' };
    const b = { ...resolveChapter('03-probe.ts', entry()), dir: '03-second' };
    expect(() => distinctChapters([a, b])).toThrow(ManifestError);
    expect(() => distinctChapters([a, b])).toThrow('03-first.ts and 03-second.ts both have chapter id 03');
  });
});
