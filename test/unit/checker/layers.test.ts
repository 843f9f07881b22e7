import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { importCircles, relativeSpecifiers } from '../../support/import-graph.ts';

const REPO = resolve(import.meta.dirname, '..', '..', '..');
const CHECKER = join(REPO, 'checker');

/** Every TypeScript module of the checker (hidden suites aside), with its text and the checker files it imports, relative to checker/. */
function modules(): { file: string; text: string; imports: string[] }[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? (entry.name === 'suites' ? [] : walk(join(dir, entry.name))) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
    );
  return walk(CHECKER).map((path) => {
    const text = readFileSync(path, 'utf8');
    const specs = relativeSpecifiers(text);
    return { file: relative(CHECKER, path), text, imports: specs.map((spec) => relative(CHECKER, resolve(join(CHECKER, relative(CHECKER, path), '..'), spec))) };
  });
}

/** The folders whose rooms are layers of their own: commands/ is split by audience (learner/, mcp-tools/, maintainer/). */
const SPLIT = ['commands'];

/** A module's folder under checker/ (`.` for the entry points at its top; `commands/learner` for a room of a split folder). */
function folder(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return '.';
  return SPLIT.includes(parts[0]!) && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/**
 * Which folder may import which, lowest first: a folder imports only from folders below it (and the hidden
 * suites' shared helpers, `suites/_lib`, which everything may use). The commands are split by audience: the MCP
 * tools (serve, inspect, hosts, host, auth-server) sit lowest, since the maintainers' conformance run starts the same
 * HTTP chapter; the learner's and the maintainers' commands never import each other. Above them the signed check
 * (`npm run check` with a signed report) and the one launcher that starts it; above that Gradescope's home, which
 * the class gradebook uses too (npm run grade writes Gradescope results). The graders at the top (the class
 * gradebook, pull-request grading) never import each other.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['manifest'],
  ['usage'],
  ['report'],
  ['course'],
  ['trust'],
  ['runner'],
  ['grading', 'host'],
  ['commands/mcp-tools'],
  ['commands/learner', 'commands/maintainer'],
  ['signed'],
  ['gradescope'],
  ['class', 'pr'],
  ['.'],
];

function rank(name: string): number {
  const index = LAYERS.findIndex((layer) => layer.includes(name));
  if (index < 0) throw new Error(`checker/${name}/ is in no layer of LAYERS: add it where it belongs`);
  return index;
}

test('each folder imports only from the folders below it, and the three graders never import each other', () => {
  const wrong = modules().flatMap(({ file, imports }) =>
    imports
      .filter((target) => !target.startsWith('suites/_lib/'))
      .filter((target) => folder(target) !== folder(file) && rank(folder(target)) >= rank(folder(file)))
      .map((target) => `${file} → ${target}`),
  );
  expect(wrong).toEqual([]);
});

/** The one way into grading/ from another folder: its index.ts, which re-exports by name what the other folders use. */
const GRADING_DOOR = 'grading/index.ts';

/** The names an export or import statement lists between its braces (`type` markers and `as` renames dropped to the exported name). */
function braced(list: string): string[] {
  return list.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean);
}

test('graders come in through one door: outside grading/ (hidden suites aside), a module imports grading/ only through grading/index.ts', () => {
  const all = modules();
  const sideDoors = all.flatMap(({ file, imports }) =>
    folder(file) === 'grading' ? [] : imports.filter((target) => folder(target) === 'grading' && target !== GRADING_DOOR).map((target) => `${file} → ${target}`),
  );
  expect(sideDoors).toEqual([]);
  // The door re-exports grading's own modules by name, and no module of grading/ goes out and back in through it.
  const door = all.find(({ file }) => file === GRADING_DOOR);
  expect(door, GRADING_DOOR).toBeDefined();
  expect(door!.text).not.toMatch(/\bexport \*/);
  expect(door!.imports.filter((target) => folder(target) !== 'grading')).toEqual([]);
  expect(all.filter(({ file, imports }) => file !== GRADING_DOOR && folder(file) === 'grading' && imports.includes(GRADING_DOOR)).map(({ file }) => file)).toEqual([]);
  // It opens exactly onto what the other folders use: a name nobody imports any more is taken out of it.
  const offered = [...door!.text.matchAll(/^export (?:type )?\{([^}]*)\} from '\.\/[^']+'/gm)].flatMap((match) => braced(match[1]!));
  const used = all
    .filter(({ file }) => folder(file) !== 'grading')
    .flatMap(({ text }) => [...text.matchAll(/^import (?:type )?\{([^}]*)\} from '(?:\.\.\/)+grading\/index\.ts'/gm)].flatMap((match) => braced(match[1]!)));
  expect([...new Set(offered)].sort()).toEqual([...new Set(used)].sort());
});

