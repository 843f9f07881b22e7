import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Lang } from '../../usage/messages.ts';
import { STUDENT_CI, learnerText, studentReadme } from './edition-readme.ts';

/**
 * The paths of the course that stay with the instructor: the solutions, everything that only proves them (the
 * repository's own tests and their config, the mutation runner and the benchmarks read solutions/ and cannot run
 * without it), the maintainers' commands (commands/maintainer/: starters, edition, conformance), and the instructor's
 * side of grading: the class grader, the Gradescope autograder, the class workflow and the guides for instructors,
 * CI and maintainers.
 */
export const INSTRUCTOR_ONLY = [
  'solutions',
  'test',
  'vitest.config.ts',
  'mutate',
  'bench',
  'BENCHMARKS.md',
  'checker/class',
  'checker/gradescope',
  'checker/commands/maintainer',
  'gradescope',
  '.github/workflows/grade-class.yml',
  'docs/instructors.md',
  'docs/maintainers.md',
  'docs/ci.md',
  'docs/instructors',
  'docs/maintainers',
  'docs/ci',
] as const;

/** The package.json scripts that need an instructor-only path or serve the instructor alone, left out of the edition. */
export const INSTRUCTOR_SCRIPTS = ['bench', 'bench:tests', 'mutate', 'grade', 'grade:diff', 'grade:merge', 'edition', 'starters', 'conformance', 'test:unit'] as const;

/** The kept files whose text the edition rewrites for a learner (learnerText): the lessons, the glossary and the SDK notes. */
const LEARNER_TEXTS = /\.md$/;

/**
 * The edition's `npm test`: the learner's own check. The repository's tests prove the solutions and stay with the
 * instructor; a learner's tests are the public suites, which `npm run check` runs.
 */
export const EDITION_TEST_SCRIPT = 'npm run check';

/** Runs git in the repository and returns its output; throws with git's own words when it fails. */
function git(repo: string, args: readonly string[]): string {
  const ran = spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
  if (ran.status !== 0) throw new Error(`git ${args[0]} failed: ${ran.stderr.trim()}`);
  return ran.stdout;
}

/** What `writeEdition` wrote: the commit it was made from, the paths it left out, and the edition's own first commit. */
export interface Edition {
  commit: string;
  left_out: string[];
  /** The edition's first commit, on branch `main`: `reset` and the private suites' type check read the starters from it. */
  first_commit: string;
}

/** The branch the edition's first commit is on. */
export const EDITION_BRANCH = 'main';

/** Who commits the edition when git has no identity configured where it is written. */
const FALLBACK_IDENTITY = ['-c', 'user.name=MCP workshop', '-c', 'user.email=mcp-workshop@localhost'] as const;

/**
 * Writes the student edition of the repository's committed `HEAD` (git archive: never the working tree) into an
 * empty folder: without the instructor-only paths, with a package.json whose scripts need none of them, and with a
 * README that says which tests are public and which are the instructor's; then makes it a git repository with one
 * commit of all of it, ready to push, since `reset` restores the starters from the git history.
 */
