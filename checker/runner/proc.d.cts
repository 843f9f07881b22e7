/** A process table: each live pid with its parent's pid. */
export type ProcessTable = Map<number, number>;

/** Every live process with its parent's pid, read from /proc. */
export function processTable(): ProcessTable;

/** A process and everything it started, children first. */
export function withDescendants(pid: number, table: ProcessTable): number[];

/** The CPU time, user and system, in ms (from /proc), a process has used itself and its children it waited for have used, or undefined once it is gone. */
export function cpuTimes(pid: number | 'self'): { self: number; children: number } | undefined;

/** The CPU time a process has used so far, user and system, in ms (from /proc), or undefined once it is gone. */
export function cpuMs(pid: number): number | undefined;

/**
 * How the main thread of a process has spent its life so far, in ms: on a CPU, and ready to run but waiting for one
 * (from /proc/<pid>/schedstat), or undefined once it is gone; where the kernel keeps no such count, the process's CPU
 * time and no time ready.
 */
export function runTimes(pid: number): { cpu: number; ready: number } | undefined;

/** Every live process below a process, from the children lists in /proc (none once it is gone). */
export function descendantsOf(pid: number): number[];

/** How long the threads of a process other than its main one have run or been ready to run, all told, in ms (0 when unreadable). */
export function otherThreadsBusy(pid: number): number;
