import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CHAPTERS } from '../../../../../checker/course/current.ts';
import { buildReport } from '../../../../../checker/report/build.ts';
import type { StudentResult } from '../../../../../checker/class/student-result.ts';
import { readChapterTexts, similarity, similarityHtml } from '../../../../../checker/class/review/similarity.ts';
import type { CourseTexts } from '../../../../../checker/class/review/similarity.ts';
import { typescriptTokens } from '../../../../../checker/class/review/ts-tokens.ts';
import { tempDir, writeTree } from '../../../support/temp.ts';

const CHAPTER = CHAPTERS[0]!;

/** A starter long enough that every student shares much code with every other one before any edit. */
const STARTER = `import { readDocument, type Request, type Reply } from './rpc.ts';

export const TOOLS = [{ name: 'summarize_document', description: 'Summarizes one document' }];

export function listTools(): Reply {
  return { jsonrpc: '2.0', result: { tools: TOOLS.map((tool) => ({ ...tool, inputSchema: { type: 'object' } })) } };
}

export function callTool(request: Request): Reply {
  const args = request.params.arguments;
  // TODO(01/1): check the arguments before reading the file
  const text = readDocument(args.name);
  const words = text.split(/\\s+/).filter((word) => word.length > 0);
  return { jsonrpc: '2.0', id: request.id, result: { content: [{ type: 'text', text: words.slice(0, 20).join(' ') }] } };
}

export function route(request: Request): Reply {
  if (request.method === 'tools/list') return listTools();
  if (request.method === 'tools/call') return callTool(request);
  return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'Method not found' } };
}
`;

const TODO = '  // TODO(01/1): check the arguments before reading the file\n';

/** The starter with the TODO line replaced by an edit. */
function edited(edit: string): string {
  return STARTER.replace(TODO, edit);
}

const ANA = `  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'Tool arguments must be an object.' } };
  }
  const keys = Object.keys(args);
  if (keys.length !== 1 || keys[0] !== 'name' || typeof args.name !== 'string') {
    return { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'Only the document name may be passed.' } };
  }
`;

/** Ana's edit with every name, string and comment changed: the same work. */
const BEN = `  // make sure we got a plain object
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'arguments: object expected' } };
  }
  const fieldNames = Object.keys(args);
  if (fieldNames.length !== 1 || fieldNames[0] !== 'name' || typeof args.name !== 'string') {
    return { jsonrpc: '2.0', id: request.id, error: { code: -32602, message: 'name only, please' } };
  }
`;

/** A different approach to the same exercise. */
const CHO = `  const allowed = new Set(['name']);
  for (const key in args) {
    if (!allowed.has(key)) throw new RangeError(\`unexpected \${key}\`);
  }
  switch (true) {
    case args == undefined:
    case Array.isArray(args):
      throw new TypeError('bad');
    default:
      break;
  }
`;

/** The published solution's edit. */
const SOLUTION = `  if (!isPlainObject(args)) return invalidParams(request.id, 'Tool arguments must be an object.');
  if (!hasOnlyKeys(args, ['name']) || typeof args['name'] !== 'string') {
    return invalidParams(request.id, 'Only the document name may be passed.');
  }
  // The file is read only once the arguments are known to be right.
`;

const texts = (server: string): CourseTexts => new Map([[CHAPTER.dir, new Map([['server.ts', server], ['rpc.ts', 'export const same = 1;\n']])]]);
const STARTERS: CourseTexts = new Map([[CHAPTER.dir, new Map([['server.ts', STARTER], ['rpc.ts', 'export const same = 1;\n']])]]);
const SOLUTIONS: CourseTexts = texts(edited(SOLUTION));

const SUBMISSIONS = new Map<string, CourseTexts>([
  ['ana', texts(edited(ANA))],
  ['ben', texts(edited(BEN))],
  ['cho', texts(edited(CHO))],
  ['copy <img src=x>', texts(edited(SOLUTION))],
  ['dan', texts(STARTER)],
]);

function row(name: string, chaptersDir: string | null = null): StudentResult {
  const learner = chaptersDir ? { given: chaptersDir, chaptersDir, shownAs: 'chapters' } : null;
  return { student: { name, dir: name, learner, problem: null }, report: buildReport({ target: name, lang: 'en', exercises: [], type_errors: [] }), missingChapters: [] };
}

const RESULTS = [...SUBMISSIONS.keys()].map((name) => row(name));

