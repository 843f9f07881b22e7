import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findTodo, formatLocation } from '../../../../checker/course/todo.ts';
import { tempDir, writeTree } from '../../support/temp.ts';

const chapterDir = writeTree(join(tempDir('todo'), '01-mini-mcp'), {
  'main.ts': ['// TODO(01/10): not this one', 'const a = 1;', '  // TODO(01/1): check the arguments', '// TODO(01/1) again'].join('\n'),
  'done.ts': 'export const done = true;\n',
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
