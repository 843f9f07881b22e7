import type { Lang } from '../usage/messages.ts';

/*
 * Long lines of a failure message, made to fit a screen: a value that runs to hundreds of characters is shown by the
 * field that matters first, then cut to one line. The full message stays in --json and behind watch's f.
 */

/** The longest line the text report prints (two rows of an 80-column terminal for Latin text). */
export const MAX_LINE = 160;

/** The labels of the sent, got and expected lines a suite writes (checker/suites/_lib/say.ts), in both languages. */
const LABELED = /^(\s*)(보낸 것|받은 것|기대한 것|sent|got|expected): (.*)$/;

/** Words for what the cut leaves out. */
const CUT_WORDS: Record<Lang, { field: string; more: (count: number) => string }> = {
  ko: { field: '눈여겨볼 필드', more: (count) => ` …(${count}자 더: --json, watch의 f)` },
  en: { field: 'field to look at', more: (count) => ` …(${count} more chars: --json, watch's f)` },
};

/** Every leaf of a JSON value with its path, such as `messages[2].role`. */
function leaves(value: unknown, path = ''): { path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, path === '' ? key : `${path}.${key}`));
  }
  return [{ path, value }];
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The first path where two JSON values differ, or undefined when they are equal. */
export function firstDifference(got: unknown, expected: unknown, path = ''): string | undefined {
  if (Object.is(got, expected)) return undefined;
  if (got === null || expected === null || typeof got !== 'object' || typeof expected !== 'object' || Array.isArray(got) !== Array.isArray(expected)) return path || '$';
  const keys = [...new Set([...Object.keys(got), ...Object.keys(expected)])];
  for (const key of keys) {
    const inner = Array.isArray(got) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
    const found = firstDifference((got as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], inner);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A line cut to MAX_LINE characters, saying how many were left out. */
export function cutLine(line: string, lang: Lang): string {
  const chars = [...line];
  if (chars.length <= MAX_LINE) return line;
  const words = CUT_WORDS[lang];
  let keep = MAX_LINE - words.more(chars.length).length;
  keep = Math.max(20, keep);
  return `${chars.slice(0, keep).join('')}${words.more(chars.length - keep)}`;
}

/**
 * A failure message fitted to a screen: a long JSON value on a sent/got/expected line is preceded by the field that
 * differs from the expected value (or, when the expected line is words, the field they name), then every line is cut
 * to MAX_LINE characters.
 */
export function fitMessage(message: string, lang: Lang): string {
  const lines = message.split('\n');
  const labeled = lines.map((line) => LABELED.exec(line));
  const got = labeled.find((match) => match && (match[2] === '받은 것' || match[2] === 'got'));
  const expected = labeled.find((match) => match && (match[2] === '기대한 것' || match[2] === 'expected'));
  const out: string[] = [];
  lines.forEach((line, index) => {
    const match = labeled[index];
    if (match && match === got && [...line].length > MAX_LINE) {
      const field = fieldToShow(match[3]!, expected?.[3], lines.filter((_, other) => labeled[other] !== match).join('\n'));
      if (field) out.push(cutLine(`${match[1]}${CUT_WORDS[lang].field}: ${field}`, lang));
    }
    out.push(cutLine(line, lang));
  });
  return out.join('\n');
}

/** `path = value` for the field of a long JSON value that matters: where it differs from the expected JSON, else the first whose name the other lines use. */
function fieldToShow(value: string, expected: string | undefined, context: string): string | undefined {
  const got = parsed(value);
  if (got === undefined || typeof got !== 'object' || got === null) return undefined;
  const wanted = expected === undefined ? undefined : parsed(expected);
  const all = leaves(got);
  const show = (path: string) => {
    const leaf = all.find((one) => one.path === path);
    return `${path} = ${leaf ? JSON.stringify(leaf.value) : 'undefined'}`;
  };
  if (wanted !== undefined) {
    const path = firstDifference(got, wanted);
    if (path !== undefined) return show(path);
  }
  const named = all.find((leaf) => {
    const key = /([A-Za-z_$][\w$]*)\]?$/.exec(leaf.path.replace(/\[\d+\]$/, ''))?.[1];
    return key !== undefined && key.length > 2 && new RegExp(`\\b${key}\\b`).test(context);
  });
  return named ? show(named.path) : undefined;
}
