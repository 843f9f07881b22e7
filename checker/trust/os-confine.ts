/*
 * Confinement by the operating system for every process that runs learner code, beneath Node's permission model:
 * a data limit that counts Buffers (RLIMIT_DATA, by `prlimit`), a last CPU-time limit (RLIMIT_CPU), a bound on
 * processes (a pids cgroup as root, RLIMIT_NPROC inside a user namespace otherwise), no network (a new network
 * namespace by `unshare`, which also hides abstract Unix sockets) and no new socket at all (a seccomp filter that
 * refuses socket(2), installed by a few lines of Perl: path Unix sockets are reached by connect(2) whatever the
 * namespace). Every wrapper execs the next, so the pid spawned is the pid of the Node process that runs the code, and
 * each confined process leads a process group of its own (and, as root, a cgroup) by which it and all it starts are
 * killed, whatever they name themselves. The machine is probed once per run; what it cannot give is named once.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { confinementNotice } from '../usage/confine-words.ts';
import type { Confinement, Lack } from '../usage/confine-words.ts';
import type { Lang } from '../usage/messages.ts';

/** The limits the operating system holds a confined process to. */
export interface OsLimits {
  /** Private writable memory (heap, Buffers, ArrayBuffers, stacks of threads), in MB: RLIMIT_DATA. */
  dataMb: number;
  /** CPU time, in s: RLIMIT_CPU, a backstop far beyond the checker's own CPU-time limits. */
  cpuSeconds: number;
  /** Tasks (processes and their threads; a Node process has about ten) the process and everything it starts may have at once. */
  tasks: number;
}

/**
 * The data limit of a process that runs learner code: its 384 MB heap, Node's own, room for honest Buffers, and a worker
 * thread's isolate (the bridge's): on Node 24 each isolate reserves its code range as private writable memory, and a
 * fork under 1 GB died starting that worker ("Failed to reserve virtual memory for CodeRange"), where 1.5 GB sufficed.
 */
export const LEARNER_DATA_MB = 2048;

/** The tasks a vitest fork and the learner processes its suites start may have at once (a Node process has about ten threads). */
export const LEARNER_TASKS = 256;

/**
 * The CPU-time backstop of a process that runs learner code, in s, from the limit of one test (`testMs`): forty times
 * it. A fork runs at most a chapter's files, each stopped by the checker at twice the test limit of CPU time, with a
 * pause of as much between two; no honest fork comes near, and a process the checker lost track of still ends.
 */
export function cpuBackstopSeconds(testMs: number): number {
  return Math.ceil((40 * testMs) / 1000);
}

/** The limits of a process that runs learner code, for a test limit of `testMs`. */
export function learnerLimits(testMs: number): OsLimits {
  return { dataMb: LEARNER_DATA_MB, cpuSeconds: cpuBackstopSeconds(testMs), tasks: LEARNER_TASKS };
}

/** What the probe found this machine can give, and with which tools. */
export interface Machine {
  /** `prlimit` from util-linux: RLIMIT_DATA, RLIMIT_CPU, RLIMIT_NPROC. */
  prlimit: string | null;
  /** The `unshare` arguments that give a new network namespace (with a user namespace when not root), or null. */
  unshare: string[] | null;
  /** `perl` (Essential on Debian): installs the seccomp filter, then execs. */
  perl: string | null;
  /** The seccomp filter for this CPU, or null where none is written. */
  filter: SocketFilter | null;
  /** A folder of the pids controller (cgroup v1 or v2) where this process may make cgroups, or null. */
  pidsCgroup: string | null;
  /** Whether RLIMIT_NPROC bounds the process: only inside a user namespace of a user who is not root (root is exempt). */
  nproc: boolean;
  /** What the machine cannot give, with why. */
  missing: Map<Confinement, Lack>;
}

/** A seccomp filter for one CPU: the program as hex, and the number of prctl(2) there. */
export interface SocketFilter {
  hex: string;
  prctl: number;
}

/** The numbers seccomp needs on the CPUs Node ships for Linux with 64-bit pointers. */
const ARCHES: Record<string, { audit: number; socket: number; ioUringSetup: number; prctl: number; x32: boolean }> = {
  x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425, prctl: 157, x32: true },
  arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425, prctl: 167, x32: false },
};

