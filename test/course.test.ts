import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/manifest.ts';
import { indexStarters, readStarters } from '../checker/starters.ts';
import { REPO, checker } from './support/run.ts';

/** Runs a chapter's main.ts the way the lesson says to, and returns what it printed. */
function runMain(tree: string, dir: string): string {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, tree, dir, 'main.ts')], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

/** The expected-output block of a seed chapter, when the seeds are beside the repository. */
function seedOutput(seed: string): string | null {
  const file = join(REPO, '..', 'shared', 'seeds', seed);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf('python3 main.py\n\n') + 'python3 main.py\n\n'.length;
  return `${text.slice(start, text.indexOf('\n\n', start))}\n`;
}

/** How a solved main's output differs from the starter's, one exercise at a time. */
const SOLVED_OUTPUT: Record<string, (starter: string) => string> = {
  '01-mini-mcp': (starter) => starter.replace('거부 검사: 3개 통과', '거부 검사: 4개 통과'),
  '02-two-sided-allowlists': (starter) =>
    starter.replace('"arguments":{"status":"open"}', '"arguments":{"status":"done"}').replace('"text":"open: 2"', '"text":"done: 1"'),
  '03-real-mcp-sdk': (starter) =>
    starter
      .replace('발견한 도구: count_tasks, summarize_document, read_note', '발견한 도구: count_tasks, summarize_document')
      .replace('{"status":"closed"}\n  결과: closed: 0', '{"status":"closed"}\n  결과(isError): Input validation error: Invalid arguments for tool count_tasks: status: Invalid option: expected one of "open"|"done"')
      .replace(
        '{"name":["report.txt"]}\n  결과: {"title":"작업 보고서","body_lines":2}',
        '{"name":["report.txt"]}\n  결과(isError): Input validation error: Invalid arguments for tool summarize_document: name: Invalid input: expected string, received array',
      )
      .replace('  결과(isError): 서버 정책: 호출 거부', '  프로토콜 오류 -32602: Tool read_note not found'),
};

const SEEDS: Record<string, string> = { '01-mini-mcp': '000_24df8b8c82e399b8.txt', '02-two-sided-allowlists': '001_97b4e8afb58f76ef.txt' };

describe.each(CHAPTERS.map((chapter) => [chapter.dir, chapter] as const))('chapter %s', (dir, chapter) => {
  const expected = readFileSync(join(REPO, 'test', 'expected', `${dir}.starter.txt`), 'utf8');

  test('the recorded starter output is the seed\'s expected output, byte for byte', () => {
    // Chapter 3 has no seed: its output is our own transcript of real SDK calls.
    const seed = SEEDS[dir] === undefined ? null : seedOutput(SEEDS[dir]);
    if (seed !== null) expect(expected).toBe(seed);
    expect(expected.trim().split('\n').length).toBeGreaterThanOrEqual(6);
  });

  test('the untouched starter prints exactly that output', () => {
    expect(runMain('chapters', dir)).toBe(expected);
  });

  test('the solution prints it with the solved exercises\' changes', () => {
    const solved = SOLVED_OUTPUT[dir]!(expected);
    expect(solved).not.toBe(expected);
    expect(runMain('solutions', dir)).toBe(solved);
  });

  test('starter and solution hold the same files', () => {
    expect(readdirSync(join(REPO, 'solutions', dir)).sort()).toEqual(readdirSync(join(REPO, 'chapters', dir)).sort());
  });

  test('each exercise has exactly one TODO in the starter, where the manifest says, and none in the solution', () => {
    for (const exercise of chapter.exercises) {
      const starter = readFileSync(join(REPO, 'chapters', dir, exercise.todo.file), 'utf8');
      expect(starter.split(exercise.todo.marker).length - 1, exercise.id).toBe(1);
    }
    const code = readdirSync(join(REPO, 'chapters', dir)).filter((file) => file.endsWith('.ts'));
    const markers = code.flatMap((file) =>
      readFileSync(join(REPO, 'chapters', dir, file), 'utf8').match(/TODO\(\d\d\/\d\)/g) ?? [],
    );
    expect(markers.sort()).toEqual(chapter.exercises.map((exercise) => exercise.todo.marker).sort());
    for (const file of readdirSync(join(REPO, 'solutions', dir)).filter((name) => name.endsWith('.ts'))) {
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).not.toMatch(/TODO\(/);
    }
  });

  test('files without a TODO are the same in starter and solution', () => {
    for (const file of readdirSync(join(REPO, 'chapters', dir))) {
      const starter = readFileSync(join(REPO, 'chapters', dir, file), 'utf8');
      if (starter.includes('TODO(')) continue;
      expect(readFileSync(join(REPO, 'solutions', dir, file), 'utf8'), file).toBe(starter);
    }
  });

  test('the manifest lists exactly the tests each hidden suite declares', () => {
    for (const exercise of chapter.exercises) {
      const source = readFileSync(join(REPO, 'checker', 'suites', dir, exercise.suite), 'utf8');
      const declared = [...source.matchAll(/\btest\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((match) => match[2]!.replace(/\\(.)/g, '$1'));
      expect(declared.sort(), exercise.id).toEqual(Object.keys(exercise.tests).sort());
    }
  });
});

test('checker/starters.json matches the starters (run `npm run starters` after changing a starter)', () => {
  expect(readStarters()).toEqual(indexStarters());
});

test('reset backs up the learner\'s chapter, then restores the starter', () => {
  const parent = mkdtempSync(join(tmpdir(), 'reset-'));
  const target = join(parent, 'chapters');
  cpSync(join(REPO, 'chapters'), target, { recursive: true });
  writeFileSync(join(target, '01-mini-mcp', 'server.ts'), '// my work in progress\n');
  writeFileSync(join(target, '01-mini-mcp', 'notes.ts'), '// my notes\n');
  const ran = checker(['reset', '01', '--target', target]);
  expect(ran.status, ran.stderr).toBe(0);
  expect(readFileSync(join(target, '01-mini-mcp', 'server.ts'), 'utf8')).toBe(readFileSync(join(REPO, 'chapters', '01-mini-mcp', 'server.ts'), 'utf8'));
  expect(existsSync(join(target, '01-mini-mcp', 'notes.ts'))).toBe(false);
  const [backup] = readdirSync(join(parent, '.backups'));
  expect(backup).toMatch(/^01-mini-mcp-\d{8}-\d{6}$/);
  expect(readFileSync(join(parent, '.backups', backup!, 'server.ts'), 'utf8')).toBe('// my work in progress\n');
  expect(readFileSync(join(parent, '.backups', backup!, 'notes.ts'), 'utf8')).toBe('// my notes\n');
});

test('reset refuses an exercise id or nothing, and changes nothing', () => {
  expect(checker(['reset']).status).toBe(2);
  expect(checker(['reset', '01/2']).status).toBe(2);
});
