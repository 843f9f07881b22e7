/**
 * The checker never gives the answer: no TODO, hint or failure message names what an exercise's solution writes.
 *
 * How it decides (the pieces are in ./support/giveaway.ts, unit-tested in test/unit/support/giveaway.test.ts):
 * - An exercise's code is the solution's side of its diff hunks, found the way `npm run mutate` finds learner lines
 *   (`learnerHunks` in mutate/learner-lines.ts: solution vs committed starter, line by line). The hunk whose starter side
 *   held `TODO(NN/n)` is that exercise's; a hunk with no TODO in it (a helper or constant the solution adds elsewhere
 *   in the file) is counted for every exercise whose TODO is in that file, since nothing says which one it serves.
 * - Its distinctive tokens are the identifiers, property names, and string and number literals on those lines
 *   (MIN_TOKEN_CHARS or longer, outside a short STOPLIST) that the starter file does not contain anywhere as code:
 *   a name the starter already shows, such as a helper it imports, gives nothing away. Comments are not code, so
 *   neither the TODO in the starter nor the solution's "why" comment makes a word known or distinctive.
 * - Texts read for each exercise: its TODO line in the committed starter (found by checker/course/todo.ts' findTodo)
 *   and the comment lines right after it; its committed lesson from the first line up to the exercise's reveal (its
 *   first `<details>`), which is what the learner has read when they predict, less the tokens LESSON_MAY_NAME allows
 *   with a reason, in Korean (README.md) and, where the chapter has one, in English (README.en.md; the allowances,
 *   kept for the Korean lesson's words, hold for both); its title, manifest hint and test names (check and watch print them for an exercise) in Korean and
 *   English; and every sentence its hidden
 *   suite can write, read from the source statically: the strings written in each `say(ko, en)` call and `{ ko, en }`
 *   object (a literal inside a `${...}` there included), and handed to a function of the same file that passes two of
 *   its parameters to `say` (such as 01's expectShape), in its suite file, its chapter's shared suite files and
 *   checker/suites/_lib. Reading the source sees every message, also those behind a first failing assertion, which a
 *   run on the starter and the wrong-answer fixtures never reaches, and it needs no grading run (minutes on two cores).
 * - What a `${...}` computes at run time, and what the sent/got/expected lines show through show(), is data: the
 *   request the checker sent, the reply or output of the learner's own code, the wire value the protocol expects. It
 *   is not read, so a token that came from the learner's output is never flagged; the sentences around it are.
 * - A token is found in a text as a whole word (`name` is not in `names`); a Korean string literal as a substring.
 * - A name that sits inside a slash-joined method name or path (`list` in `resources/list`) is that name's part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CHAPTERS } from '../checker/course/current.ts';
import { starterFiles } from '../checker/course/starters.ts';
import { findTodo } from '../checker/course/todo.ts';
import type { ChapterSpec, ExerciseSpec } from '../checker/manifest/types.ts';
import { diffHunks, learnerHunks } from '../mutate/learner-lines.ts';
import type { Hunk } from '../mutate/learner-lines.ts';
import { PREDICTION_ANSWERS, codeTokens, commentLines, distinctiveTokens, lessonBeforeReveal, mentions, shownTokens, suiteSentences } from './support/giveaway.ts';
import type { CodeToken, Lang, Sentence } from './support/giveaway.ts';
import { REPO } from './support/run.ts';
import { committedStarters } from './support/starters.ts';

/** A text the learner reads, and where it is written. */
interface Text {
  what: string;
  where: string;
  text: string;
  lang: Lang;
}

/** One distinctive token of an exercise, with the solution line it comes from. */
interface Distinctive extends CodeToken {
  from: string;
}

/** What the test reads of one exercise: its distinctive tokens, and whether its hunks write any code at all. */
interface ExerciseTokens {
  tokens: Distinctive[];
  /** True when the exercise has its own hunk and no hunk of it adds a code token (it only deletes lines, or adds comments). */
  onlyDeletes: boolean;
  /**
   * True when the tokens are its own added lines' with the starter ignored (see chapterTokens): they are looked for in
   * its TODO, hints and test names, not in the suite's messages, whose expected line may name the outcome the check
   * observes (03/5: the scaffolding's own refusal error) as any failure message names the reply it expected.
   */
  fallback: boolean;
}