const EACCES = 13;
const ENOSYS = 38;
const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
const RET_ALLOW = 0x7fff0000;

/** One classic BPF instruction (struct sock_filter), little-endian. */
function op(code: number, jt: number, jf: number, k: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeUInt16LE(code, 0);
  bytes.writeUInt8(jt, 2);
  bytes.writeUInt8(jf, 3);
  bytes.writeUInt32LE(k >>> 0, 4);
  return bytes;
}

/**
 * The seccomp filter for a CPU (`process.arch`), or null for one not listed: socket(2) fails with EACCES (no socket of
 * any family, so neither a TCP connection nor a path or abstract Unix socket; socketpair(2), which pipes to child
 * processes use, stays), io_uring_setup(2) fails with ENOSYS (libuv falls back to threads; io_uring could open sockets
 * of its own), and a system call of another ABI (i386, x32) kills the process.
 */
export function socketFilter(arch: string): SocketFilter | null {
  const numbers = ARCHES[arch];
  if (!numbers) return null;
  const LD_ABS = 0x20;
  const JEQ = 0x15;
  const JGE = 0x35;
  const RET = 0x06;
  const program = [
    op(LD_ABS, 0, 0, 4), // seccomp_data.arch
    op(JEQ, 1, 0, numbers.audit),
    op(RET, 0, 0, RET_KILL_PROCESS),
    op(LD_ABS, 0, 0, 0), // seccomp_data.nr
    ...(numbers.x32 ? [op(JGE, 0, 1, 0x40000000), op(RET, 0, 0, RET_KILL_PROCESS)] : []),
    op(JEQ, 0, 1, numbers.socket),
    op(RET, 0, 0, RET_ERRNO | EACCES),
    op(JEQ, 0, 1, numbers.ioUringSetup),
    op(RET, 0, 0, RET_ERRNO | ENOSYS),
    op(RET, 0, 0, RET_ALLOW),
  ];
  return { hex: Buffer.concat(program).toString('hex'), prctl: numbers.prctl };
}

/**
 * Perl that sets no_new_privs, installs the filter given as hex (struct sock_fprog on a 64-bit CPU: a 16-bit length,
 * padding, a pointer) and execs the rest of its arguments; it exits 126 with the reason when the kernel refuses.
 */
export const SECCOMP_LOADER = [
  'my ($prctl, $hex) = (0 + shift, shift);',
  "my $filter = pack('H*', $hex);",
  "my $prog = pack('S x6 P', length($filter) / 8, $filter);",
  'syscall($prctl, 38, 1, 0, 0, 0) == 0 or do { print STDERR "no_new_privs: $!\\n"; exit 126 };',
  'syscall($prctl, 22, 2, $prog, 0, 0) == 0 or do { print STDERR "seccomp: $!\\n"; exit 126 };',
  'exec { $ARGV[0] } @ARGV or do { print STDERR "exec $ARGV[0]: $!\\n"; exit 127 };',
].join(' ');

/**
 * The command line that runs `argv` confined: as root with a pids cgroup, `sh` joining `cgroup`; then unshare into new
 * namespaces; then prlimit (data, CPU, core dumps off, and processes where RLIMIT_NPROC binds); then the seccomp
 * loader; each exec'ing the next, so the pid stays the one spawned. prlimit comes after unshare: a new user namespace
 * takes its creator's RLIMIT_NPROC as the bound on all of that user's processes outside it, which a limit set before
 * would make a desktop's few hundred processes exceed at once. What the machine lacks is left out (and named by
 * confinementNotice). Pure: the probe's findings come in `machine`.
 */
export function confine(argv: readonly string[], limits: OsLimits, machine: Machine, cgroup: string | null = null): string[] {
  const out: string[] = [];
  if (cgroup) out.push('/bin/sh', '-c', 'echo 0 > "$0/cgroup.procs" && exec "$@"', cgroup);
  if (machine.unshare) out.push(...machine.unshare, '--');
  if (machine.prlimit) {
    out.push(machine.prlimit, `--data=${limits.dataMb * 1024 * 1024}`, `--cpu=${limits.cpuSeconds}`, '--core=0');
    if (machine.nproc) out.push(`--nproc=${limits.tasks}`);
    out.push('--');
  }
  if (machine.perl && machine.filter) out.push(machine.perl, '-e', SECCOMP_LOADER, String(machine.filter.prctl), machine.filter.hex);
  return [...out, ...argv];
}

