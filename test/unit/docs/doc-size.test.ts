/**
 * The repository's Markdown stays readable and its links stay whole:
 *
 * - no line of any Markdown file is over 1,000 characters (a long paragraph is a list, a table or shorter paragraphs);
 * - no guide page under docs/ is over 15,000 characters (a guide is split by task, one page per job);
 * - every relative link of a Markdown file points at a file that exists and, when it names a heading, at a heading
 *   that file has, by GitHub's anchor rules (Korean headings keep their Hangul).
 *
 * Files are read from the working tree, in-process. In chapters/ only the lessons (README*.md) are read: a learner's
 * own notes there never turn this red.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const REPO = resolve(import.meta.dirname, '..', '..', '..');

/** The longest line a Markdown file may hold, and the most characters a guide page may hold. */
const MAX_LINE = 1000;
const MAX_GUIDE = 15_000;

/** Folders never read: installed packages, git's own, and the working folders the checker and its tools write. */
const SKIPPED = new Set(['node_modules', '.git', '.backups', '.checker-out', '.stryker-tmp']);

/** Every Markdown file of the repository, as a path relative to its root with `/` separators. */
function markdownFiles(folder = REPO): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const name = relative(REPO, path).split('\\').join('/');
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !name.startsWith('gradebook-')) found.push(...markdownFiles(path));
    } else if (entry.isFile() && entry.name.endsWith('.md') && (!name.startsWith('chapters/') || /^README(\.[a-z]+)?\.md$/.test(entry.name))) {
      found.push(name);
    }
  }
  return found.sort();
}

const FILES = markdownFiles();
const text = new Map(FILES.map((file) => [file, readFileSync(join(REPO, file), 'utf8')]));

/** The lines of a Markdown text outside fenced code blocks, each with its 1-based number. */
function proseLines(markdown: string): { line: string; number: number }[] {
  const kept: { line: string; number: number }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((line, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker !== undefined && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) kept.push({ line, number: index + 1 });
  });
  return kept;
}

/**
 * A heading's anchor as GitHub makes it: the heading's text (code spans keep their text, links keep theirs, emphasis
 * marks go), lower-cased, every character but letters, marks, numbers, `_`, `-` and spaces dropped, spaces as `-`.
 */
function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Mark}\p{Number}\p{Connector_Punctuation}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown text's headings get, a repeated one with `-1`, `-2`, … as on GitHub, and any `id`/`name` set in HTML. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(markdown)) {
    const heading = /^#{1,6} +(.*?)(?: +#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<[a-z]+[^>]*\s(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

/** The inline link targets of a Markdown text, code spans and fenced blocks left out, each with its line number. */
function linksOf(markdown: string): { target: string; number: number }[] {
  const links: { target: string; number: number }[] = [];
  for (const { line, number } of proseLines(markdown)) {
    const prose = line.replace(/(`+)[\s\S]*?\1/g, '');
    for (const match of prose.matchAll(/\]\(<?([^()\s>]+)>?(?:\s+"[^"]*")?\)/g)) links.push({ target: match[1]!, number });
  }
  return links;
}

test('no Markdown line is over 1,000 characters', () => {
  expect(FILES.length).toBeGreaterThan(10);
  const long = FILES.flatMap((file) => text.get(file)!.split('\n').flatMap((line, index) => (line.length > MAX_LINE ? [`${file}:${index + 1} has ${line.length} characters`] : [])));
  expect(long, 'break the paragraph into a list, a table or shorter paragraphs').toEqual([]);
});

test('no guide page under docs/ is over 15,000 characters', () => {
  const guides = FILES.filter((file) => file.startsWith('docs/'));
  expect(guides.length).toBeGreaterThan(5);
  const big = guides.filter((file) => text.get(file)!.length > MAX_GUIDE).map((file) => `${file} has ${text.get(file)!.length} characters`);
  expect(big, 'split the guide by task, one page per job').toEqual([]);
});

test('every relative link of a Markdown file points at a file that exists and a heading it has', () => {
  const broken: string[] = [];
  for (const file of FILES) {
    for (const { target, number } of linksOf(text.get(file)!)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const to = path === '' ? join(REPO, file) : resolve(dirname(join(REPO, file)), decodeURIComponent(path));
      const where = `${file}:${number} links ${target}`;
      if (!to.startsWith(REPO) || !existsSync(to)) {
        broken.push(`${where}: no such file`);
        continue;
      }
      if (anchor === undefined || anchor === '' || !to.endsWith('.md') || statSync(to).isDirectory()) continue;
      if (/^L\d+/.test(anchor)) continue;
      const anchors = anchorsOf(text.get(relative(REPO, to).split('\\').join('/')) ?? readFileSync(to, 'utf8'));
      if (!anchors.has(decodeURIComponent(anchor).toLowerCase())) broken.push(`${where}: no heading has that anchor`);
    }
  }
  expect(broken).toEqual([]);
});

test('the anchors follow GitHub: Hangul kept, punctuation dropped, repeats numbered', () => {
  expect(slug('Moodle 내려받기 채점하기')).toBe('moodle-내려받기-채점하기');
  expect(slug('서버: `McpServer`')).toBe('서버-mcpserver');
  expect(slug("The repository's tests")).toBe('the-repositorys-tests');
  expect(slug('4장: HTTP로 열기')).toBe('4장-http로-열기');
  expect([...anchorsOf('# A\n\n## B\n\n```md\n## C\n```\n\n## B\n')]).toEqual(['a', 'b', 'b-1']);
  expect(linksOf('[a](x.md#y) `[b](z.md)`\n```\n[c](w.md)\n```\n')).toEqual([{ target: 'x.md#y', number: 1 }]);
});
