import { afterEach, describe, expect, test, vi } from 'vitest';
import { learnerTimer } from '../../../../checker/suites/_lib/learner-process.ts';
import type { LearnerLimit } from '../../../../checker/suites/_lib/learner-process.ts';
import { BLOCKED_FACTOR, REPORT_GRACE_MS, leftOf, limitReached, ownTime } from '../../../../checker/suites/_lib/own-time.ts';
import type { GuardReport, ProcReader, ProcTimes } from '../../../../checker/suites/_lib/own-time.ts';

/** A /proc that a test moves by hand: the clock, this suite's times, and what each guard last reported. */
class FakeProc implements ProcReader {
  at = 1_000_000;
  own: ProcTimes | undefined = { cpu: 0, run: 0, ready: 0 };
  readonly reports = new Map<number, GuardReport>();

  now = () => this.at;
  self = () => this.own;
  guard = (pid: number) => this.reports.get(pid);

  /** `ms` go by on the clock; the guard `pid` reports at once, its learner having run `run` ms and waited `ready` ms for a core. */
  pass(ms: number, { pid = 7, run = 0, ready = 0, guardReady = 0, selfReady = 0, reports = true } = {}): void {
    this.at += ms;
    if (this.own) this.own = { ...this.own, ready: this.own.ready + selfReady };
    const last = this.reports.get(pid) ?? { at: this.at, guard: { cpu: 0, run: 0, ready: 0 }, learner: { cpu: 0, run: 0, ready: 0 } };
    const learner = last.learner ?? { cpu: 0, run: 0, ready: 0 };
    if (!reports) return;
    this.reports.set(pid, {
      at: this.at,
      guard: { ...last.guard, ready: last.guard.ready + guardReady },
      learner: { cpu: learner.cpu + run, run: learner.run + run, ready: learner.ready + ready },
    });
  }
}