export function writeEdition(repo: string, out: string, lang: Lang = 'ko'): Edition {
  const commit = git(repo, ['rev-parse', '--verify', 'HEAD^{commit}']).trim();
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-edition-'));
  try {
    const tar = join(scratch, 'edition.tar');
    git(repo, ['archive', '--format=tar', `--output=${tar}`, commit, '--', '.', ...INSTRUCTOR_ONLY.map((path) => `:(exclude)${path}`)]);
    const untar = spawnSync('tar', ['-x', '--no-same-owner', '-f', tar, '-C', out], { stdio: ['ignore', 'ignore', 'pipe'] });
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString('utf8')}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const packageFile = join(out, 'package.json');
  const pkg = JSON.parse(readFileSync(packageFile, 'utf8')) as { scripts: Record<string, string> };
  for (const name of INSTRUCTOR_SCRIPTS) delete pkg.scripts[name];
  pkg.scripts['test'] = EDITION_TEST_SCRIPT;
  writeFileSync(packageFile, `${JSON.stringify(pkg, null, 2)}\n`);
  // Written for a learner: the README, .ci/run, the TypeScript project (no instructor-only folder), every other text.
  const readme = join(out, 'README.md');
  writeFileSync(readme, studentReadme(readFileSync(readme, 'utf8'), editionNote(lang)));
  writeFileSync(join(out, '.ci', 'run'), STUDENT_CI, { mode: 0o755 });
  const tsconfigFile = join(out, 'tsconfig.json');
  const tsconfig = JSON.parse(readFileSync(tsconfigFile, 'utf8')) as { include: string[] };
  tsconfig.include = tsconfig.include.filter((pattern) => !INSTRUCTOR_ONLY.some((path) => pattern.startsWith(`${path}/`)));
  writeFileSync(tsconfigFile, `${JSON.stringify(tsconfig, null, 2)}\n`);
  const startersFile = join(out, 'checker', 'starters.json');
  const starters = JSON.parse(readFileSync(startersFile, 'utf8')) as Record<string, Record<string, string>>;
  for (const entry of readdirSync(out, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || file === readme || !LEARNER_TEXTS.test(entry.name) || file.includes('/node_modules/')) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = learnerText(text);
    if (rewritten === text) continue;
    writeFileSync(file, rewritten);
    // A lesson rewritten is the edition's starter: `reset` restores the blob starters.json names, so it names this one.
    const [top, chapter, ...rest] = relative(out, file).split(sep);
    if (top === 'chapters' && chapter && starters[chapter]?.[rest.join('/')] !== undefined) starters[chapter]![rest.join('/')] = git(out, ['hash-object', '--', file]).trim();
  }
  writeFileSync(startersFile, `${JSON.stringify(starters, null, 2)}\n`);
  const left_out = INSTRUCTOR_ONLY.filter((path) => !existsSync(join(out, path)));
  return { commit, left_out, first_commit: commitEdition(out, commit) };
}

/** Makes the written edition a git repository whose first commit holds all of it; returns that commit. */
function commitEdition(out: string, from: string): string {
  git(out, ['init', '-q', '-b', EDITION_BRANCH]);
  // The instructor's own identity when git has one here, else the course's, so the edition is committed either way.
  const named = ['user.name', 'user.email'].every((key) => spawnSync('git', ['-C', out, 'config', key], { encoding: 'utf8' }).stdout.trim() !== '');
  git(out, ['add', '-A']);
  git(out, [...(named ? [] : FALLBACK_IDENTITY), 'commit', '-q', '--no-verify', '-m', `Student edition of the course at ${from.slice(0, 12)}`]);
  return git(out, ['rev-parse', '--verify', 'HEAD^{commit}']).trim();
}

/** The README section of the edition: the public tests and the hidden ones; both languages. */
export function editionNote(first: Lang): string {
  const ko = [
    '## 이 저장소의 테스트',
    '',
    '이 저장소는 수업에서 나눠 주는 학생용이다. 연습은 `chapters/`에서 풀고 `npm run check`로 채점한다.',
    '',
    '| 테스트 | 어디에 | 누가 돌리나 |',
    '| --- | --- | --- |',
    '| 공개 테스트 | `checker/suites/` | 학습자가 `npm run check`(`npm test`)로 언제든 |',
    '| 비공개 테스트 | 강사만 가진 폴더(이 저장소에 없다) | 강사가 채점할 때 공개 테스트에 더해(`--suites`) |',
    '',
    '공개 테스트를 모두 통과해도 비공개 테스트에서 점수를 잃을 수 있다. 테스트가 아니라 연습의 규칙을 지키자.',
    '',
  ];
  const en = [
    '## The tests in this repository',
    '',
    'This is the student edition a class hands out: solve the exercises in `chapters/` and grade them with `npm run check`.',
    '',
    '| Tests | Where | Who runs them |',
    '| --- | --- | --- |',
    '| Public | `checker/suites/` | You, any time, with `npm run check` (`npm test`) |',
    '| Private | A folder only your instructor has (not in this repository) | Your instructor, when grading, on top of the public ones (`--suites`) |',
    '',
    'Passing every public test does not promise full marks from the private ones: follow each exercise\'s rule, not the tests.',
    '',
  ];
  return [...(first === 'en' ? [en, ko] : [ko, en])].flat().join('\n');
}
