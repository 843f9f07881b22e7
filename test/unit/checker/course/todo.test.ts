import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { declarationLine, enclosingFunction, findTodo, formatLocation } from '../../../../checker/course/todo.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const chapterDir = join(tempDir('todo'), '01-mini-mcp');
beforeAll(() => {
  writeTree(chapterDir, {
    'main.ts': ['// TODO(01/10): not this one', 'const a = 1;', '  // TODO(01/1): check the arguments', '// TODO(01/1) again'].join('\n'),
    'done.ts': 'export const done = true;\n',
  });
});

describe('findTodo', () => {
  test('gives the 1-based line of the first line holding the marker, with the file as shown to the user', () => {
    expect(findTodo(chapterDir, 'chapters/01-mini-mcp', 'main.ts', 'TODO(01/1)')).toEqual({ file: 'chapters/01-mini-mcp/main.ts', line: 3 });
    expect(findTodo(chapterDir, 'chapters/01-mini-mcp', 'main.ts', 'TODO(01/10)')).toEqual({ file: 'chapters/01-mini-mcp/main.ts', line: 1 });
  });

  test('gives no line once the marker is gone, or the file is missing', () => {
    expect(findTodo(chapterDir, 'chapters/01-mini-mcp', 'done.ts', 'TODO(01/2)')).toEqual({ file: 'chapters/01-mini-mcp/done.ts', line: null });
    expect(findTodo(chapterDir, '/tmp/kim/chapters/01-mini-mcp', 'gone.ts', 'TODO(01/2)')).toEqual({ file: '/tmp/kim/chapters/01-mini-mcp/gone.ts', line: null });
  });
});

describe('formatLocation', () => {
  test('is file:line, or the file alone when there is no line', () => {
    expect(formatLocation({ file: 'chapters/01-mini-mcp/main.ts', line: 3 })).toBe('chapters/01-mini-mcp/main.ts:3');
    expect(formatLocation({ file: 'chapters/01-mini-mcp/main.ts', line: null })).toBe('chapters/01-mini-mcp/main.ts');
  });
});

describe('once the marker is gone', () => {
  const dir = join(tempDir('todo-symbol'), '05-mcp-host');
  beforeAll(() => {
    writeTree(dir, {
      'loop.ts': ["import type { Model } from './model.ts';", '', '/** Runs the loop. */', 'export async function runLoop(options: LoopOptions): Promise<LoopEnd> {', '  return run(options);', '}'].join('\n'),
      'server.ts': ['export class S {', '  private readonly methods = new Map([', '  ]);', '  private callTool(params: JsonObject): JsonObject {', '    return readDocument(params);', '  }', '  private readDocument(name: string): string {', "    return readFileSync(name, 'utf8');", '  }', '}'].join('\n'),
    });
  });

  test('the place is the function the exercise is about, at its current line', () => {
    expect(findTodo(dir, 'chapters/05-mcp-host', 'loop.ts', 'TODO(05/3)', 'runLoop')).toEqual({ file: 'chapters/05-mcp-host/loop.ts', line: 4 });
    expect(findTodo(dir, 'chapters/05-mcp-host', 'server.ts', 'TODO(01/1)', 'callTool').line).toBe(4);
    expect(findTodo(dir, 'chapters/05-mcp-host', 'server.ts', 'TODO(01/4)', 'methods').line).toBe(2);
  });

  test('the function around a line is found by its braces; the module\'s top level has none', () => {
    const lines = ['export class S {', '  private callTool(p: X): Y {', '    if (p) {', '      return 1;', '    }', '  }', '  private readDocument(name: string): string {', '    return name;', '  }', '}', "console.log('top');"];
    expect(enclosingFunction(lines, 3)).toBe('callTool');
    expect(enclosingFunction(lines, 7)).toBe('readDocument');
    expect(enclosingFunction(lines, 10)).toBeNull();
    expect(declarationLine(lines, 'readDocument')).toBe(6);
  });
});
