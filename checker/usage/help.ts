import type { UsageError } from './command-line.ts';
import type { Lang } from './messages.ts';
import { usageWords } from './usage-words.ts';
import { COMMAND_LINES, optionRows } from './options.ts';
import type { HelpTopic } from './options.ts';

export type { HelpTopic };

/** A command's usage line, read from its row of COMMAND_LINES: how it is run, its operands, then each option with its placeholder, in brackets unless required. */
function usageLine(topic: HelpTopic): string {
  const { run, operands }: { run: string; operands?: string } = COMMAND_LINES[topic];
  const groups: { words: string[]; required: boolean }[] = [];
  for (const row of optionRows(topic)) {
    const words = row.value === undefined ? [row.name] : [row.name, row.value];
    const last = groups.at(-1);
    if (row.withPrevious && last) last.words.push(...words);
    else groups.push({ words, required: row.required });
  }
  const options = groups.map(({ words, required }) => (required ? words.join(' ') : `[${words.join(' ')}]`));
  return [run, ...(operands === undefined ? [] : [operands]), ...options].join(' ');
}

/** One usage line per command, starting with how it is run (`npm run NAME --` or `node --import tsx FILE`); option names are the same in both languages. */
export const USAGE_LINES: Readonly<Record<HelpTopic, string>> = Object.fromEntries((Object.keys(COMMAND_LINES) as HelpTopic[]).map((topic) => [topic, usageLine(topic)])) as Record<HelpTopic, string>;

/** What a command does, then one row per option it takes (--lang aside, which the footer explains), as its --help shows them. */
function aboutText(topic: HelpTopic, lang: Lang): string {
  const rows = optionRows(topic)
    .filter((row) => row.name !== '--lang')
    .map((row) => `${row.name}${row.value === undefined ? '' : ` ${row.value}`}  ${row.about[lang]}`);
  return [...COMMAND_LINES[topic].about[lang].split('\n'), ...rows].join('\n  ');
}

/** The command that prints a command's help: the start of its usage line, then --help. */
export function helpCommand(topic: HelpTopic): string {
  const [start] = /^(npm run \S+ --|node --import tsx \S+)/.exec(USAGE_LINES[topic]) ?? [USAGE_LINES[topic]];
  return `${start} --help`;
}

/** The --help text of a command (or of every checker command when none is named), in the chosen language. */
export function helpText(topic: HelpTopic | null, lang: Lang): string {
  const heading = usageWords(lang).usage;
  const topics: HelpTopic[] = topic ? [topic] : ['check', 'hint', 'watch', 'reset'];
  const blocks = topics.map((name) => `${USAGE_LINES[name]}\n  ${aboutText(name, lang)}`);
  const tail =
    lang === 'ko'
      ? '공통: --lang ko|en (기본 한국어, CHECKER_LANG=en도 된다), -h/--help 이 설명\n장 폴더 안에서 번호 없이 실행하면 check, hint, watch는 그 장만 본다.'
      : 'Common: --lang ko|en (Korean by default; CHECKER_LANG=en works too), -h/--help this text\nRun without an id inside a chapter folder, check, hint and watch take that chapter alone.';
  return `${heading}:\n${blocks.join('\n\n')}\n\n${tail}`;
}

/** The answer to a wrong command line: what was wrong, then the command's usage line (or every command's help) once. */
export function usageErrorText(error: UsageError, topic: HelpTopic | null, lang: Lang): string {
  const say = usageWords(lang);
  const usage = topic ? `${say.usage}:\n${USAGE_LINES[topic]}\n${say.moreHelp(helpCommand(topic))}` : helpText(null, lang);
  return `${error.say(say)}\n\n${usage}`;
}
