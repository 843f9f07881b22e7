import { expect, test } from 'vitest';
import { importCircles, relativeSpecifiers } from '../../support/import-graph.ts';

test('relative specifiers: value and type-only imports, re-exports, split lines, import() and bare imports; packages are not followed', () => {
  const source = [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "import { buildServer } from './server.ts';",
    "import type { HttpOptions } from './http.ts';",
    "export type { ServerOptions } from './options.ts';",
    'import {',
    '  STATUS,',
    '  bearerChallenge,',
    "} from '../answers.ts';",
    "const lazy = await import('./lazy.ts');",
    "import './side-effect.ts';",
  ].join('\n');
  expect(relativeSpecifiers(source)).toEqual(['./server.ts', './http.ts', './options.ts', '../answers.ts', './lazy.ts', './side-effect.ts']);
});

test('a circle closed by a type-only import is a circle; one-way imports, shared bottoms and packages are none', () => {
  const oneWay = new Map([
    ['http.ts', ['auth.ts', 'scopes.ts', 'options.ts']],
    ['auth.ts', ['scopes.ts', 'options.ts']],
    ['scopes.ts', ['options.ts']],
    ['options.ts', []],
  ]);
  expect(importCircles(oneWay)).toEqual([]);
  const closed = new Map([
    ['http.ts', ['auth.ts']],
    ['auth.ts', ['http.ts']],
    ['server.ts', ['scopes.ts']],
    ['scopes.ts', ['server.ts']],
  ]);
  expect(importCircles(closed)).toEqual(['http.ts → auth.ts → http.ts', 'server.ts → scopes.ts → server.ts']);
  expect(importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  expect(importCircles(new Map([['self.ts', ['self.ts']]]))).toEqual(['self.ts → self.ts']);
});
