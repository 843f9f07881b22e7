import { typecheck } from './typecheck.ts';
import type { TypeCheck } from './typecheck.ts';

/**
 * The type-check result of the scratch folder as it is now, for `npm run watch`. Each change starts a
 * fresh `tsc` run right after the files were written, so a re-check always gets the compiler's answer
 * for the saved change and never an older one. (A long-running `tsc --watch` was tried: its reports
 * could not be tied to a version of the files, and a late report of an earlier save showed a type
 * error that had already been fixed.) The run starts at once and overlaps the suites' run.
 */
export class TypeWatcher {
  private current: Promise<TypeCheck>;

  private constructor(
    private readonly scratchRoot: string,
    private readonly tscPath: string,
  ) {
    this.current = typecheck(scratchRoot, tscPath);
  }

  /** Starts the first check and waits for it. */
  static async start(scratchRoot: string, tscPath: string): Promise<TypeWatcher> {
    const watcher = new TypeWatcher(scratchRoot, tscPath);
    await watcher.current;
    return watcher;
  }

  /** Call right after files changed: checks the files as they are now; later results are this check's. */
  expectChange(): void {
    this.current = typecheck(this.scratchRoot, this.tscPath);
  }

  /** The type problems of the files as of the last change (the same answer however often it is asked). */
  result(): Promise<TypeCheck> {
    return this.current;
  }

  /** Nothing keeps running between checks; kept so callers can stop it like a watcher. */
  stop(): void {}
}