test('no module of the checker imports itself back: the import graph has no circle', () => {
  const all = modules();
  const edges = new Map(all.map(({ file, imports }) => [file, imports.filter((target) => !target.startsWith('suites/'))]));
  expect(importCircles(edges)).toEqual([]);
});

test('grading knowledge written once: one isInside (real paths, trust/confine.ts) and one reweight (report/build.ts)', () => {
  const all = modules();
  const defining = (name: string) => all.filter(({ text }) => new RegExp(`\\bfunction ${name}\\(`).test(text)).map(({ file }) => file);
  expect(defining('isInside')).toEqual(['trust/confine.ts']);
  expect(defining('reweight')).toEqual(['report/build.ts']);
});

test('grade:pr and Gradescope start the signed check through one launcher, signed/launch.ts', () => {
  const starters = modules().filter(({ file, text }) => file !== 'signed/signed-check.ts' && /'signed-check\.ts'/.test(text)).map(({ file }) => file);
  expect(starters).toEqual(['signed/launch.ts']);
  const launching = modules().filter(({ imports }) => imports.includes('signed/launch.ts')).map(({ file }) => file).sort();
  expect(launching).toEqual(['gradescope/cli.ts', 'pr/grade-pr.ts']);
});

test('the check finds imports at all', () => {
  const grade = modules().find(({ file }) => file === 'grading/grade.ts');
  expect(grade?.imports).toContain('grading/score.ts');
  expect(grade?.imports).toContain('runner/suite-runner.ts');
});

/** The entry points: the files at the top of checker/, commands/ and its rooms, the signed check, and the `cli.ts` and `*-cli.ts` files of class/, pr/ and gradescope/. */
function isEntryPoint(file: string): boolean {
  return folder(file) === '.' || folder(file).startsWith('commands') || file === 'signed/signed-check.ts' || /^(class|pr|gradescope)\/([^/]+-)?cli\.ts$/.test(file);
}

test('only the entry points fix the course: no other module imports course/current.ts or reads the course root at module level', () => {
  const all = modules();
  const importers = all.filter(({ imports }) => imports.includes('course/current.ts'));
  expect(importers.map(({ file }) => file)).toContain('commands/learner/check.ts');
  expect(importers.filter(({ file }) => !isEntryPoint(file)).map(({ file }) => file)).toEqual([]);
  // A top-level declaration that asks for the course root fixes it when the module is imported; functions ask when called.
  const atImport = /^(?:export )?(?:const|let|var)\b[^\n]*currentCourseRoot\(/m;
  expect(all.filter(({ file, text }) => file !== 'course/current.ts' && atImport.test(text)).map(({ file }) => file)).toEqual([]);
  expect(atImport.test(all.find(({ file }) => file === 'course/current.ts')!.text)).toBe(true);
});

test("docs/maintainers/layout.md's map of checker/ names exactly its folders and entry points, in both languages", () => {
  const doc = readFileSync(join(REPO, 'docs', 'maintainers', 'layout.md'), 'utf8');
  const folders = readdirSync(CHECKER, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `checker/${entry.name}/`);
  const tops = readdirSync(CHECKER, { withFileTypes: true }).filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name)).map((entry) => `checker/${entry.name}`);
  // The class grader's code has a folder per job (finding submissions, writing gradebooks, reviewing them): each is named too.
  // So has commands/, by audience.
  const rooms = ['class', ...SPLIT].flatMap((name) => readdirSync(join(CHECKER, name), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `checker/${name}/${entry.name}/`));
  expect(rooms.length).toBeGreaterThan(3);
  for (const heading of ['## 채점기 구성', '## Checker layout']) {
    const start = doc.indexOf(heading);
    expect(start, heading).toBeGreaterThan(-1);
    const table = doc.slice(start).split('\n\n').find((block) => block.startsWith('|'))!;
    const named = [...table.matchAll(/`(checker\/[^`]+)`/g)].map((match) => match[1]!).sort();
    expect(named, heading).toEqual([...folders, ...rooms, ...tops].sort());
  }
});