/** True when a hunk of learnerHunks holds solution lines: one that only deletes is kept on the line after it, which is no added line. */
function addsLines(hunk: Hunk, raw: readonly ReturnType<typeof diffHunks>[number][]): boolean {
  const same = raw.find((candidate) => candidate.starterFrom + 1 === hunk.starterFrom && candidate.starterTo === hunk.starterTo && candidate.solutionFrom + 1 === hunk.from);
  return same === undefined || same.solutionTo > same.solutionFrom;
}

/**
 * The distinctive tokens of every exercise of a chapter, by exercise id. An exercise whose added lines write only names
 * the starter already shows (03/5 calls the scaffolding's own check and error) is read for the tokens of its own added
 * lines instead, the starter ignored: otherwise its TODO and hint could name the very call to write.
 */
function chapterTokens(chapter: ChapterSpec): Map<string, ExerciseTokens> {
  const starters = new Map([...starterFiles(chapter.dir)].map(([name, content]) => [name, content.toString('utf8')] as const));
  const shown = shownTokens(starters);
  const hunks = learnerHunks([chapter]);
  const tokens = new Map<string, ExerciseTokens>();
  for (const exercise of chapter.exercises) {
    const file = `${chapter.dir}/${exercise.todo.file}`;
    const starter = starters.get(exercise.todo.file) ?? '';
    const solution = readFileSync(join(REPO, 'solutions', file), 'utf8');
    const raw = diffHunks(starter.split('\n'), solution.split('\n'));
    const mine = hunks.filter((hunk) => hunk.file === file && (hunk.exercise === exercise.id || hunk.exercise === undefined)).filter((hunk) => addsLines(hunk, raw));
    const own = mine.filter((hunk) => hunk.exercise === exercise.id);
    const written = distinctiveTokens(file, solution, starter, new Set(), own);
    const distinctive = distinctiveTokens(file, solution, starter, shown, mine);
    const found = distinctive.length > 0 ? distinctive : written;
    const hasOwnHunk = hunks.some((hunk) => hunk.file === file && hunk.exercise === exercise.id);
    tokens.set(exercise.id, {
      tokens: found.map((token) => ({ ...token, from: `solutions/${file}:${token.line}` })),
      onlyDeletes: hasOwnHunk && written.length === 0,
      fallback: distinctive.length === 0,
    });
  }
  return tokens;
}

/** The TODO line of an exercise in the committed starter, with the comment lines that continue it. */
function todoText(chapter: ChapterSpec, exercise: ExerciseSpec): Text {
  const dir = join(committedStarters(), chapter.dir);
  const location = findTodo(dir, `chapters/${chapter.dir}`, exercise.todo.file, exercise.todo.marker);
  if (location.line === null) throw new Error(`${exercise.todo.marker} is missing from the committed chapters/${chapter.dir}/${exercise.todo.file}`);
  const lines = readFileSync(join(dir, exercise.todo.file), 'utf8').split('\n');
  const comment = [lines[location.line - 1]!];
  for (let at = location.line; at < lines.length && /^\s*\/\//.test(lines[at]!) && !lines[at]!.includes('TODO('); at += 1) comment.push(lines[at]!);
  return { what: 'TODO', where: `${location.file}:${location.line}`, text: comment.join('\n'), lang: 'ko' };
}

/** The line of the manifest file on which a hint text starts (the exercise's id line when it cannot be found). */
function hintLine(source: string, exercise: ExerciseSpec, text: string): number {
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.includes(text.slice(0, 30)));
  return (at === -1 ? lines.findIndex((line) => line.includes(`'${exercise.id}'`)) : at) + 1;
}