/** The first of `names` that is an executable file in one of the system's folders, or null. */
function tool(...names: string[]): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']) {
    for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Whether a command runs and exits 0, within a few seconds. */
function runs(argv: readonly string[]): boolean {
  const result = spawnSync(argv[0]!, argv.slice(1), { stdio: 'ignore', timeout: 10_000 });
  return result.status === 0;
}

/** The prefix of this run's cgroups, so the reaper and a later run find and remove what a killed checker left. */
export const CGROUP_PREFIX = 'course-checker-';

/**
 * The folder of the pids controller this process may make cgroups in (v1 `pids`, or v2 with `pids` delegated), after
 * removing what checkers no longer running left there; null when there is none or making one fails.
 */
function pidsCgroup(): string | null {
  let mounts: string;
  let own: string;
  try {
    mounts = readFileSync('/proc/self/mountinfo', 'utf8');
    own = readFileSync('/proc/self/cgroup', 'utf8');
  } catch {
    return null;
  }
  const candidates: string[] = [];
  for (const line of mounts.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const mountPoint = before.split(' ')[4]!;
    const [type, , options = ''] = after.split(' ');
    const v1 = type === 'cgroup' && options.split(',').includes('pids');
    const v2 = type === 'cgroup2';
    if (!v1 && !v2) continue;
    const path = own.split('\n').find((entry) => (v1 ? /^\d+:([^:]*,)?pids(,[^:]*)?:/.test(entry) : entry.startsWith('0::')))?.split(':')[2];
    if (path !== undefined) candidates.push(join(mountPoint, path));
  }
  for (const base of candidates) {
    removeStale(base);
    const probe = join(base, `${CGROUP_PREFIX}${process.pid}-probe`);
    try {
      mkdirSync(probe);
    } catch {
      continue;
    }
    const works = existsSync(join(probe, 'pids.max'));
    try {
      rmdirSync(probe);
    } catch {
      // Removed below by the next run's removeStale.
    }
    if (works) return base;
  }
  return null;
}

/** Removes the empty cgroups that checkers no longer running left in `base`. */
function removeStale(base: string): void {
  let entries: string[];
  try {
    entries = readdirSync(base).filter((name) => name.startsWith(CGROUP_PREFIX));
  } catch {
    return;
  }
  for (const name of entries) {
    const owner = Number(name.slice(CGROUP_PREFIX.length).split('-')[0]);
    if (Number.isInteger(owner) && existsSync(`/proc/${owner}`)) continue;
    killCgroup(join(base, name));
  }
}

let probed: Machine | undefined;

/** Probes once per run what this machine can confine, and with which tools (a few short processes, Linux only). */
export function machine(): Machine {
  probed ??= probe();
  return probed;
}