describe('similarity', () => {
  const report = similarity(RESULTS, { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: SUBMISSIONS });

  test('flags the two near-identical edits, and no pair with the unrelated edit or the untouched starter', () => {
    const flagged = report.pairs.map((pair) => pair.students.join('+'));
    expect(flagged).toContain('ana+ben');
    expect(flagged.filter((pair) => pair.includes('cho') || pair.includes('dan'))).toEqual([]);
    const pair = report.pairs.find((entry) => entry.students.join('+') === 'ana+ben')!;
    expect(pair.similarity).toBeGreaterThanOrEqual(0.8);
    expect(pair.exercises).toEqual(CHAPTER.exercises.map((exercise) => exercise.id));
  });

  test('flags the copy of the published solution, and no one else, as alike the solution', () => {
    expect(report.solution.map((match) => [match.student, match.similarity])).toEqual([['copy <img src=x>', 1]]);
  });

  test('does not count starter code: the untouched starter is not compared, and shared starter lines make no one alike', () => {
    expect(report.compared).toEqual({ [CHAPTER.dir]: 4 });
    const loose = similarity(RESULTS, { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: SUBMISSIONS, threshold: 0 });
    const anaCho = loose.pairs.find((entry) => entry.students.join('+') === 'ana+cho')!;
    expect(anaCho.similarity).toBeLessThan(0.3);
  });

  test('is plain JSON that says it is for review, never a penalty', () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    expect(report.purpose).toBe('review');
    expect(report.note).toMatch(/never a penalty/);
    expect(similarity(RESULTS, { chapters: [CHAPTER], lang: 'ko', starters: STARTERS, solutions: SOLUTIONS, submissions: SUBMISSIONS }).note).toMatch(/벌점이 아니며/);
  });

  test('compares nothing, and says why, when the committed starters cannot be read', () => {
    const skipped = similarity(RESULTS, { chapters: [CHAPTER], lang: 'en', starters: null, starterProblem: 'no-git', solutions: SOLUTIONS, submissions: SUBMISSIONS });
    expect(skipped.pairs).toEqual([]);
    expect(skipped.skipped).toMatch(/no-git/);
    expect(similarityHtml(skipped, 'en')).toContain('Nothing was compared');
  });

  test('reads a student\'s chapter from their folder when no texts are given, TypeScript files only and no links', () => {
    const root = writeTree(join(tempDir('similarity-read'), 'chapters'), {
      [`${CHAPTER.dir}/server.ts`]: edited(ANA),
      [`${CHAPTER.dir}/rpc.ts`]: 'export const same = 1;\n',
      [`${CHAPTER.dir}/secret.txt`]: 'not code',
      [`${CHAPTER.dir}/.hidden.ts`]: 'export {};',
    });
    expect([...readChapterTexts(join(root, CHAPTER.dir)).keys()].sort()).toEqual(['rpc.ts', 'server.ts']);
    const fromDisk = similarity([row('ana', root), row('ben')], { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: new Map([['ben', SUBMISSIONS.get('ben')!]]) });
    expect(fromDisk.pairs.map((pair) => pair.students.join('+'))).toEqual(['ana+ben']);
  });
});

describe('similarity an instructor can act on', () => {
  /** Ana's edit once more, renamed again: with ana and ben, a group of three. */
  const EVE = ANA.replaceAll('keys', 'given').replace('Tool arguments must be an object.', 'object please');
  const more = new Map<string, CourseTexts>([...SUBMISSIONS, ['eve', texts(edited(EVE))], ['fay', texts(edited(SOLUTION))]]);
  const report = similarity([...more.keys()].map((name) => row(name)), { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: more });

  test('two students who both handed in the published solution are no pair: they are listed beside the solution', () => {
    expect(report.pairs.filter((pair) => pair.students.includes('fay'))).toEqual([]);
    expect(report.solution.map((match) => match.student).sort()).toEqual(['copy <img src=x>', 'fay']);
    expect(report.method.solution_excluded_from_pairs).toBe(true);
  });

  test('three students linked by pairs are one cluster, and the report leads with it', () => {
    expect(report.clusters).toEqual([expect.objectContaining({ chapter: CHAPTER.dir, students: ['ana', 'ben', 'eve'], pairs: 3 })]);
    expect(report.review_first[0]).toMatchObject({ kind: 'cluster', students: ['ana', 'ben', 'eve'] });
    expect(report.review_first.filter((entry) => entry.kind === 'pair')).toEqual([]);
  });

  test('pairs are ranked by evidence: the longest run in common first', () => {
    const runs = report.pairs.map((pair) => pair.longest);
    expect(runs).toEqual([...runs].sort((a, b) => b - a));
    const html = similarityHtml(report, 'en');
    expect(html.indexOf('Worth a look first')).toBeLessThan(html.indexOf('Every flagged pair'));
    expect(html).toContain('group of 3: ana · ben · eve');
  });
});

