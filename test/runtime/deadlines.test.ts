/**
 * Attempt deadlines on one timer: the decision (`duePast`) by table, and the timer loop with fake
 * timers: an attempt past its deadline is cut off once, one that ended in time never is.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Deadlines, duePast, type Deadline } from '../../generator/targets/typescript/runtime/deadlines.js';

const at = (ms: number): Deadline => ({ at: ms, expire: () => undefined });

describe('duePast', () => {
  it.each([
    { name: 'nothing registered', given: { at: [] as number[], now: 100 }, want: { due: [], nextAt: undefined } },
    { name: 'one still ahead', given: { at: [150], now: 100 }, want: { due: [], nextAt: 150 } },
    { name: 'exactly at its deadline', given: { at: [100], now: 100 }, want: { due: [100], nextAt: undefined } },
    {
      name: 'some past, the next of the rest',
      given: { at: [90, 300, 100, 200], now: 100 },
      want: { due: [90, 100], nextAt: 200 },
    },
  ])('$name', ({ given, want }) => {
    const result = duePast(given.at.map(at), given.now);
    expect({ due: result.due.map((d) => d.at), nextAt: result.nextAt }).toEqual(want);
  });
});

describe('Deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cuts off an attempt at its deadline, once, and never one that ended in time', () => {
    const deadlines = new Deadlines();
    const late = vi.fn();
    const onTime = vi.fn();
    deadlines.add(100, late);
    const ended = deadlines.add(50, onTime);
    vi.advanceTimersByTime(40);
    deadlines.cancel(ended);
    vi.advanceTimersByTime(59);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(late).toHaveBeenCalledTimes(1);
    expect(onTime).not.toHaveBeenCalled();
  });

  it('keeps one timer for attempts one after another, and rearms for a shorter deadline', () => {
    const deadlines = new Deadlines();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    for (let i = 0; i < 50; i++) deadlines.cancel(deadlines.add(10_000, () => undefined));
    expect(spy).toHaveBeenCalledTimes(1);
    const short = vi.fn();
    deadlines.add(5, short);
    expect(spy).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5);
    expect(short).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('a later attempt still gets cut off after the timer was armed for an earlier one', () => {
    const deadlines = new Deadlines();
    deadlines.cancel(deadlines.add(100, () => undefined));
    vi.advanceTimersByTime(60);
    const late = vi.fn();
    deadlines.add(100, late);
    vi.advanceTimersByTime(99);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('cuts off only the attempts still in flight after others ended and their slots were reused', () => {
    const deadlines = new Deadlines();
    const calls: string[] = [];
    const add = (name: string, ms: number): Deadline => deadlines.add(ms, () => calls.push(name));
    const a = add('a', 100);
    const b = add('b', 100);
    add('c', 100);
    deadlines.cancel(b);
    deadlines.cancel(a);
    const d = add('d', 100); // takes a's slot
    add('e', 100); // takes b's slot
    deadlines.cancel(a); // a stale cancel frees nothing
    deadlines.cancel(b);
    add('f', 100);
    deadlines.cancel(d);
    vi.advanceTimersByTime(100);
    expect(calls.sort()).toEqual(['c', 'e', 'f']);
    vi.advanceTimersByTime(10_000);
    expect(calls).toHaveLength(3);
  });
});
