import { existsSync, watch } from 'node:fs';
import type { Args } from './args.ts';
import { GradingSession } from '../grade.ts';
import { messages } from '../i18n.ts';
import { buildReport } from '../points.ts';
import { CHAPTERS } from '../course.ts';
import type { Report } from '../report.ts';
import { chapterFolder, gradedTarget } from '../target.ts';
import { renderText } from '../text-report.ts';
import { pickExercises, targetUsable } from './check.ts';

/** How long to wait after a save before checking, so an editor's burst of writes counts once. */
const SETTLE_MS = 10;

/**
 * `npm run watch`: checks once, then on every save re-checks first the exercises whose TODO is in the
 * saved file (the quick answer to "did my edit work?"), then the rest of that chapter, until Ctrl+C.
 */
export async function runWatch(args: Args): Promise<number> {
  const selected = pickExercises(args);
  if (!selected || !targetUsable(args)) return 2;
  const say = messages(args.lang);
  const target = gradedTarget(args.target, CHAPTERS);
  const session = await GradingSession.open([{ learner: target }], { lang: args.lang, timeoutMs: args.timeoutMs, chapters: CHAPTERS, watchTypes: true });
  const [first] = await session.grade(selected);
  if (first) console.log(renderText(first));

  const saved = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  const recheck = async () => {
    const files = [...saved];
    saved.clear();
    const started = Date.now();
    const chapters = CHAPTERS.filter((chapter) => files.some((file) => file.startsWith(`${chapter.dir}/`)));
    for (const chapter of chapters) session.refresh(chapter);
    const inChapters = selected.filter((entry) => chapters.includes(entry.chapter));
    const edited = inChapters.filter(({ chapter, exercise }) => files.includes(`${chapter.dir}/${exercise.todo.file}`));
    const quick = edited.length > 0 ? edited : inChapters;
    const [quickReport] = await session.grade(quick);
    if (!quickReport) return;
    console.log(`\n${quickLines(quickReport)}\n${say.rechecked(Date.now() - started)}`);
    const rest = inChapters.filter((entry) => !quick.includes(entry));
    const [restReport] = rest.length > 0 ? await session.grade(rest) : [];
    console.log(`\n${renderText(restReport ? merge(quickReport, restReport) : quickReport)}\n`);
  };
  const onSave = (file: string) => {
    if (!file.endsWith('.ts')) return;
    saved.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(recheck, recheck);
    }, SETTLE_MS);
  };
  // One plain watch per chapter folder: Node 20's recursive watch on Linux stops reporting a file once an
  // editor saves it by writing a new file and renaming it over the old one; a folder watch sees every save.
  for (const chapter of CHAPTERS.filter((known) => selected.some((entry) => entry.chapter === known))) {
    const dir = chapterFolder(target, chapter);
    if (existsSync(dir)) watch(dir, (_event, name) => onSave(`${chapter.dir}/${String(name ?? '')}`));
  }
  // Only now, with every folder watched, is a save certain to be seen: say so last.
  console.log(`\n${say.watching(args.target)}`);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  await session.close();
  return 0;
}

/** One line per exercise: the quick answer printed before the full report. */
function quickLines(report: Report): string {
  const say = messages(report.lang);
  return report.exercises.map((exercise) => `${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`).join('\n');
}

/** Joins two reports of the same folder into one, exercises in course order. */
function merge(a: Report, b: Report): Report {
  const order = CHAPTERS.flatMap((chapter) => chapter.exercises.map((exercise) => exercise.id));
  const exercises = [...a.exercises, ...b.exercises].sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
  return buildReport({ target: a.target, lang: a.lang, exercises, type_errors: a.type_errors });
}

