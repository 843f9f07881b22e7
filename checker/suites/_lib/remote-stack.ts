/*
 * The learner's stack at the moment learner code reached into the grading process (a callback a suite passed in, a
 * line it printed): learner code runs in a process of its own (bridge.ts), so the grading process's own stack never
 * holds a learner frame. place.ts reads it after its own frames, innermost first, as if the learner's frames were
 * below the suite's. It is learner-written text: it can only name a place in the report, which checks the path again.
 */

/** The learner stacks of the callbacks running now, innermost last. */
const stacks: string[] = [];

/** Runs fn while `stack` (the learner's, at the call) is the learner part of the stack; nothing when none was sent. */
export function withRemoteStack<T>(stack: string | undefined, fn: () => T): T {
  if (stack === undefined) return fn();
  stacks.push(stack.slice(0, 64 * 1024));
  try {
    return fn();
  } finally {
    stacks.pop();
  }
}

/** The learner stacks of the running callbacks, innermost first, one text; empty when learner code is not calling in. */
export function remoteStack(): string {
  return [...stacks].reverse().join('\n');
}
