/** Fake-timer helpers. */
import { vi } from 'vitest';

/**
 * Advances fake time in small steps until `promise` settles (or `maxMs` passed), so timers
 * scheduled after asynchronous work still fire; then returns the promise.
 */
export async function advanceUntilSettled<T>(promise: Promise<T>, maxMs = 120_000, stepMs = 50): Promise<T> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let t = 0; t < maxMs && !settled; t += stepMs) await vi.advanceTimersByTimeAsync(stepMs);
  return promise;
}

/** Settles a promise into `{ value }` or `{ error }` without throwing. */
export function outcomeOf<T>(promise: PromiseLike<T>): Promise<{ value?: T; error?: unknown }> {
  return Promise.resolve(promise).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}
