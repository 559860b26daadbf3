/**
 * An accelerated clock for scenario tests: `Date.now()` runs `speed` times faster than real time
 * for everything in the test process (the client's signing clock, its limiter and the mock's
 * server clock alike), and `sleep` waits the matching real time. Both sides of every rate limit
 * therefore measure the same (faster) time: a limit of N per 10 s is N per 10 / speed real
 * seconds, on both sides. Timers (`setTimeout`) stay real; code that waits for virtual time must
 * use `sleep`.
 */
import { vi } from 'vitest';
import { RateLimiter } from '../../../generated/src/index.js';

/** The clock of one scenario. */
export interface AcceleratedClock {
  readonly speed: number;
  /** Virtual epoch ms (what `Date.now()` returns while installed). */
  readonly now: () => number;
  /** Waits `ms` of virtual time (`ms / speed` real ms); rejects when `signal` aborts. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Real milliseconds for `ms` of virtual time. */
  readonly real: (ms: number) => number;
  /** Puts the real `Date.now` back. */
  readonly restore: () => void;
}

/** Installs a clock that runs `speed` times faster than real time, starting at the real now. */
export function accelerate(speed: number): AcceleratedClock {
  const start = Date.now();
  const origin = performance.now();
  const now = (): number => Math.floor(start + (performance.now() - origin) * speed);
  const spy = vi.spyOn(Date, 'now').mockImplementation(now);
  return {
    speed,
    now,
    real: (ms) => ms / speed,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(new Error('aborted'));
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms / speed);
        const onAbort = (): void => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
    restore: () => spy.mockRestore(),
  };
}

/**
 * A limiter on `clock`: it measures and sleeps in virtual time, while a call's `timeout` is real
 * milliseconds (timers are real). `bound: 'timeout'` lets a call wait for a slot at most its timeout
 * in virtual time (`speed` times as many milliseconds); `'none'` lets it wait as long as its queue
 * takes, for a flow whose queue is meant to outlast a short per-attempt timeout.
 */
export function limiterOn(clock: AcceleratedClock, bound: 'timeout' | 'none' = 'timeout'): RateLimiter {
  class VirtualTimeLimiter extends RateLimiter {
    override acquire(...[keys, limit, context, mode, signal, maxWaitMs]: Parameters<RateLimiter['acquire']>) {
      const virtual = bound === 'none' || maxWaitMs === undefined ? Number.POSITIVE_INFINITY : maxWaitMs * clock.speed;
      return super.acquire(keys, limit, context, mode, signal, virtual);
    }
  }
  return new VirtualTimeLimiter({ mode: 'wait', sleep: clock.sleep });
}
