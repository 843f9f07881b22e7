/**
 * What a learner sees on the real course, end to end from the committed starters: a first screen that fits, their own
 * console output with a failure (chapter 2's server prints, chapter 3's stdio server's stderr), a printed count pointed
 * at the line that prints it, an exception pointed at the statement of main it came through, and the next exercise after a pass.
 * The renderers behind these are proven in-process in test/unit/checker/report/next.test.ts; the course-complete
 * message on the fixture course in checker-cli.test.ts.
 */
import { appendFileSync, copyFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { starterCopy } from './support/starters.ts';
import { GRADING_TIMEOUT, REPO, checker } from './support/run.ts';
import type { Ran } from './support/run.ts';

/** Replaces one exact piece of a starter file, failing the test when the starter no longer has it. */
function plant(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text, `${file} has ${from}`).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

/** The 1-based line of the first line of a file that holds `text`. */
function lineOf(file: string, text: string): number {
  return readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1;
}

describe('the first npm run check on the committed starters', () => {
  let target: string;
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('first-screen-');
    ran = checker(['check', '--target', target, '--timeout', GRADING_TIMEOUT], { env: { INIT_CWD: '' } });
  });

  test('fits 60 rows of an 80-column terminal: no line over 160 characters, the first failure in detail, other failing tests as a count', () => {
    expect(ran.status, ran.stderr).toBe(1);
    const lines = ran.stdout.trimEnd().split('\n');
    // A Hangul syllable or other wide character takes two columns; a line wraps onto as many rows as it needs.
    const columns = (line: string) => [...line].reduce((sum, char) => sum + (/[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(char) ? 2 : 1), 0);
    const rows = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(columns(line) / 80)), 0);
    expect(rows, ran.stdout).toBeLessThanOrEqual(60);
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(160);
    expect(ran.stdout).toMatch(/함께 실패한 테스트 \d+개 더 \(이름은 npm run hint -- 01\/1\)/);
    expect(ran.stdout).not.toMatch(/^ {6}- /m);
    expect(ran.stdout).toContain('✗ 01/1 ');
    expect(ran.stdout).not.toContain('✗ 02/1 ');
    for (const id of ['02', '03', '04']) expect(ran.stdout).toMatch(new RegExp(`^· ${id} .+ — 연습 0/\\d+ 통과$`, 'm'));
    expect(ran.stdout).toContain('npm run check -- --all');
  });

  test('the first next step is 01/1\'s TODO, never the given line that crashed', () => {
    const server = join(target, '01-mini-mcp', 'server.ts');
    expect(ran.stdout).toContain(`다음 할 일: 01/1 → ${server}:${lineOf(server, 'TODO(01/1)')}`);
    expect(ran.stdout).not.toContain(`${server}:${lineOf(server, 'readFileSync(join(this.root, name)')}`);
  });
});

describe('wrong programs whose TODO lines are gone', () => {
  /** Each exercise and its TODO file in the chapters folder, known before any copy is made. */
  const CASES = [
    { id: '02/2', path: ['02-two-sided-allowlists', 'server.ts'] },
    { id: '03/1', path: ['03-real-mcp-sdk', 'server.ts'] },
    { id: '04/4', path: ['04-remote-mcp-http', 'scopes.ts'] },
    { id: '05/3', path: ['05-mcp-host', 'loop.ts'] },
  ];
  let target: string;
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('todo-gone-');
    for (const { id, path } of CASES) {
      const file = join(target, ...path);
      const lines = readFileSync(file, 'utf8').split('\n');
      writeFileSync(file, lines.filter((line) => !line.includes(`TODO(${id})`)).join('\n'));
    }
    ran = checker(['check', ...CASES.map(({ id }) => id), '--target', target, '--timeout', GRADING_TIMEOUT]);
  });

  test.each(CASES)('a failure in $id names a line of the learner\'s file, and cites no TODO', ({ id, path }) => {
    const file = join(target, ...path);
    const start = ran.stdout.indexOf(`✗ ${id} `);
    expect(start, ran.stdout).toBeGreaterThanOrEqual(0);
    const report = ran.stdout.slice(start, ran.stdout.indexOf('\n\n', start));
    expect(report).toMatch(new RegExp(`살펴볼 곳: ${file.replaceAll('/', '\\/').replaceAll('.', '\\.')}:\\d+`));
    expect(report).not.toContain(`TODO(${id})`);
  });
});

