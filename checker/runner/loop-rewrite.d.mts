/** The global function each loop of learner code calls; fork-runner.ts defines it. */
export declare const LOOP_GUARD: '__checkerLoop';

/**
 * The source with a guard call at the start of each loop's body, numbered from `first`, and the line each numbered
 * loop starts on; a file that does not parse comes back as it is, with no lines.
 */
export declare function guardLoops(code: string, lang: 'ts' | 'js', first: number): { code: string; lines: number[] };
