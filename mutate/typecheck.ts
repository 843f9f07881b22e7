import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createScratch } from '../checker/grading/scratch.ts';
import { REPO_ROOT } from '../checker/course/files.ts';
import { tscBinary, typecheck } from '../checker/grading/typecheck.ts';

/** A mutated solution file to type-check: the chapter folder, the file inside it and its mutated text. */
interface MutatedFile {
  chapterDir: string;
  file: string;
  text: string;
}

/**
 * Type-checks each mutated file with the checker's own tsc settings, one copy of its chapter per mutant, all in one
 * tsc run. Returns, for each input, whether tsc reported an error: the checker never grades such a program.
 */
export async function failsTypecheck(mutants: readonly MutatedFile[]): Promise<boolean[]> {
  if (mutants.length === 0) return [];
  const scratch = createScratch();
  try {
    mutants.forEach((mutant, index) => {
      const dir = join(scratch.root, `t${index}`, 'chapters', mutant.chapterDir);
      mkdirSync(dir, { recursive: true });
      cpSync(join(REPO_ROOT, 'solutions', mutant.chapterDir), dir, { recursive: true });
      writeFileSync(join(dir, mutant.file), mutant.text);
    });
    const checked = await typecheck(scratch.root, tscBinary(REPO_ROOT));
    // Without tsc's whole answer no mutant can be called type-correct or not.
    if (checked.failed) throw new Error(`the type check of the surviving mutants gave no answer (${checked.failed.reason})`);
    const failing = new Set(checked.problems.map((problem) => relative(scratch.root, problem.file).split(sep)[0]));
    return mutants.map((_, index) => failing.has(`t${index}`));
  } finally {
    scratch.dispose();
  }
}

/** The text of a file with one mutant applied (1-based lines and columns, end exclusive). */
export function applyMutant(lines: readonly string[], location: { start: { line: number; column: number }; end: { line: number; column: number } }, replacement: string): string {
  const before = [...lines.slice(0, location.start.line - 1), (lines[location.start.line - 1] ?? '').slice(0, location.start.column - 1)].join('\n');
  const after = [(lines[location.end.line - 1] ?? '').slice(location.end.column - 1), ...lines.slice(location.end.line)].join('\n');
  return `${before}${replacement}${after}`;
}
