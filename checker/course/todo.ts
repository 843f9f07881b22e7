import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a TODO marker stands: the file (as the learner names it) and its 1-based line. */
export interface TodoLocation {
  file: string;
  line: number | null;
}

/** Finds the line of a marker such as `TODO(01/3)` in a chapter file; null once the learner has removed it. */
export function findTodo(chapterDir: string, shownDir: string, file: string, marker: string): TodoLocation {
  const path = join(chapterDir, file);
  const shown = join(shownDir, file);
  if (!existsSync(path)) return { file: shown, line: null };
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  return { file: shown, line: index === -1 ? null : index + 1 };
}

/** `file:line`, or just the file when the marker is gone. */
export function formatLocation(location: TodoLocation): string {
  return location.line === null ? location.file : `${location.file}:${location.line}`;
}
