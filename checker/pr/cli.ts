import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readCommandLine, usageFailure } from '../usage/prologue.ts';
import { UsageError } from '../usage/command-line.ts';
import { allExercises } from '../course/course.ts';
import { CHAPTERS } from '../course/current.ts';
import { assignmentGrading, readClassConfig } from '../course/class-file.ts';
import type { AssignmentGrading } from '../course/class-file.ts';
import { parsePrArgs } from './args.ts';
import { gradePullRequest } from './grade-pr.ts';
import { prWords } from './words.ts';

/** `npm run grade:pr`: grades the head's chapters/ with the base's checker; exit code as check (0 pass, 1 fail, 2 error). */
async function main(argv: readonly string[]): Promise<number> {
  const line = readCommandLine(argv, 'grade:pr', (words) => parsePrArgs(words));
  if (line.exitCode !== undefined) return line.exitCode;
  const parsed = line.args;
  const say = prWords(parsed.lang);
  // The class file is the trusted checkout's (the runner's), never the head's: it names the assignment's exercises and points.
  let assignment: AssignmentGrading | undefined;
  try {
    if (parsed.config && parsed.assignment) {
      const config = readClassConfig(parsed.config, allExercises(CHAPTERS));
      assignment = assignmentGrading(config, parsed.assignment);
      const name = parsed.assignment;
      if (!assignment) throw new UsageError(() => say.noAssignment(name, [...config.assignments.keys()].join(', ') || '–'));
    }
  } catch (error) {
    return usageFailure(error, 'grade:pr', parsed.lang);
  }
  let result;
  try {
    result = await gradePullRequest({
      repo: parsed.repo,
      base: parsed.base,
      head: parsed.head,
      lang: parsed.lang,
      timeoutMs: parsed.timeoutMs,
      chapters: CHAPTERS,
      ...(parsed.runAs ? { runAs: parsed.runAs } : {}),
      ...(assignment ? { assignment } : {}),
      ...(parsed.suites ? { suites: parsed.suites } : {}),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const { report } = result;
  if (!report) {
    console.error(result.forged ? say.forgedReport : say.noReport);
    return 2;
  }
  const write = (file: string | undefined, text: string) => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(say.wrote(file));
  };
  write(parsed.json, `${JSON.stringify(report, null, 2)}\n`);
  if (result.junit) write(parsed.junit, result.junit);
  if (report.assignment) console.log(`\n${say.assignmentHeading(report.assignment.name)}`);
  console.log(`\n${say.prScore(report.score, report.max_score, `${report.tests_passed}/${report.tests_total}`)}`);
  if (report.tampered.length > 0) {
    const lines = [say.tampered(report.tampered.length), ...report.tampered.map((path) => `  - ${JSON.stringify(path)}`)];
    console.log(`\n${lines.join('\n')}`);
  }
  return result.exitCode;
}

process.exitCode = await main(process.argv.slice(2));