/** The Korean and English hints of an exercise. */
function hintTexts(chapter: ChapterSpec, exercise: ExerciseSpec): Text[] {
  const file = `checker/manifest/${chapter.dir}.ts`;
  const source = readFileSync(join(REPO, file), 'utf8');
  return (['ko', 'en'] as const).map((lang) => ({ what: `hint.${lang}`, where: `${file}:${hintLine(source, exercise, exercise.hint[lang])}`, text: exercise.hint[lang], lang }));
}

/** The names of an exercise's tests in both languages, which the report lists under a failure. */
function testNames(chapter: ChapterSpec, exercise: ExerciseSpec): Text[] {
  const file = `checker/manifest/${chapter.dir}.ts`;
  const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
  return Object.entries(exercise.tests).flatMap(([en, ko]) => {
    const where = `${file}:${lines.findIndex((line) => line.includes(en)) + 1}`;
    return [{ what: 'test name.en', where, text: en, lang: 'en' as const }, { what: 'test name.ko', where, text: ko, lang: 'ko' as const }];
  });
}

/** What a lesson text is called in a finding. */
const LESSON = 'lesson before the reveal';

/** The committed lesson of a chapter in one language up to an exercise's reveal: what the learner has read when they make the prediction. */
function lessonText(chapter: ChapterSpec, exercise: ExerciseSpec, lang: Lang = 'ko'): Text {
  const file = lang === 'ko' ? 'README.md' : 'README.en.md';
  const readme = readFileSync(join(committedStarters(), chapter.dir, file), 'utf8');
  const { text, revealLine } = lessonBeforeReveal(readme, exercise.id);
  return { what: LESSON, where: `chapters/${chapter.dir}/${file}:1-${revealLine - 1}`, text, lang };
}

/** The lesson up to an exercise's reveal in every edition the chapter has: the Korean one, and the English one where it exists. */
function lessonTexts(chapter: ChapterSpec, exercise: ExerciseSpec): Text[] {
  const english = existsSync(join(committedStarters(), chapter.dir, 'README.en.md'));
  return [lessonText(chapter, exercise), ...(english ? [lessonText(chapter, exercise, 'en')] : [])];
}

/** The title of an exercise in both languages, which check and watch print on its line. */
function titleTexts(chapter: ChapterSpec, exercise: ExerciseSpec): Text[] {
  const file = `checker/manifest/${chapter.dir}.ts`;
  const source = readFileSync(join(REPO, file), 'utf8');
  return (['ko', 'en'] as const).map((lang) => ({ what: `title.${lang}`, where: `${file}:${hintLine(source, exercise, exercise.title[lang])}`, text: exercise.title[lang], lang }));
}

/** Every sentence a suite file writes, as texts. */
function sentencesOf(file: string): Text[] {
  return suiteSentences(file, readFileSync(join(REPO, file), 'utf8')).map((sentence: Sentence) => ({ what: `message.${sentence.lang}`, where: `${file}:${sentence.line}`, text: sentence.text, lang: sentence.lang }));
}

