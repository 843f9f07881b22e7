/** A piece of learner-facing text in both course languages. */
export interface Text {
  ko: string;
  en: string;
}

/**
 * One clause of an exercise's rule and the tests of its suite that grade it. `en` is a verbatim part of `rule.en`;
 * `tests` are English test names, keys of the exercise's `tests`. Every test grades at least one clause, and every
 * clause is graded by at least one test (test/rules.test.ts holds each chapter that lists clauses to that).
 */
export interface Clause {
  en: string;
  tests: string[];
}

/** One graded exercise: everything check, hint, watch and the reports need to know. */
export interface ExerciseSpec {
  /** Short stable id, `<chapter>/<n>`, such as `01/3`. */
  id: string;
  title: Text;
  hint: Text;
  /**
   * The property the exercise teaches, in one sentence: what stays true whatever the input, such as "no value in any
   * server response ever widens the client's allowlist". Its suite tests this rule over a range of cases, never one instance.
   */
  rule: Text;
  /** The rule split into its clauses, each with the tests that grade it; see Clause. */
  clauses?: Clause[];
  /** Suite file name inside `checker/suites/<chapter dir>/`. */
  suite: string;
  /**
   * Where the learner edits: a file inside the chapter folder, the marker on that line, and the function (or other
   * declaration) the exercise is about in that file, which messages name by its current line once the marker is gone.
   */
  todo: { file: string; marker: string; symbol?: string };
  /** Every test the suite must report, by its English name, with the Korean name beside it. */
  tests: Record<string, string>;
  /** Learner files (inside the chapter folder) the suite starts as processes; the checker bundles each and runs it in the sandbox. */
  spawns?: string[];
  /** Points the exercise is worth when every expected test passes (1 when unset). */
  weight?: number;
}

/** One chapter folder, mirrored in chapters/, solutions/ and checker/suites/. */
export interface ChapterSpec {
  /** Two-digit id, such as `01`. */
  id: string;
  /** Folder name, such as `01-mini-mcp`. */
  dir: string;
  title: Text;
  /** What a learner can do once every exercise of the chapter passes, in a sentence or two from the lesson's closing section; check prints it then. */
  outcome?: Text;
  exercises: ExerciseSpec[];
}

/** An exercise as a manifest file writes it: `todo.marker` may be left out, and then is `TODO(<id>)`. */
export type ExerciseEntry = Omit<ExerciseSpec, 'todo'> & { todo: { file: string; marker?: string; symbol?: string } };

/** A chapter as its manifest file `checker/manifest/<dir>.ts` writes it, exported under the name `chapter`. */
export type ChapterEntry = Omit<ChapterSpec, 'exercises'> & { exercises: ExerciseEntry[] };