describe('similarityHtml', () => {
  const report = similarity(RESULTS, { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: SUBMISSIONS });

  test('is a section that says it is for review, with every name escaped', () => {
    const html = similarityHtml(report, 'en');
    expect(html).toMatch(/^<section class="similarity">/);
    expect(html).toContain('for a person to review, never a penalty');
    expect(html).toContain('copy &lt;img src=x&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('ana · ben');
  });

  test('speaks Korean', () => {
    expect(similarityHtml(report, 'ko')).toContain('벌점 아님');
  });
});

describe('typescriptTokens', () => {
  test('makes names, strings and numbers alike and drops comments', () => {
    const one = typescriptTokens('const total: number = count + 1; // sum\nlog(`n=${total}`);');
    const two = typescriptTokens('/* x */ const sum: number = items + 42;\nprint("other");');
    expect(one.tokens).toEqual(two.tokens);
    expect(one.tokens).toEqual(['const', 'ID', ':', 'number', '=', 'ID', '+', 'NUM', ';', 'ID', '(', 'STR', ')', ';']);
  });

  test('keeps longest punctuators and places every token in order', () => {
    const split = typescriptTokens('a ??= b?.c;\nx >>>= 2');
    expect(split.tokens).toEqual(['ID', '??=', 'ID', '?.', 'ID', ';', 'ID', '>>>=', 'NUM']);
    expect(split.places[6]).toEqual({ startRow: 1, startCol: 0, endRow: 1, endCol: 1 });
    expect(split.places[7]).toEqual({ startRow: 1, startCol: 2, endRow: 1, endCol: 6 });
  });

  test('still splits a file with an unclosed string or comment', () => {
    expect(typescriptTokens("const a = 'open\nconst b = 1;").tokens).toEqual(['const', 'ID', '=', 'STR', 'const', 'ID', '=', 'NUM', ';']);
    expect(typescriptTokens('x /* never closed').tokens).toEqual(['ID']);
  });
});

describe('similarity bounded per student', () => {
  /** A 200 KB array literal: one line, tens of thousands of tokens (it overflowed the call stack before). */
  const arrayBomb = `export const DATA = [${Array.from({ length: 40_000 }, (_, index) => index % 10).join(', ')}];\n`;
  /** Ana's edit padded: the same block 300 times, within the token limit (the longest-run search grew with the square of this). */
  const padded = edited(ANA.repeat(300));
  const bombs = new Map<string, CourseTexts>([
    ...SUBMISSIONS,
    ['zz-array', new Map([[CHAPTER.dir, new Map([['server.ts', edited(ANA)], ['data.ts', arrayBomb]])]])],
    ['zz-padded', texts(padded)],
  ]);
  const results = [...bombs.keys()].map((name) => row(name));
  const plain = similarity(RESULTS, { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: SUBMISSIONS });
  const bombed = similarity(results, { chapters: [CHAPTER], lang: 'en', starters: STARTERS, solutions: SOLUTIONS, submissions: bombs });

  test('a student past a limit is "not compared", with the reason, and everyone else is compared as without them', () => {
    expect(bombed.not_compared.map(({ student }) => student)).toEqual(['zz-array', 'zz-padded']);
    expect(bombed.not_compared[0]!.reason).toMatch(/tokens, more than the 40000 taken from one chapter/);
    expect(bombed.not_compared[1]!.reason).toMatch(/the same fingerprints repeat too often/);
    expect(bombed.pairs).toEqual(plain.pairs);
    expect(bombed.solution).toEqual(plain.solution);
    expect(bombed.compared).toEqual(plain.compared);
    expect(plain.not_compared).toEqual([]);
    const html = similarityHtml(bombed, 'ko');
    expect(html).toContain('비교하지 않은 학생');
    expect(html).toContain('zz-padded');
  });

  test('splits a 200 KB array literal and a deeply nested file without recursion', () => {
    expect(typescriptTokens(arrayBomb).tokens.length).toBeGreaterThan(80_000);
    const nested = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    expect(typescriptTokens(nested).tokens).toHaveLength(100_000);
  });
});
