import { availableParallelism, cpus } from 'node:os';

/** The machine line of a benchmark: the cores this process may use (as nproc counts them), the CPU model, the Node version. */
export function machine(): string {
  return `nproc ${availableParallelism()}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;
}

/** The middle value of some timings (the upper middle one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
