import { readFileSync, writeFileSync } from 'node:fs';
import { gradeFolders } from '../../checker/grading/grade.ts';
import { CHAPTERS } from '../../checker/course/current.ts';
import { selectExercises } from '../../checker/course/course.ts';
import type { Report } from '../../checker/report/shape.ts';
import { gradedTarget } from '../../checker/grading/target.ts';
import { GRADING_TIMEOUT } from './run.ts';

/** One folder to grade and the exercise ids to grade in it. */
export interface PlanEntry {
  label: string;
  dir: string;
  ids: string[];
}

/**
 * Test aid: grades many folders with few vitest runs (one per distinct selection) and writes
 * `{label: Report}` as JSON. Usage: node --import tsx test/support/grade-many.ts PLAN.json OUT.json
 */
async function main(planFile: string, outFile: string): Promise<void> {
  const plan = JSON.parse(readFileSync(planFile, 'utf8')) as PlanEntry[];
  const groups = new Map<string, PlanEntry[]>();
  for (const entry of plan) groups.set(entry.ids.join(','), [...(groups.get(entry.ids.join(',')) ?? []), entry]);
  const reports: Record<string, Report> = {};
  for (const entries of groups.values()) {
    const { selected } = selectExercises(entries[0]!.ids, CHAPTERS);
    const graded = await gradeFolders(entries.map((entry) => ({ learner: gradedTarget(entry.dir, CHAPTERS) })), selected, { lang: 'en', timeoutMs: Number(GRADING_TIMEOUT) * 1000, chapters: CHAPTERS });
    entries.forEach((entry, index) => {
      reports[entry.label] = graded[index]!;
    });
  }
  writeFileSync(outFile, JSON.stringify(reports));
}

await main(process.argv[2]!, process.argv[3]!);
// vitest marks the process failed when graded tests fail; for this aid that is the expected outcome.
process.exitCode = 0;
