import { parseSync } from 'rolldown/utils';

/**
 * The pieces test/giveaway.test.ts is built from: what an exercise's solution adds that its starter does not show,
 * and the sentences a hidden suite writes. Parsing uses oxc's parser as rolldown (already a dependency, for bundling)
 * ships it: it knows TypeScript, skips comments and gives each string its value, which a regex cannot do reliably
 * over template literals and nested quotes; typescript@7 is a native compiler with no parser API to call in-process.
 */

/**
 * One token of code and its 1-based line: an identifier or property name, a dotted path of names as a call or member
 * access writes it (`console.error`, `REJECTED_CALLS.length`), or the value of a string or number literal.
 */
export interface CodeToken {
  text: string;
  kind: 'name' | 'path' | 'string' | 'number';
  line: number;
}

/** The language of a text: Korean, or English. */
export type Lang = 'ko' | 'en';

/** A sentence a suite writes for the learner, in one language, with the 1-based line it starts on. */
export interface Sentence {
  text: string;
  lang: Lang;
  line: number;
}

/** Tokens shorter than this are too common to mean anything (`id`, `ok`, `i`, `''`). */
export const MIN_TOKEN_CHARS = 3;

/**
 * Names every program has whatever it solves; none of them gives an exercise away. Keywords, `true`, `false`, `null`
 * and `this` are not listed because the parser never reports them as names.
 */
export const STOPLIST: ReadonlySet<string> = new Set(['undefined', 'Error', 'String', 'Number', 'Object', 'Array', 'JSON']);

/** A node of the parser's ESTree output, as far as this module reads it. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Calls `visit` on every node below `root`, depth first, in source order; `visit` returning false skips a node's children. */
function walk(root: unknown, visit: (node: Node) => boolean | void): void {
  if (Array.isArray(root)) {
    for (const item of root) walk(item, visit);
    return;
  }
  if (!isNode(root)) return;
  if (visit(root) === false) return;
  for (const [key, value] of Object.entries(root)) {
    if (key !== 'type' && typeof value === 'object' && value !== null) walk(value, visit);
  }
}

/** Parses TypeScript source; throws, naming the file, when it does not parse (so nothing is silently skipped). */
function parse(file: string, source: string): Node {
  const result = parseSync(file.endsWith('.ts') ? file : `${file}.ts`, source, { lang: 'ts' });
  if (result.errors.length > 0) throw new Error(`${file} does not parse: ${result.errors[0]!.message}`);
  return result.program as unknown as Node;
}

