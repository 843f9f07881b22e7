import { expect, test, vi } from 'vitest';
import { confine, cpuBackstopSeconds, killConfined, learnerLimits, SECCOMP_LOADER, socketFilter } from '../../../../checker/trust/os-confine.ts';
import type { Machine } from '../../../../checker/trust/os-confine.ts';

const LIMITS = { dataMb: 1024, cpuSeconds: 200, tasks: 256 };
const FILTER = socketFilter('x64')!;

/** A machine as the probe would find it, with everything unless `lacking` says otherwise. */
function machineWith(parts: Partial<Machine>): Machine {
  return { prlimit: '/usr/bin/prlimit', unshare: ['/usr/bin/unshare', '--net'], perl: '/usr/bin/perl', filter: FILTER, pidsCgroup: '/sys/fs/cgroup/pids', nproc: false, missing: new Map(), ...parts };
}

/** The filter's instructions, each as [code, jt, jf, k]. */
function instructions(hex: string): number[][] {
  const bytes = Buffer.from(hex, 'hex');
  expect(bytes.length % 8).toBe(0);
  return Array.from({ length: bytes.length / 8 }, (_, index) => {
    const at = index * 8;
    return [bytes.readUInt16LE(at), bytes.readUInt8(at + 2), bytes.readUInt8(at + 3), bytes.readUInt32LE(at + 4)];
  });
}

/** Runs a classic BPF program of loads, equality and at-least jumps and returns over one system call. */
function verdict(hex: string, arch: number, nr: number): number {
  const program = instructions(hex);
  let accumulator = 0;
  for (let pc = 0; pc < program.length; pc++) {
    const [code, jt, jf, k] = program[pc]!;
    if (code === 0x20) accumulator = k === 4 ? arch : k === 0 ? nr : NaN;
    else if (code === 0x15) pc += accumulator === k ? jt! : jf!;
    else if (code === 0x35) pc += accumulator >= k! ? jt! : jf!;
    else if (code === 0x06) return k!;
    else throw new Error(`unexpected instruction ${code}`);
  }
  throw new Error('the program fell off its end');
}

test('on x86-64 the filter refuses socket(2) with EACCES and io_uring_setup(2) with ENOSYS, allows the rest, and kills other ABIs', () => {
  const x64 = 0xc000003e;
  expect(verdict(FILTER.hex, x64, 41)).toBe(0x00050000 | 13);
  expect(verdict(FILTER.hex, x64, 425)).toBe(0x00050000 | 38);
  for (const allowed of [0, 1, 42, 53, 59, 56]) expect(verdict(FILTER.hex, x64, allowed)).toBe(0x7fff0000);
  // socketpair(2), 53, stays: Node's pipes to child processes are socket pairs.
  expect(verdict(FILTER.hex, x64, 0x40000000 + 41)).toBe(0x80000000);
  expect(verdict(FILTER.hex, 0x40000003, 41)).toBe(0x80000000);
  expect(FILTER.prctl).toBe(157);
});

test('on arm64 the filter uses that CPU\'s numbers, and a CPU without a table has no filter', () => {
  const arm = socketFilter('arm64')!;
  expect(verdict(arm.hex, 0xc00000b7, 198)).toBe(0x00050000 | 13);
  expect(verdict(arm.hex, 0xc00000b7, 41)).toBe(0x7fff0000);
  expect(verdict(arm.hex, 0xc000003e, 198)).toBe(0x80000000);
  expect(arm.prctl).toBe(167);
  expect(socketFilter('ia32')).toBeNull();
});

test('as root the command joins its cgroup, then unshare, then prlimit, then the seccomp loader, each exec\'ing the next', () => {
  const argv = confine(['/usr/bin/node', 'main.js'], LIMITS, machineWith({}), '/sys/fs/cgroup/pids/course-checker-1-1');
  expect(argv).toEqual([
    '/bin/sh', '-c', 'echo 0 > "$0/cgroup.procs" && exec "$@"', '/sys/fs/cgroup/pids/course-checker-1-1',
    '/usr/bin/unshare', '--net', '--',
    '/usr/bin/prlimit', `--data=${1024 * 1024 * 1024}`, '--cpu=200', '--core=0', '--',
    '/usr/bin/perl', '-e', SECCOMP_LOADER, '157', FILTER.hex,
    '/usr/bin/node', 'main.js',
  ]);
});

test('another user gets RLIMIT_NPROC set inside a new user namespace, where it counts only that namespace\'s processes', () => {
  const argv = confine(['node'], LIMITS, machineWith({ unshare: ['/usr/bin/unshare', '--user', '--map-root-user', '--net'], pidsCgroup: null, nproc: true }));
  expect(argv.slice(0, 5)).toEqual(['/usr/bin/unshare', '--user', '--map-root-user', '--net', '--']);
  expect(argv.slice(5, 11)).toEqual(['/usr/bin/prlimit', `--data=${1024 * 1024 * 1024}`, '--cpu=200', '--core=0', '--nproc=256', '--']);
  expect(argv.at(-1)).toBe('node');
});

test('what the machine lacks is left out, down to the command alone', () => {
  const none = machineWith({ prlimit: null, unshare: null, perl: null, filter: null, pidsCgroup: null });
  expect(confine(['node', 'x.js'], LIMITS, none)).toEqual(['node', 'x.js']);
  expect(confine(['node'], LIMITS, machineWith({ perl: null }))).not.toContain(SECCOMP_LOADER);
  expect(confine([], LIMITS, machineWith({})).at(-1)).toBe(FILTER.hex);
});

test('the CPU backstop is forty times the limit of one test, far past what the checker lets a fork spend', () => {
  expect(cpuBackstopSeconds(5_000)).toBe(200);
  expect(cpuBackstopSeconds(1_234)).toBe(50);
  expect(learnerLimits(5_000)).toEqual({ dataMb: 2048, cpuSeconds: 200, tasks: 256 });
});

test('a spawn that failed (no pid) kills nothing: -1 would signal every process, and 1 is init', () => {
  const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
  try {
    for (const pid of [-1, 0, 1, Number.NaN]) killConfined({ pid, cgroup: null });
    expect(kill).not.toHaveBeenCalled();
    killConfined({ pid: 4242, cgroup: null });
    expect(kill).toHaveBeenCalledWith(-4242, 'SIGKILL');
  } finally {
    kill.mockRestore();
  }
});