describe('chapter 1 with a learner\'s prints and a hard-coded count', () => {
  let target: string;
  let server: string;
  let main: string;
  let countLine: number;
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('learner-prints-');
    server = join(target, '01-mini-mcp', 'server.ts');
    main = join(target, '01-mini-mcp', 'main.ts');
    plant(server, "    const name = (args as { name?: unknown }).name;", "    console.log('callTool got', JSON.stringify(args));\n    const name = (args as { name?: unknown }).name;");
    plant(main, '  // TODO(01/2)', "  { name: 'summarize_document', arguments: { name: 12 } },\n  // TODO(01/2)");
    plant(main, "console.log('거부 검사: 3개 통과');", "console.log('거부 검사: 4개 통과');");
    countLine = lineOf(main, '거부 검사: 4개 통과');
    ran = checker(['check', '01', '--target', target, '--timeout', GRADING_TIMEOUT]);
  });

  test('a console.log in callTool appears in the 01/1 report, marked as the learner\'s', () => {
    const report = ran.stdout.slice(ran.stdout.indexOf('✗ 01/1 '), ran.stdout.indexOf('01/2 '));
    expect(report).toContain('여러분의 코드가 이 테스트 중에 출력한 것');
    expect(report).toContain('    │ callTool got {"name":"report.txt","extra":"무시되는 값"}');
  });

  test(`a count hard-coded at main.ts:N is pointed at main.ts:N`, () => {
    const report = ran.stdout.slice(ran.stdout.indexOf('✗ 01/2 '));
    expect(report).toContain(`살펴볼 곳: ${join(target, '01-mini-mcp', 'main.ts')}:${countLine}`);
  });
});

describe('after 01/1 passes', () => {
  let target: string;
  let main: string;
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('next-step-');
    copyFileSync(join(REPO, 'solutions', '01-mini-mcp', 'server.ts'), join(target, '01-mini-mcp', 'server.ts'));
    main = join(target, '01-mini-mcp', 'main.ts');
    ran = checker(['check', '01/1', '--target', target, '--timeout', GRADING_TIMEOUT]);
  });

  test('the report names 01/2 and its TODO as the next step, and offers no diff that would show 01/2 to 01/4 solved', () => {
    expect(ran.status, ran.stdout).toBe(0);
    expect(ran.stdout).toContain(`다음 연습: 01/2 정수 문서 이름 거부하기 → ${main}:${lineOf(main, 'TODO(01/2)')}`);
    expect(ran.stdout).not.toContain('git diff --no-index');
  });
});

describe('chapter 2 with a learner\'s print in the server and a wrong count written into main', () => {
  let target: string;
  let server: string;
  let main: string;
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('learner-prints-02-');
    server = join(target, '02-two-sided-allowlists', 'server.ts');
    main = join(target, '02-two-sided-allowlists', 'main.ts');
    plant(server, '  const status = (args as { status?: unknown }).status;\n', "  const status = (args as { status?: unknown }).status;\n  console.log('DEBUG status', status);\n");
    plant(main, "client.call('count_tasks', { status: 'open' })", "client.call('count_tasks', { status: 'done' })");
    plant(main, "text: 'open: 2' }]), '개수 검증 실패'", "text: 'done: 2' }]), '개수 검증 실패'");
    ran = checker(['check', '02/1', '--target', target, '--timeout', GRADING_TIMEOUT]);
  });

  test('the print in the server appears with the 02/1 failure, marked as the learner\'s', () => {
    expect(ran.stdout).toContain('여러분의 코드가 이 테스트 중에 출력한 것');
    expect(ran.stdout).toContain('    │ DEBUG status done');
  });

  test('the place to look is the line of main whose check threw, not the TODO', () => {
    expect(ran.stdout).toContain(`살펴볼 곳: ${main}:${lineOf(main, "text: 'done: 2' }])")}`);
  });
});