/** A function from a UTF-16 offset in `source` to its 1-based line. */
function lineOf(source: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < source.length; i += 1) if (source[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/** The text of a template literal's fixed part. */
function quasiText(node: Node): string {
  const value = node['value'] as { cooked?: string | null; raw: string };
  return value.cooked ?? value.raw;
}

/** The dotted text of a member access made of names only (`a.b.c`, `this.x`), or undefined (`a[0]`, `f().x`). */
function dotted(node: Node): string | undefined {
  if (node.type === 'Identifier') return String(node['name']);
  if (node.type === 'ThisExpression') return 'this';
  if (node.type !== 'MemberExpression' || node['computed'] === true) return undefined;
  const object = isNode(node['object']) ? dotted(node['object']) : undefined;
  const property = node['property'];
  return object !== undefined && isNode(property) && property.type === 'Identifier' ? `${object}.${String(property['name'])}` : undefined;
}

/**
 * Every identifier, property name, dotted path, string and number literal of a file, with its line; comments are not
 * code and give none. With `imports: false` an import declaration gives only the module it names: a name is shown where code uses it.
 */
export function codeTokens(file: string, source: string, { imports = true }: { imports?: boolean } = {}): CodeToken[] {
  const line = lineOf(source);
  const tokens: CodeToken[] = [];
  walk(parse(file, source), (node) => {
    if (!imports && node.type === 'ImportDeclaration') {
      // The module it names is shown (the starter does use that package); the names it brings in are not, until code uses them.
      const from = node['source'];
      if (isNode(from) && typeof from['value'] === 'string') tokens.push({ text: from['value'], kind: 'string', line: line(from.start) });
      return false;
    }
    const path = node.type === 'MemberExpression' ? dotted(node) : undefined;
    if (path !== undefined && !path.startsWith('this.')) tokens.push({ text: path, kind: 'path', line: line(node.start) });
    if (node.type === 'Identifier' || node.type === 'PrivateIdentifier') {
      tokens.push({ text: String(node['name']), kind: 'name', line: line(node.start) });
    } else if (node.type === 'Literal' && typeof node['value'] === 'string') {
      tokens.push({ text: node['value'], kind: 'string', line: line(node.start) });
    } else if (node.type === 'Literal' && typeof node['value'] === 'number') {
      tokens.push({ text: String(node['raw']), kind: 'number', line: line(node.start) });
    } else if (node.type === 'TemplateElement') {
      tokens.push({ text: quasiText(node), kind: 'string', line: line(node.start) });
    }
  });
  return tokens;
}

/** The lines of one diff hunk: the solution's, and the starter's it replaces (1-based, inclusive; from > to when none). */
export interface HunkLines {
  from: number;
  to: number;
  starterFrom: number;
  starterTo: number;
}

/**
 * Every token text the given starter files show as code (file name to content), trimmed. An import declaration shows
 * nothing: a name the starter imports but never uses is there only for the answer, so it stays distinctive.
 */
export function shownTokens(starter: ReadonlyMap<string, string>): Set<string> {
  return new Set([...starter].filter(([name]) => name.endsWith('.ts')).flatMap(([name, source]) => codeTokens(name, source, { imports: false }).map((token) => token.text.trim())));
}

/**
 * The tokens an exercise's hunks write, once each (first line kept), counting names and paths of MIN_TOKEN_CHARS or
 * more outside STOPLIST and trimmed strings and numbers of that length. A token is distinctive when the chapter's
 * starter never shows it as code (`shown`), or when it is a path the hunk's own starter lines did not hold: a call
 * swapped in on the spot (`console.log` for `console.error`, `z.object` for `z.strictObject`) is the answer even
 * when the file already uses it elsewhere.
 */
export function distinctiveTokens(file: string, solution: string, starter: string, shown: ReadonlySet<string>, hunks: readonly HunkLines[]): CodeToken[] {
  const starterTokens = codeTokens(file, starter);
  const found = new Map<string, CodeToken>();
  for (const token of codeTokens(file, solution)) {
    const text = token.text.trim();
    const hunk = hunks.find((lines) => lines.from <= token.line && token.line <= lines.to);
    if (hunk === undefined || text.length < MIN_TOKEN_CHARS || STOPLIST.has(text) || found.has(text)) continue;
    const replaced = starterTokens.some((old) => old.text.trim() === text && hunk.starterFrom <= old.line && old.line <= hunk.starterTo);
    if (!shown.has(text) || (token.kind === 'path' && !replaced)) found.set(text, { ...token, text });
  }
  return [...found.values()];
}

/** True for a character that continues a Latin identifier; Hangul does not (a particle follows a name directly: `uri를`). */
const WORD = /[A-Za-z0-9_$]/;

/** A name that is also an ordinary English word (`reply`, `done`, `length`): all lower-case Latin letters. */
const PLAIN_WORD = /^[a-z]+$/;

/**
 * True when `text` contains `token` as a whole: a name or number must not be part of a longer word (`name` is not in
 * `names`, `123` is not in `1234`, `list` is not in `resources/list`), and a string must not be cut inside a word at either end that is a letter or digit;
 * a string with Hangul in it is found anywhere, as Korean particles follow it directly. In English text a name or string
 * that is a plain English word is not looked for (it is prose there); the Korean text, which says the same, is read for it.
 */
export function mentions(text: string, token: CodeToken, lang: Lang): boolean {
  if (lang === 'en' && token.kind !== 'path' && PLAIN_WORD.test(token.text)) return false;
  const start = WORD.test(token.text[0]!);
  const end = WORD.test(token.text.at(-1)!);
  for (let at = text.indexOf(token.text); at !== -1; at = text.indexOf(token.text, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + token.text.length] ?? '';
    if (token.kind === 'string' && /\p{Script=Hangul}/u.test(token.text)) return true;
    // A name inside a slash-joined method name or path (`list` in `resources/list`) is that name's part, not the identifier.
    if (token.kind === 'name' && (before === '/' || after === '/')) continue;
    if ((!start || !WORD.test(before)) && (!end || !WORD.test(after))) return true;
  }
  return false;
}

/** The callee name of a call such as `say(...)`, or undefined. */
function calleeName(node: Node): string | undefined {
  const callee = node['callee'];
  return isNode(callee) && callee.type === 'Identifier' ? String(callee['name']) : undefined;
}

/** The key of an object property written as `ko:` or `'ko':`, or undefined. */
function keyName(node: Node): string | undefined {
  const key = node['key'];
  if (!isNode(key)) return undefined;
  if (key.type === 'Identifier') return String(key['name']);
  return key.type === 'Literal' && typeof key['value'] === 'string' ? key['value'] : undefined;
}

/** Every string and template fixed part under `root`: the words written there, without what `${...}` puts in. */
function strings(root: unknown, lang: Lang, line: (offset: number) => number): Sentence[] {
  const found: Sentence[] = [];
  walk(root, (node) => {
    if (node.type === 'Literal' && typeof node['value'] === 'string') found.push({ text: node['value'], lang, line: line(node.start) });
    else if (node.type === 'TemplateElement') found.push({ text: quasiText(node), lang, line: line(node.start) });
  });
  return found;
}

/** Parameter names of a function node, in order (a destructured or defaulted one is left unnamed). */
function parameterNames(node: Node): (string | undefined)[] {
  return ((node['params'] as unknown[]) ?? []).map((param) => (isNode(param) && param.type === 'Identifier' ? String(param['name']) : undefined));
}

/**
 * Functions of a source that hand two of their own parameters to `say` (`function expectShape(ok, ko, en) { say(ko, en) }`):
 * by function name, the positions of the Korean and the English parameter. Their callers write the sentences.
 */
function sayWrappers(program: Node): Map<string, [ko: number, en: number]> {
  const wrappers = new Map<string, [number, number]>();
  walk(program, (node) => {
    if (node.type !== 'FunctionDeclaration' || !isNode(node['id'])) return;
    const params = parameterNames(node);
    walk(node['body'], (inner) => {
      if (inner.type !== 'CallExpression' || calleeName(inner) !== 'say') return;
      const [ko, en] = (inner['arguments'] as unknown[]).map((arg) => (isNode(arg) && arg.type === 'Identifier' ? params.indexOf(String(arg['name'])) : -1));
      if (ko !== undefined && en !== undefined && ko >= 0 && en >= 0) wrappers.set(String((node['id'] as Node)['name']), [ko, en]);
    });
  });
  return wrappers;
}

/**
 * The sentences a suite source writes for the learner: the strings written in every `say(ko, en)` call's arguments,
 * in every `{ ko, en }` object, and in the Korean and English arguments of a function of the same file that passes two
 * of its parameters to `say`. What a `${...}` computes at run time (the learner's reply, the request sent) is data.
 */
export function suiteSentences(file: string, source: string): Sentence[] {
  const line = lineOf(source);
  const program = parse(file, source);
  const wrappers = sayWrappers(program);
  const found: Sentence[] = [];
  walk(program, (node) => {
    if (node.type === 'CallExpression' && calleeName(node) === 'say') {
      const [ko, en] = node['arguments'] as unknown[];
      found.push(...strings(ko, 'ko', line), ...strings(en, 'en', line));
      return false;
    }
    const wrapper = node.type === 'CallExpression' ? wrappers.get(calleeName(node) ?? '') : undefined;
    if (wrapper !== undefined) {
      const args = node['arguments'] as unknown[];
      found.push(...strings(args[wrapper[0]], 'ko', line), ...strings(args[wrapper[1]], 'en', line));
    }
    if (node.type === 'ObjectExpression') {
      const properties = (node['properties'] as unknown[]).filter(isNode);
      const keys = properties.map(keyName);
      if (keys.includes('ko') && keys.includes('en')) {
        for (const property of properties) {
          const key = keyName(property);
          if (key === 'ko' || key === 'en') found.push(...strings(property['value'], key, line));
        }
        return false;
      }
    }
    return true;
  });
  return found.filter((sentence) => sentence.text.trim() !== '');
}

/** The part of a lesson a learner reads before an exercise's reveal, and the 1-based line of that reveal. */
export interface LessonBeforeReveal {
  text: string;
  revealLine: number;
}

/**
 * The lesson text from its first line up to the first folded block (`<details>`) of an exercise's section: the section
 * is the `###` heading that names the exercise, by id (`02/1`) or as `연습 N:` (in English `Exercise N:`) for its number. Throws when the heading or
 * its reveal cannot be found, so a renamed heading never makes the check read nothing.
 */
export function lessonBeforeReveal(readme: string, exerciseId: string): LessonBeforeReveal {
  const lines = readme.split('\n');
  const number = exerciseId.split('/')[1];
  const heading = lines.findIndex((line) => line.startsWith('### ') && (line.includes(exerciseId) || line.startsWith(`### 연습 ${number}:`) || line.startsWith(`### Exercise ${number}:`)));
  if (heading === -1) throw new Error(`no ### heading names exercise ${exerciseId}`);
  let reveal = -1;
  for (let at = heading + 1; at < lines.length && !/^#{1,3} /.test(lines[at]!); at += 1) {
    if (lines[at]!.trim() === '<details>') {
      reveal = at;
      break;
    }
  }
  if (reveal === -1) throw new Error(`exercise ${exerciseId}'s section has no folded reveal (<details>)`);
  return { text: lines.slice(0, reveal).join('\n'), revealLine: reveal + 1 };
}

/**
 * What a lesson's predictions answer, exercise by exercise: phrases that state an answer the learner is asked to predict
 * (the reveal says it; the code and its comments must not). test/giveaway.test.ts looks for them, case-insensitively,
 * in every comment and identifier of the committed starters and in each exercise's title as check prints it.
 */
export const PREDICTION_ANSWERS: Readonly<Record<string, readonly string[]>> = {
  '04/1': ['앞선 요청이 정한 것에 기대지', '판단은 그 요청이 말하는 것만으로'],
  '04/2': ['포트까지 정확히'],
  '04/3': ['이 서버를 위한 토큰', '단 하나의 MCP 서버', "끝에 '/'가 없다", "'/'가 붙어", 'tokens issued for this server'],
  '04/4': ['토큰이 무엇을 말하든', '누구에게든 드러낼'],
  '05/1': ['승인한 정의', '정의 그대로', '그때 읽은 도구의 정의', 'very definition', 'approved definition', 'definition the person approved'],
  '05/2': ['서버의 것으로 드러', '서버의 글은 서버의', "host's name for", 'never the server', 'this one call', '이 호출 하나', "mark it as the server's", '거절은 모델에게 돌아갈'],
  '05/3': ['tool role', 'tool 역할', 'stays with the host', 'as the server listed it', 'as listed'],
  '05/4': ['never the name the server gives itself', 'only one who answers', '사람만 답하', 'never an instruction', '답할 수 없는 요청은 받지'],
  '05/5': ['keyed by the resource', 'only one who approves', '사람이 승인해야', '받은 자원에만', '이 서버 자체가 아니면', 'approves a sign-in', '사람이 승인하는 로그인'],
};

/** The comment text of a TypeScript source, line by line with its 1-based line: `//` and `/* … *\/` comments alike. */
export function commentLines(source: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  let inBlock = false;
  source.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (inBlock || line.startsWith('/*')) {
      found.push({ text: line, line: index + 1 });
      inBlock = !line.includes('*/');
      return;
    }
    const at = raw.indexOf('//');
    if (at !== -1 && !/['"`][^'"`]*\/\//.test(raw.slice(0, at + 2))) found.push({ text: raw.slice(at + 2).trim(), line: index + 1 });
  });
  return found;
}