function probe(): Machine {
  const missing = new Map<Confinement, Lack>();
  if (process.platform !== 'linux') {
    const platform = process.platform === 'darwin' ? 'macOS' : process.platform;
    for (const what of ['memory', 'cpu', 'processes', 'network', 'sockets'] as const) missing.set(what, { platform });
    return { prlimit: null, unshare: null, perl: null, filter: null, pidsCgroup: null, nproc: false, missing };
  }
  const root = process.getuid?.() === 0;
  const prlimit = tool('prlimit');
  const unshareTool = tool('unshare');
  const unshareArgs = unshareTool ? [unshareTool, ...(root ? [] : ['--user', '--map-root-user']), '--net'] : null;
  const unshare = unshareArgs && runs([...unshareArgs, '--', '/bin/true']) ? unshareArgs : null;
  const perl = tool('perl');
  const filter = socketFilter(process.arch);
  const seccomp = perl !== null && filter !== null && runs([perl, '-e', SECCOMP_LOADER, String(filter.prctl), filter.hex, '/bin/true']);
  const cgroups = root ? pidsCgroup() : null;
  // RLIMIT_NPROC never binds root; for another user it counts processes per user namespace, so it needs a new one.
  const nproc = !root && prlimit !== null && unshare !== null;
  if (!prlimit) {
    missing.set('memory', { tool: 'prlimit (util-linux)' });
    missing.set('cpu', { tool: 'prlimit (util-linux)' });
  }
  if (!cgroups && !nproc) missing.set('processes', root ? { feature: 'pids cgroup' } : prlimit ? { feature: 'user namespaces (unshare --user)' } : { tool: 'prlimit (util-linux)' });
  if (!unshare) missing.set('network', unshareTool ? { feature: root ? 'network namespaces (unshare --net)' : 'user namespaces (unshare --user)' } : { tool: 'unshare (util-linux)' });
  if (!seccomp) missing.set('sockets', !perl ? { tool: 'perl' } : !filter ? { feature: `seccomp on ${process.arch}` } : { feature: 'seccomp' });
  return { prlimit, unshare, perl: seccomp ? perl : null, filter: seccomp ? filter : null, pidsCgroup: cgroups, nproc, missing };
}

let announced = false;

/** Prints, once per process and only when something is missing, which confinements this machine cannot give (stderr). */
export function announceConfinement(lang: Lang): void {
  if (announced) return;
  announced = true;
  const notice = confinementNotice(machine().missing, lang);
  if (notice) process.stderr.write(`${notice}\n`);
}

let made = 0;

/** Makes a pids cgroup for one confined process, bounded to `tasks`, or null where the machine has none. */
export function makeCgroup(tasks: number, found: Machine = machine()): string | null {
  if (!found.pidsCgroup) return null;
  const dir = join(found.pidsCgroup, `${CGROUP_PREFIX}${process.pid}-${++made}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, 'pids.max'), String(tasks));
    return dir;
  } catch {
    return null;
  }
}

/** Kills every process in a cgroup and removes it; a cgroup already gone, or still busy with dying processes, is left. */
export function killCgroup(dir: string): void {
  try {
    for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) signal(Number(pid));
    rmdirSync(dir);
  } catch {
    // Gone already, or its processes are still being torn down: the reaper or the next run removes it.
  }
}

function signal(pid: number): void {
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** A confined process as spawned: its pid, which also names its process group, and its cgroup where it has one. */
export interface Spawned {
  pid: number;
  cgroup: string | null;
}

/**
 * Kills a confined process's process group (everything it started that did not leave the group) and its cgroup
 * (everything it started, wherever it went), by the pid it was spawned with, never by a name it may have changed.
 */
export function killConfined(spawned: Spawned): void {
  // A spawn that failed has no pid: -1 here would signal every process this one may signal, and 1 is init.
  if (Number.isInteger(spawned.pid) && spawned.pid > 1) {
    try {
      process.kill(-spawned.pid, 'SIGKILL');
    } catch {
      signal(spawned.pid);
    }
  }
  if (spawned.cgroup) killCgroup(spawned.cgroup);
}

/** Options of confinedSpawn: Node's, less `detached` (always true), with the limits. */
export type ConfinedSpawnOptions = Omit<SpawnOptions, 'detached'> & { limits: OsLimits };

/**
 * Spawns `command` confined (confine), as the leader of a new process group, in a cgroup of its own where the machine
 * has one; when it exits, its group and cgroup are killed and the cgroup removed. The child's `pid` is the process
 * that runs `command`. `confined` on the result names what killConfined needs.
 */
export function confinedSpawn(command: string, args: readonly string[], options: ConfinedSpawnOptions): ChildProcess & { confined: Spawned } {
  const { limits, ...rest } = options;
  const found = machine();
  const cgroup = makeCgroup(limits.tasks, found);
  const [file, ...argv] = confine([command, ...args], limits, found, cgroup);
  const child = spawn(file!, argv, { ...rest, detached: true });
  const confined: Spawned = { pid: child.pid ?? -1, cgroup };
  child.once('exit', () => killConfined(confined));
  child.once('error', () => {
    if (cgroup) killCgroup(cgroup);
  });
  return Object.assign(child, { confined });
}
