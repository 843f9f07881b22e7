import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChapterSpec } from '../checker/manifest/types.ts';
import { REPO_ROOT, listFiles } from '../checker/course/files.ts';
import { starterFiles } from '../checker/course/starters.ts';

/** A run of solution lines that differ from the starter, and the exercise whose TODO sat in it (if any). */
export interface Hunk {
  /** File inside solutions/, such as `01-mini-mcp/server.ts`. */
  file: string;
  /** First and last solution line of the hunk, 1-based and inclusive. */
  from: number;
  to: number;
  /** The starter lines it replaces, 1-based and inclusive; `starterFrom > starterTo` when it only adds lines. */
  starterFrom: number;
  starterTo: number;
  /** The exercise id whose TODO marker the starter side of this hunk held. */
  exercise?: string;
}

/** The lines a learner writes: every hunk where a chapter's solution differs from its committed starter (never the working tree's chapters/). */
export function learnerHunks(chapters: readonly ChapterSpec[]): Hunk[] {
  const hunks: Hunk[] = [];
  for (const chapter of chapters) {
    const starters = starterFiles(chapter.dir);
    const solutions = join(REPO_ROOT, 'solutions', chapter.dir);
    for (const path of listFiles(solutions).filter((name) => name.endsWith('.ts')).sort()) {
      const name = path.slice(solutions.length + 1);
      const starter = starters.get(name)?.toString('utf8').split('\n') ?? [];
      const solution = readFileSync(path, 'utf8').split('\n');
      for (const hunk of diffHunks(starter, solution)) {
        const removed = starter.slice(hunk.starterFrom, hunk.starterTo).join('\n');
        const owner = chapter.exercises.find((exercise) => exercise.todo.file === name && removed.includes(exercise.todo.marker));
        // A hunk that only deletes starter lines has no solution line; it is kept on the line after it.
        const from = hunk.solutionFrom + 1;
        const to = Math.max(from, hunk.solutionTo);
        const starterLines = { starterFrom: hunk.starterFrom + 1, starterTo: hunk.starterTo };
        hunks.push({ file: `${chapter.dir}/${name}`, from, to, ...starterLines, ...(owner ? { exercise: owner.id } : {}) });
      }
    }
  }
  return hunks;
}

/** True when the 1-based line range [from, to] of the file touches a learner hunk. */
export function touchesHunk(hunks: readonly Hunk[], file: string, from: number, to: number): Hunk | undefined {
  return hunks.find((hunk) => hunk.file === file && hunk.from <= to && from <= hunk.to);
}

interface RawHunk {
  starterFrom: number;
  starterTo: number;
  solutionFrom: number;
  solutionTo: number;
}

/** Differing line runs between two texts (0-based, end-exclusive), by a longest-common-subsequence table. */
export function diffHunks(before: readonly string[], after: readonly string[]): RawHunk[] {
  const rows = before.length + 1;
  const cols = after.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      table[i * cols + j] = before[i] === after[j]
        ? table[(i + 1) * cols + j + 1]! + 1
        : Math.max(table[(i + 1) * cols + j]!, table[i * cols + j + 1]!);
    }
  }
  const hunks: RawHunk[] = [];
  let i = 0;
  let j = 0;
  let open: RawHunk | null = null;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      if (open) hunks.push(open);
      open = null;
      i += 1;
      j += 1;
      continue;
    }
    open ??= { starterFrom: i, starterTo: i, solutionFrom: j, solutionTo: j };
    if (j < after.length && (i >= before.length || table[i * cols + j + 1]! >= table[(i + 1) * cols + j]!)) {
      j += 1;
      open.solutionTo = j;
    } else {
      i += 1;
      open.starterTo = i;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}
