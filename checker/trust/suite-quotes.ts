/**
 * Learner code that got hold of a suite's text (in memory, inside the fork that runs that suite) could throw it, and
 * the message would reach the learner's report word for word. This module finds a suite's code quoted in a message,
 * so the checker can withhold that message. It looks for the suite's code only, never for the text of its string
 * literals or comments: a suite's own failure message is made of those, and must still be shown.
 */

/** How many code characters in a row (white space left out) count as a quote of a suite: a suite's own message may name a call such as `expectClientRefusal(client)`, never this many. */
export const QUOTE_CHARS = 40;

/** What the report shows instead of a message that quoted a suite's code. */
export const WITHHELD = "[withheld: this message quoted a grading suite's code]";

/** The runs of code in a source, white space dropped, cut wherever a string, template, comment or regular expression begins. */
export function codeRuns(source: string): string[] {
  const runs: string[] = [];
  let run = '';
  const cut = () => {
    if (run.length >= QUOTE_CHARS) runs.push(run);
    run = '';
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === "'" || char === '"' || char === '`') {
      cut();
      index += 1;
      while (index < source.length && source[index] !== char) index += source[index] === '\\' ? 2 : 1;
      index += 1;
    } else if (char === '/' && next === '/') {
      cut();
      while (index < source.length && source[index] !== '\n') index += 1;
    } else if (char === '/' && next === '*') {
      cut();
      const end = source.indexOf('*/', index + 2);
      index = end < 0 ? source.length : end + 2;
    } else if (/\s/.test(char)) index += 1;
    else {
      run += char;
      index += 1;
    }
  }
  cut();
  return runs;
}

/** A message as the suite's code would appear in it: JSON's escapes undone, white space dropped. */
function normalized(text: string): string {
  return text.replace(/\\[nrt]/g, ' ').replace(/\\(["'\\/`])/g, '$1').replace(/\s+/g, '');
}

/** Finds the code of a set of suites quoted in a message. */
export class SuiteQuotes {
  private readonly windows = new Set<string>();

  /** Every window of QUOTE_CHARS code characters of the given suite sources. */
  constructor(sources: Iterable<string>) {
    for (const source of sources) {
      for (const run of codeRuns(source)) {
        for (let start = 0; start + QUOTE_CHARS <= run.length; start += 1) this.windows.add(run.slice(start, start + QUOTE_CHARS));
      }
    }
  }

  /** True when `text` holds QUOTE_CHARS code characters in a row of one of the suites. */
  quotes(text: string): boolean {
    if (this.windows.size === 0 || text.length < QUOTE_CHARS) return false;
    const flat = normalized(text);
    for (let start = 0; start + QUOTE_CHARS <= flat.length; start += 1) {
      if (this.windows.has(flat.slice(start, start + QUOTE_CHARS))) return true;
    }
    return false;
  }

  /** The text, or WITHHELD when it quotes a suite. */
  redact(text: string): string {
    return this.quotes(text) ? WITHHELD : text;
  }
}