/** The suite files an exercise's messages come from: its own suite, its chapter's shared suite files, and _lib. */
function messageTexts(chapter: ChapterSpec, exercise: ExerciseSpec): Text[] {
  const shared = (dir: string): string[] => readdirSync(join(REPO, dir)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort().map((name) => `${dir}/${name}`);
  const files = [`checker/suites/${chapter.dir}/${exercise.suite}`, ...shared(`checker/suites/${chapter.dir}`), ...shared('checker/suites/_lib')];
  return files.flatMap(sentencesOf);
}

/**
 * Tokens a lesson may name before an exercise's reveal, by exercise, each with the reason it gives nothing away: a
 * message or method the exercise requires word for word, an API the lesson teaches for the whole chapter, the wrong
 * variant a prediction shows, or a printed result. Anything else the lesson names of a solution is a finding.
 */
const LESSON_MAY_NAME: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '01/1': {
    '도구 인자는 객체여야 한다.': 'the exercise requires this message word for word',
    '문서 이름만 전달해야 한다.': 'the exercise requires this message word for word',
  },
  '01/2': {
    '거부 검사:': 'the expected output prints it; the exercise makes the count in front of it true',
    '개 통과': 'the expected output prints it; the exercise makes the count in front of it true',
  },
  '01/3': {
    'JSON.parse': 'the chapter parses every message with it, from its first section',
    '{"jsonrpc": "2.0", "id": 1': 'the prediction\'s own example input; any string that is not JSON does',
    '거부 검사:': 'the expected output prints it (01/2 computes the count in front of it)',
    '개 통과': 'the expected output prints it (01/2 computes the count in front of it)',
  },
  '01/4': {
    'Object.hasOwn': 'the folded answer of 01/3 shows it, and the trap section teaches it for every JSON check',
  },
  '02/1': { 'client.nextId': 'the lesson describes the check the starter\'s main.ts already makes with it' },
  '02/2': { 'status만 지정해야 한다': 'the exercise requires this message word for word' },
  '02/4': { 'client.nextId': 'the lesson describes the check the starter\'s main.ts already makes with it' },
  '03/1': {
    ResourceTemplate: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    ProtocolErrorCode: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    'options.tasks': 'the exercise states where the tasks to count are',
    'z.string': 'the prediction shows the loose schema as the wrong variant; zod is how the SDK takes a schema',
    '문서 요약': 'the lesson\'s plain name for the tool; the suite demands a title, not this one',
  },
  '03/2': {
    ResourceTemplate: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    ProtocolErrorCode: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    registerResource: 'the lesson names the three registration methods and links docs/sdk.md, whose examples of them are folded',
    registerPrompt: 'the lesson names the three registration methods and links docs/sdk.md, whose examples of them are folded',
    'z.object': 'the prediction of 03/1 shows the loose schema as the wrong variant',
    'z.string': 'the prediction of 03/1 shows the loose schema as the wrong variant',
    '문서 요약': 'the lesson\'s plain name for the tool; the suite demands a title, not this one',
  },
  '03/4': {
    ResourceTemplate: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    ProtocolErrorCode: 'the lesson\'s package table names the SDK\'s exports, so an offline learner need not read .d.mts files (docs/sdk.md)',
    'options.tools': 'the exercise states where the approved tools are',
    'z.string': 'the prediction of 03/1 shows the loose schema as the wrong variant',
    '문서 요약': 'the lesson\'s plain name for the tool; the suite demands a title, not this one',
  },
  '03/5': { name: 'the parameter the starter\'s own signature shows' },
  '04/1': {
    'legs.legacy': "the starter builds both legs and the lesson names what exists; the exercise is deciding which requests go where",
  },
  '04/2': {
    isLegacyRequest: "04/1's folded text names the SDK's era test; 04/2's decision is the front door (path, Origin, method), not the era",
  },
};

/** Every finding of one exercise, written for the author who has to reword the text. */
function findings(chapter: ChapterSpec, exercise: ExerciseSpec, read: ExerciseTokens | undefined): { token: string; line: string }[] {
  const tokens = read?.tokens ?? [];
  const messages = read?.fallback === true ? [] : messageTexts(chapter, exercise);
  const texts = [todoText(chapter, exercise), ...lessonTexts(chapter, exercise), ...titleTexts(chapter, exercise), ...hintTexts(chapter, exercise), ...testNames(chapter, exercise), ...messages];
  const found: { token: string; line: string }[] = [];
  for (const text of texts) {
    for (const token of tokens) {
      if (!mentions(text.text, token, text.lang)) continue;
      if (text.what === LESSON && LESSON_MAY_NAME[exercise.id]?.[token.text] !== undefined) continue;
      found.push({ token: token.text, line: `${exercise.id} ${text.what} (${text.where}) names ${JSON.stringify(token.text)}, from ${token.from}` });
    }
  }
  return found;
}

describe.each(CHAPTERS.map((chapter) => [chapter.id, chapter] as const))('chapter %s', (_id, chapter) => {
  // Read from git before the chapter's tests, never while the file loads and its tests are listed.
  let tokens = new Map<string, ExerciseTokens>();
  beforeAll(() => {
    tokens = chapterTokens(chapter);
  });

  test.each(chapter.exercises.map((exercise) => [exercise.id, exercise] as const))('%s: no TODO, hint or message names the solution', (id, exercise) => {
    const found = findings(chapter, exercise, tokens.get(id));
    expect(found.map((finding) => finding.line), 'reword toward the concept and the place, never the code').toEqual([]);
  });
});

