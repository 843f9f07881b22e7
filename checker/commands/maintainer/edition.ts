import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../../course/files.ts';
import { EDITION_BRANCH, writeEdition } from './edition-tree.ts';
import { UsageError, langOption, readOptions } from '../../usage/command-line.ts';
import type { Lang } from '../../usage/messages.ts';
import { readCommandLine } from '../../usage/prologue.ts';

/** `npm run edition -- --out DIR`: writes the student edition of the committed HEAD into an empty folder, as a git repository with one commit. */

const WORDS = {
  ko: {
    outRequired: '--out DIR: 학생용 저장소를 쓸 빈 폴더(또는 아직 없는 폴더)를 적어라.',
    notEmpty: (dir: string) => `--out ${dir}: 비어 있지 않은 폴더에는 쓰지 않는다. 빈 폴더나 새 이름을 적어라.`,
    inside: (dir: string) => `--out ${dir}: 이 저장소 안에는 쓰지 않는다. 저장소 밖의 폴더를 적어라.`,
    wrote: (dir: string, commit: string, left: string, first: string) => `학생용 저장소를 썼다: ${dir} (커밋 ${commit.slice(0, 12)}에서, 뺀 것: ${left})\ngit 저장소로 만들고 첫 커밋(${first.slice(0, 12)}, 브랜치 ${EDITION_BRANCH})을 했다. 다음: git -C ${dir} remote add origin <학생에게 나눠 줄 저장소의 주소> && git -C ${dir} push -u origin ${EDITION_BRANCH}`,
  },
  en: {
    outRequired: '--out DIR: name an empty (or not yet existing) folder to write the student edition to.',
    notEmpty: (dir: string) => `--out ${dir}: the folder is not empty, so nothing was written. Name an empty folder or a new one.`,
    inside: (dir: string) => `--out ${dir}: the edition is never written inside this repository. Name a folder outside it.`,
    wrote: (dir: string, commit: string, left: string, first: string) => `Wrote the student edition: ${dir} (from commit ${commit.slice(0, 12)}, left out: ${left})\nIt is a git repository with one commit, ${first.slice(0, 12)}, on branch ${EDITION_BRANCH}. Next: git -C ${dir} remote add origin <URL of the repository students get> && git -C ${dir} push -u origin ${EDITION_BRANCH}`,
  },
} as const;

/** Reads `--out DIR [--lang ko|en]`; throws UsageError when --out is missing, not empty, or inside the repository. */
function parse(argv: readonly string[]): { out: string; lang: Lang } {
  const { positional, values } = readOptions('edition', argv);
  const lang = langOption(values['--lang']);
  const extra = positional[0];
  if (extra !== undefined) throw new UsageError((say) => say.unexpectedArgument(extra));
  const named = values['--out'];
  if (!named) throw new UsageError(() => WORDS[lang].outRequired);
  const out = resolve(named);
  if (out === REPO_ROOT || out.startsWith(`${REPO_ROOT}/`)) throw new UsageError(() => WORDS[lang].inside(named));
  if (existsSync(out) && readdirSync(out).length > 0) throw new UsageError(() => WORDS[lang].notEmpty(named));
  return { out, lang };
}

/** Entry point: 0 once the edition is written or --help answered, 2 on a usage error. */
function main(argv: readonly string[]): number {
  const line = readCommandLine(argv, 'edition', parse);
  if (line.exitCode !== undefined) return line.exitCode;
  const { out, lang } = line.args;
  const edition = writeEdition(REPO_ROOT, out, lang);
  console.log(WORDS[lang].wrote(out, edition.commit, edition.left_out.join(', '), edition.first_commit));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
