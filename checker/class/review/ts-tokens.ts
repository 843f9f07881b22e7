/** Where one token is in its text: zero-based rows and columns, the end column exclusive. */
export interface TokenPlace {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/** A text as TypeScript tokens, each with its place. */
export interface Tokens {
  tokens: string[];
  places: TokenPlace[];
}

/** TypeScript's keywords and contextual keywords: kept as themselves, since they carry the program's shape. */
const KEYWORDS = new Set(
  ('abstract any as asserts async await bigint boolean break case catch class const constructor continue debugger declare default delete do else enum export extends false finally for from function get if implements import in infer instanceof interface is keyof let module namespace never new null number object of out override package private protected public readonly require return satisfies set static string super switch symbol this throw true try type typeof undefined unique unknown using var void while with yield').split(' '),
);

/** Punctuators, longest first, so `>>>=` is one token and not four. */
const PUNCTUATORS = ['>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=', '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>', '{', '}', '(', ')', '[', ']', ';', ',', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '?', ':', '=', '.', '@', '#'];

/**
 * Splits TypeScript source into tokens without running or fully parsing it, so a file with a syntax error still
 * splits. Comments and white space are dropped; keywords and punctuators stay as they are; every identifier becomes
 * `ID`, every string or template `STR`, every number `NUM`: renaming a variable or rewording a string changes nothing.
 * One pass, no recursion and no copy of the rest of the text per token: linear in the text, however it is nested.
 */
export function typescriptTokens(text: string): Tokens {
  const tokens: string[] = [];
  const places: TokenPlace[] = [];
  let row = 0;
  let col = 0;
  let index = 0;
  const advance = (count: number) => {
    for (let step = 0; step < count && index < text.length; step += 1) {
      if (text[index] === '\n') {
        row += 1;
        col = 0;
      } else col += 1;
      index += 1;
    }
  };
  const emit = (token: string, length: number) => {
    const startRow = row;
    const startCol = col;
    advance(length);
    tokens.push(token);
    places.push({ startRow, startCol, endRow: row, endCol: col });
  };
  while (index < text.length) {
    const rest = text.slice(index, index + 4);
    const char = text[index]!;
    if (/\s/.test(char)) advance(1);
    else if (rest.startsWith('//')) advance(lengthUntil(text, index, '\n'));
    else if (rest.startsWith('/*')) advance(text.indexOf('*/', index + 2) === -1 ? text.length - index : text.indexOf('*/', index + 2) + 2 - index);
    else if (char === '"' || char === "'" || char === '`') emit('STR', stringLength(text, index));
    else if (/[0-9]/.test(char) || (char === '.' && /[0-9]/.test(text[index + 1] ?? ''))) emit('NUM', runAt(NUMBER, text, index).length);
    else if (/[\p{L}_$]/u.test(char)) {
      const word = runAt(WORD, text, index);
      emit(KEYWORDS.has(word) ? word : 'ID', word.length);
    } else {
      const punctuator = PUNCTUATORS.find((candidate) => text.startsWith(candidate, index));
      emit(punctuator ?? char, punctuator?.length ?? 1);
    }
  }
  return { tokens, places };
}

/** A number's characters, and a word's: matched where they start (sticky), so splitting stays linear in the text. */
const NUMBER = /[0-9._a-zA-Z]+/y;
const WORD = /[\p{L}\p{N}_$]+/uy;

/** The run a sticky pattern matches at `start` (at least the one character the caller checked). */
function runAt(pattern: RegExp, text: string, start: number): string {
  pattern.lastIndex = start;
  return pattern.exec(text)?.[0] ?? text[start]!;
}

/** Characters from `start` up to (not including) the next `stop`, or to the end. */
function lengthUntil(text: string, start: number, stop: string): number {
  const found = text.indexOf(stop, start);
  return (found === -1 ? text.length : found) - start;
}

/** The length of the string or template literal at `start`, escapes included; an unclosed one runs to its line's end (a template to the end). */
function stringLength(text: string, start: number): number {
  const quote = text[start]!;
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\') index += 2;
    else if (char === quote) return index + 1 - start;
    else if (char === '\n' && quote !== '`') return index - start;
    else index += 1;
  }
  return text.length - start;
}