test('every token a lesson may name is still named there and is still a token of that exercise, so no allowance outlives its reason', () => {
  const stale: string[] = [];
  for (const chapter of CHAPTERS) {
    const tokens = chapterTokens(chapter);
    for (const exercise of chapter.exercises) {
      const lesson = lessonText(chapter, exercise);
      for (const allowed of Object.keys(LESSON_MAY_NAME[exercise.id] ?? {})) {
        const token = tokens.get(exercise.id)?.tokens.find((candidate) => candidate.text === allowed);
        if (token === undefined || !mentions(lesson.text, token, lesson.lang)) stale.push(`${exercise.id}: ${JSON.stringify(allowed)}`);
      }
    }
  }
  expect(stale, 'drop these from LESSON_MAY_NAME').toEqual([]);
});

/**
 * An exercise may have no token to look for only when its own hunk writes no code (02/3 deletes the lines that let a
 * response widen the allowlist): naming what to delete is naming the place, which a TODO may do. Every other exercise
 * must have tokens, or this test reads nothing.
 */
test('every exercise has distinctive tokens to look for, so the check is not empty', () => {
  for (const chapter of CHAPTERS) {
    const tokens = chapterTokens(chapter);
    const empty = chapter.exercises.filter((exercise) => {
      const read = tokens.get(exercise.id);
      return read === undefined || (read.tokens.length === 0 && !read.onlyDeletes);
    });
    expect(empty.map((exercise) => exercise.id), chapter.id).toEqual([]);
  }
});

test('the tokenizer reads every solution file', () => {
  for (const chapter of CHAPTERS) {
    for (const name of readdirSync(join(REPO, 'solutions', chapter.dir)).filter((file) => file.endsWith('.ts'))) {
      expect(codeTokens(name, readFileSync(join(REPO, 'solutions', chapter.dir, name), 'utf8')).length).toBeGreaterThan(0);
    }
  }
});

describe('predict first, in the code too', () => {
  const byId = new Map(CHAPTERS.flatMap((chapter) => chapter.exercises.map((exercise) => [exercise.id, { chapter, exercise }] as const)));

  test('every exercise with answers listed exists, so no list outlives its exercise', () => {
    expect(Object.keys(PREDICTION_ANSWERS).filter((id) => !byId.has(id))).toEqual([]);
  });

  test.each(Object.entries(PREDICTION_ANSWERS))('%s: no starter comment or identifier and no title states what its lesson asks to predict', (id, phrases) => {
    const { chapter, exercise } = byId.get(id)!;
    const found: string[] = [];
    const has = (text: string) => phrases.filter((phrase) => text.toLowerCase().includes(phrase.toLowerCase()));
    for (const [file, content] of starterFiles(chapter.dir)) {
      if (!file.endsWith('.ts')) continue;
      const source = content.toString('utf8');
      for (const { text, line } of commentLines(source)) for (const phrase of has(text)) found.push(`chapters/${chapter.dir}/${file}:${line} comment says "${phrase}"`);
      for (const token of codeTokens(file, source)) if (token.kind === 'name' || token.kind === 'path') for (const phrase of has(token.text)) found.push(`chapters/${chapter.dir}/${file}:${token.line} identifier ${token.text} says "${phrase}"`);
    }
    for (const lang of ['ko', 'en'] as const) for (const phrase of has(exercise.title[lang])) found.push(`checker/manifest/${chapter.dir}.ts title.${lang} says "${phrase}"`);
    expect(found).toEqual([]);
  });

  test('the check finds a phrase where one is written', () => {
    expect(commentLines("const a = 1; // 승인한 정의만\n/** the very definition\n * more */\nconst url = 'http://x';").map(({ text }) => text)).toEqual(['승인한 정의만', '/** the very definition', '* more */']);
  });
});

