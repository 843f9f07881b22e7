import { existsSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import type { Args } from './args.ts';
import { GradingSession } from '../../grading/index.ts';
import { chapterFolder, gradedTarget } from '../../course/target.ts';
import { STATUS_MARK, messages } from '../../usage/messages.ts';
import { buildReport } from '../../report/build.ts';
import { CHAPTERS } from '../../course/current.ts';
import type { ExerciseReport, Report, TypeErrorReport } from '../../report/shape.ts';
import { courseOutline, pickExercises, targetUsable } from './check.ts';
import { focusOf, renderScreen } from './watch-screen.ts';
import { hashesOf, rememberResults } from '../../course/progress.ts';
import type { View } from './watch-screen.ts';
import type { Selected } from '../../course/course.ts';
import type { ChapterSpec } from '../../manifest/types.ts';
import type { GradedTarget } from '../../course/target.ts';

/** How long to wait after a save before checking, so an editor's burst of writes counts once. */
const SETTLE_MS = 10;

/** Clears a terminal and puts the cursor at the top left. */
const CLEAR = '\u001b[2J\u001b[H';

/** Separates two screens when the output is no terminal (a pipe, a log, TERM=dumb): plain text, no escape codes. */
const SEPARATOR = '='.repeat(72);

/** The view each key opens; pressing it again (or Enter, or Escape) goes back to the summary. */
const VIEW_KEYS: Record<string, View> = { h: 'hint', l: 'list', f: 'full' };

/** What the watch shows and how: the latest result of every selected exercise, the screen's state, and drawing it. */
class WatchScreen {
  readonly latest = new Map<string, ExerciseReport>();
  typeErrors: TypeErrorReport[] = [];
  shownTarget: string;
  readonly screen: { view: View; justChecked: ExerciseReport[]; prefer: string[]; status: string | null } = { view: 'summary', justChecked: [], prefer: [], status: null };
  stopped = false;
  /** Whether each screen replaces the last (a terminal that is not TERM=dumb). */
  readonly clears = Boolean(process.stdout.isTTY) && process.env['TERM'] !== 'dumb';
  /** Whether the keys h, l, f and q work (standard input is a terminal). */
  readonly keys = Boolean(process.stdin.isTTY);

  constructor(
    readonly args: Args,
    readonly selected: readonly Selected[],
    readonly watched: readonly ChapterSpec[],
    readonly target: GradedTarget,
  ) {
    this.shownTarget = args.target;
  }

  out(text: string): void {
    process.stdout.write(`${text}\n`);
  }

  /** Keeps a report's results as the latest, and remembers what passed for the files as they were hashed. */
  absorb(report: Report, hashes: ReadonlyMap<string, string>): void {
    for (const exercise of report.exercises) this.latest.set(exercise.id, exercise);
    rememberResults(this.target.chaptersDir, report.exercises, hashes);
    this.typeErrors = report.type_errors;
    this.shownTarget = report.target;
  }

  /** The whole selection as one report, from the latest result of each exercise. */
  state(): Report {
    return buildReport({
      target: this.shownTarget,
      lang: this.args.lang,
      exercises: this.selected.flatMap(({ exercise }) => this.latest.get(exercise.id) ?? []),
      type_errors: this.typeErrors,
    });
  }

  /** Draws the screen; without a terminal, a screen that only says "checking" is left out (the next one follows soon). */
  draw(final = true): void {
    if (this.stopped || this.latest.size === 0 || (!this.clears && !final)) return;
    const { args, watched } = this;
    const text = renderScreen({ report: this.state(), chapters: watched.map((chapter) => chapter.dir), target: args.target, keys: this.keys, course: courseOutline(CHAPTERS, args.target, args.lang), ...this.screen });
    this.out(this.clears ? `${CLEAR}${text}` : `\n${SEPARATOR}\n${text}`);
  }
}

/**
 * Checks again after the files were saved: first the exercise in focus when its TODO is in a saved file, else the
 * exercises whose TODO is there (the quick answer), then the rest of the saved files' chapters.
 */
async function recheck(view: WatchScreen, session: GradingSession, files: readonly string[]): Promise<void> {
  const say = messages(view.args.lang);
  const { screen } = view;
  const started = Date.now();
  const chapters = CHAPTERS.filter((chapter) => files.some((file) => file.startsWith(`${chapter.dir}/`)));
  const inChapters = view.selected.filter((entry) => chapters.includes(entry.chapter));
  if (inChapters.length === 0) return;
  screen.status = say.watchChecking;
  view.draw(false);
  for (const chapter of chapters) session.refresh(chapter);
  const edited = inChapters.filter(({ chapter, exercise }) => files.includes(`${chapter.dir}/${exercise.todo.file}`));
  // The exercise in focus comes first when the save touched its file: one exercise, the answer to "did my edit work?".
  const focus = focusOf(view.state(), chapters.map((chapter) => chapter.id));
  const focused = edited.filter(({ exercise }) => exercise.id === focus?.id);
  const quick = focused.length > 0 ? focused : edited.length > 0 ? edited : inChapters;
  const rest = inChapters.filter((entry) => !quick.includes(entry));
  const hashes = hashesOf(view.target.chaptersDir, chapters);
  const [quickReport] = await session.grade(quick);
  if (!quickReport || view.stopped) return;
  view.absorb(quickReport, hashes);
  const quickMs = Date.now() - started;
  Object.assign(screen, { justChecked: quickReport.exercises, prefer: chapters.map((chapter) => chapter.id) });
  // The quick answer: on a terminal as a screen of its own, elsewhere as plain lines before the full screen.
  if (!view.clears) view.out(`\n${quickReport.exercises.map((exercise) => `${STATUS_MARK[exercise.status]} ${exercise.id} ${exercise.title} — ${say.status[exercise.status]}`).join('\n')}\n${say.rechecked(quickMs)}`);
  screen.status = rest.length > 0 ? `${say.rechecked(quickMs)} · ${say.watchCheckingRest(rest.length)}` : say.rechecked(quickMs);
  if (rest.length > 0) {
    view.draw(false);
    const [restReport] = await session.grade(rest);
    if (!restReport || view.stopped) return;
    view.absorb(restReport, hashes);
    // The saved file's other exercises join the quick answer once they are checked.
    const savedIds = new Set(edited.map(({ exercise }) => exercise.id));
    screen.justChecked = [...quickReport.exercises, ...restReport.exercises.filter((exercise) => savedIds.has(exercise.id))];
    screen.status = say.rechecked(quickMs);
  }
  view.draw();
}

/**
 * Watches each chapter folder, calling `onSave` with the saved file as `<chapter dir>/<name>`. One plain watch per
 * chapter folder: Node 20's recursive watch on Linux stops reporting a file once an editor saves it by writing a new
 * file and renaming it over the old one; a folder watch sees every save.
 */
function watchChapters(view: WatchScreen, onSave: (file: string) => void): FSWatcher[] {
  const watchers: FSWatcher[] = [];
  for (const chapter of view.watched) {
    const dir = chapterFolder(view.target, chapter);
    if (existsSync(dir)) watchers.push(watch(dir, (_event, name) => onSave(`${chapter.dir}/${String(name ?? '')}`)));
  }
  return watchers;
}

/**
 * `npm run watch`: checks every selected exercise once, then on every save re-checks first the exercise in focus when
 * its TODO is in the saved file, else the exercises whose TODO is there (the quick answer to "did my edit work?"),
 * then the rest of that chapter. It keeps
 * the latest result of every selected exercise, so its summary (the first failing exercise, its failure and
 * one hint line) and "all done" speak for the whole selection. On a terminal each screen replaces the last and
 * the keys h, l, f and q work; elsewhere the screens follow one another, separated by a plain line.
 */
export async function runWatch(args: Args): Promise<number> {
  const selected = pickExercises(args);
  if (!selected || !targetUsable(args)) return 2;
  const say = messages(args.lang);
  const target = gradedTarget(args.target, CHAPTERS);
  const watched = CHAPTERS.filter((known) => selected.some((entry) => entry.chapter === known));
  const view = new WatchScreen(args, selected, watched, target);

  const saved = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  const holder: { session?: GradingSession } = {};
  const safely = async () => {
    const session = holder.session;
    if (!session || view.stopped) return;
    const files = [...saved];
    saved.clear();
    try {
      await recheck(view, session, files);
    } catch (error) {
      if (view.stopped) return;
      view.screen.status = say.watchFailed(error instanceof Error ? error.message : String(error));
      view.draw();
    }
  };
  // Folders are watched before the first check, so a save made while it runs is checked right after it.
  const watchers = watchChapters(view, (file) => {
    if (!file.endsWith('.ts')) return;
    saved.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(safely);
    }, SETTLE_MS);
  });

  // Keys are read from the start (the terminal in raw mode), so one pressed while the first check runs is not lost.
  const quit = listenForKeys(view.keys, (key) => {
    const chosen = VIEW_KEYS[key];
    if (chosen) view.screen.view = view.screen.view === chosen ? 'summary' : chosen;
    else if (key === '\r' || key === '\n' || key === '\u001b') view.screen.view = 'summary';
    else return;
    view.draw();
  });
  if (view.clears) view.out(`${CLEAR}${say.watchHeading(watched.map((chapter) => chapter.dir).join(', '), args.target, selected.length)}\n\n${say.watchChecking}`);
  // The first check is the head of the queue: a save made while it runs is checked right after it.
  const opening = (async () => {
    // Only the watched chapters are copied, so each save's type check reads those alone (chapter 1's check is a third of all four's).
    const session = await GradingSession.open([{ learner: target }], { lang: args.lang, timeoutMs: args.timeoutMs, chapters: watched, watchTypes: true });
    holder.session = session;
    const hashes = hashesOf(target.chaptersDir, watched);
    const [first] = await session.grade(selected);
    if (first) view.absorb(first, hashes);
    // Every folder is watched by now, so a save made once this screen shows is certain to be seen.
    view.draw();
    return session;
  })();
  queue = opening.then(() => undefined);
  const session = await opening;

  const code = await quit;
  view.stopped = true;
  clearTimeout(timer);
  for (const watcher of watchers) watcher.close();
  await session.close();
  view.out(say.watchStopped);
  return code;
}

/**
 * Resolves with the exit code once the learner quits: q (or Ctrl+C, Ctrl+D) on a terminal in raw mode, where
 * Ctrl+C arrives as a key; otherwise Ctrl+C, whose SIGINT the process answers by exiting at once.
 */
function listenForKeys(keys: boolean, onKey: (key: string) => void): Promise<number> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve(130));
    if (!keys) return;
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    const onData = (chunk: string) => {
      for (const key of chunk) {
        if (key === 'q' || key === 'Q' || key === '\u0003' || key === '\u0004') {
          stdin.off('data', onData);
          stdin.setRawMode(false);
          stdin.pause();
          resolve(0);
          return;
        }
        onKey(key.toLowerCase());
      }
    };
    stdin.on('data', onData);
  });
}