describe('chapter 3 with a learner\'s stdio server that writes to stderr and to stdout', () => {
  let target: string;
  let stdio: string;
  const start = "console.log('[03] stdio 서버 시작: 요청은 stdin으로, 응답은 stdout으로 오간다.');";
  let ran: Ran;
  beforeAll(() => {
    target = starterCopy('learner-prints-03-');
    stdio = join(target, '03-real-mcp-sdk', 'stdio.ts');
    plant(stdio, start, `console.error('[03] 디버그: stderr로 쓴 줄');\n${start}`);
    ran = checker(['check', '03/3', '--target', target, '--timeout', GRADING_TIMEOUT, '--lang', 'en']);
  });

  test('what the server process wrote to stderr appears with the 03/3 failure, marked as stderr', () => {
    expect(ran.stdout).toContain('What your code printed during this test');
    expect(ran.stdout).toContain('    │ (stderr) [03] 디버그: stderr로 쓴 줄');
  });

  test('the place to look is the line that wrote to stdout', () => {
    expect(ran.stdout).toContain(`Look at: ${stdio}:${lineOf(stdio, start)}`);
  });
});

describe('a type error in one file of chapter 5', () => {
  let target: string;
  let json: string;
  let ran: Ran;
  beforeAll(() => {
    target = join(mkdtempSync(join(tmpdir(), 'type-error-05-')), 'chapters');
    cpSync(join(REPO, 'solutions', '05-mcp-host'), join(target, '05-mcp-host'), { recursive: true });
    appendFileSync(join(target, '05-mcp-host', 'consent.ts'), "\nexport const planted: number = 'not a number';\n");
    json = join(target, '..', 'report.json');
    ran = checker(['check', '05/1', '05/2', '--target', target, '--json', json, '--timeout', GRADING_TIMEOUT]);
  });

  test('blocks only the exercises whose files import the broken file: 05/1 (approvals.ts) keeps its pass', () => {
    expect(ran.status, ran.stdout).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { exercises: { id: string; status: string; blocked?: { kind: string } }[] };
    expect(report.exercises.find(({ id }) => id === '05/1')).toMatchObject({ status: 'pass' });
    expect(report.exercises.find(({ id }) => id === '05/1')?.blocked).toBeUndefined();
    expect(report.exercises.find(({ id }) => id === '05/2')).toMatchObject({ status: 'fail', blocked: { kind: 'type_error' } });
  });
});

describe('a fault the suite can see in the learner\'s source is named at its line', () => {
  let target: string;
  let scopes: string;
  let loop: string;
  let ran: Ran;
  beforeAll(() => {
    target = join(mkdtempSync(join(tmpdir(), 'fault-lines-')), 'chapters');
    for (const dir of ['04-remote-mcp-http', '05-mcp-host']) cpSync(join(REPO, 'solutions', dir), join(target, dir), { recursive: true });
    scopes = join(target, '04-remote-mcp-http', 'scopes.ts');
    loop = join(target, '05-mcp-host', 'loop.ts');
    plant(scopes, "  return scopes.includes(TOOL_SCOPES[known]) ? 'allowed' : 'needs-scope';\n", "  return scopes.join(' ').includes(TOOL_SCOPES[known]) ? 'allowed' : 'needs-scope';\n");
    plant(loop, "messages.push({ role: 'tool', callId: turn.call.id, result });", "messages.push({ role: 'user', content: JSON.stringify(result) });");
    ran = checker(['check', '04/4', '05/3', '--target', target, '--timeout', GRADING_TIMEOUT]);
  });

  test('a substring match of scopes at scopes.ts, a tool result in the user role at loop.ts', () => {
    expect(ran.status, ran.stdout).toBe(1);
    expect(ran.stdout).toContain(`살펴볼 곳: ${scopes}:${lineOf(scopes, "scopes.join(' ').includes")}`);
    expect(ran.stdout).toContain(`살펴볼 곳: ${loop}:${lineOf(loop, "role: 'user', content: JSON.stringify(result)")}`);
  });
});