describe('ownTime', () => {
  test('a learner process that computes without end spends CPU time as fast as the clock and reaches its CPU limit', () => {
    const proc = new FakeProc();
    proc.pass(0);
    const spent = ownTime(() => [7], proc);
    proc.pass(3_999, { run: 3_999 });
    expect(limitReached(spent(), 4_000)).toBeNull();
    proc.pass(1, { run: 1 });
    expect(spent()).toEqual({ cpu: 4_000, blocked: 0 });
    expect(limitReached(spent(), 4_000)).toBe('cpu');
  });

  test('a server starved of a core on a busy machine spends neither limit, however long the clock runs', () => {
    const proc = new FakeProc();
    proc.pass(0);
    const spent = ownTime(() => [7], proc);
    // A minute of clock: the server ran 300 ms and waited for a core the rest; its guard and the suite waited too.
    proc.pass(60_000, { run: 300, ready: 59_700, guardReady: 40_000, selfReady: 50_000 });
    expect(spent()).toEqual({ cpu: 300, blocked: 0 });
    expect(limitReached(spent(), 4_000)).toBeNull();
  });

  test('a server blocked only because its guard or the suite waits for a core spends no blocked time', () => {
    const proc = new FakeProc();
    proc.pass(0);
    const spent = ownTime(() => [7], proc);
    proc.pass(10_000, { guardReady: 6_000, selfReady: 4_000 });
    expect(spent().blocked).toBe(0);
  });

  test('a silent server reaches the blocked limit, BLOCKED_FACTOR times its CPU limit, and not before', () => {
    const proc = new FakeProc();
    proc.pass(0);
    const spent = ownTime(() => [7], proc);
    proc.pass(4_000 * BLOCKED_FACTOR - 1);
    expect(limitReached(spent(), 4_000)).toBeNull();
    expect(leftOf(spent(), 4_000)).toBeCloseTo(1 / BLOCKED_FACTOR);
    proc.pass(1);
    expect(spent()).toEqual({ cpu: 0, blocked: 4_000 * BLOCKED_FACTOR });
    expect(limitReached(spent(), 4_000)).toBe('blocked');
  });

  test('a second since a guard last reported is not counted as blocked (a starved guard reports late), and no more', () => {
    const proc = new FakeProc();
    proc.pass(0);
    const spent = ownTime(() => [7], proc);
    proc.pass(REPORT_GRACE_MS, { reports: false });
    expect(spent().blocked).toBe(0);
    // A guard that has ended reports no more: the silence past the grace counts, so a limit still comes.
    proc.pass(20_000, { reports: false });
    expect(spent().blocked).toBe(20_000);
    // A guard that only waited for a core reports that wait when it runs again: nothing of it is charged after all.
    proc.pass(0, { guardReady: REPORT_GRACE_MS + 20_000 });
    expect(spent().blocked).toBe(0);
  });

  test('a guard first seen after the start was born after it: its learner process is charged its whole life', () => {
    const proc = new FakeProc();
    let started = false;
    const spent = ownTime(() => [started ? 7 : undefined], proc);
    started = true;
    proc.pass(1_000, { run: 600, ready: 400 });
    expect(spent()).toEqual({ cpu: 600, blocked: 0 });
  });

  test('time before the start is not charged to a server that was already running', () => {
    const proc = new FakeProc();
    proc.pass(5_000, { run: 5_000 });
    const spent = ownTime(() => [7], proc);
    proc.pass(100, { run: 100 });
    expect(spent().cpu).toBe(100);
  });

  test('a guard that has not reported yet is starting, not blocked, however long a busy machine makes that', () => {
    const proc = new FakeProc();
    const spent = ownTime(() => [7], proc);
    proc.at += 30_000;
    expect(spent()).toEqual({ cpu: 0, blocked: 0 });
    // Its first report counts its whole life: the learner process it started has computed 2 s since.
    proc.pass(0, { run: 2_000, ready: 28_000 });
    expect(spent()).toEqual({ cpu: 2_000, blocked: 0 });
  });

  test('where nothing can be read, the whole clock counts as blocked, so a silence still ends', () => {
    const proc = new FakeProc();
    proc.own = undefined;
    const spent = ownTime(() => [7], proc);
    proc.at += 8_000;
    expect(spent()).toEqual({ cpu: 0, blocked: 8_000 });
  });

  test('every server of a shared budget is charged together', () => {
    const proc = new FakeProc();
    proc.pass(0, { pid: 7 });
    proc.pass(0, { pid: 8 });
    const spent = ownTime(() => [7, 8, null], proc);
    proc.pass(1_000, { pid: 7, run: 1_000 });
    proc.pass(0, { pid: 8, run: 500, ready: 500 });
    expect(spent().cpu).toBe(1_500);
  });
});

describe('learnerTimer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('names the limit it stopped at: CPU time for a loop, time blocked for a silence', () => {
    vi.useFakeTimers();
    for (const [run, expected] of [
      [1, 'cpu'],
      [0, 'blocked'],
    ] as const) {
      const proc = new FakeProc();
      proc.pass(0);
      const reached: LearnerLimit[] = [];
      const cancel = learnerTimer(() => 7, 1_000, (limit) => reached.push(limit), proc);
      for (let step = 0; step < 100 && reached.length === 0; step += 1) {
        proc.pass(50, { run: 50 * run });
        vi.advanceTimersByTime(50);
      }
      cancel();
      expect(reached).toEqual([expected]);
    }
  });

  test('a starved server never expires, and cancelling stops the timer', () => {
    vi.useFakeTimers();
    const proc = new FakeProc();
    proc.pass(0);
    const reached: LearnerLimit[] = [];
    const cancel = learnerTimer(() => 7, 1_000, (limit) => reached.push(limit), proc);
    for (let step = 0; step < 400; step += 1) {
      proc.pass(50, { run: 1, ready: 49 });
      vi.advanceTimersByTime(50);
    }
    expect(reached).toEqual([]);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});
