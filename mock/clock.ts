/**
 * The mock server's clock. Everything time-based in the mock reads it: `GET /spot/time`, the
 * Timestamp skew check, rate-limit windows, record timestamps and the in/out time headers.
 * It runs at the pace of its time source, shifted by an offset that tests move with `set` and
 * `advance`; with a frozen source (`now: () => fixedMs`) it moves only when told to.
 */

/** Controls the server's notion of "now" (epoch milliseconds). */
export interface MockClock {
  /** Server time, epoch milliseconds. */
  now(): number;
  /** Makes the server time `ms` from this moment on (it keeps running at the source's pace). */
  set(ms: number): void;
  /** Moves the server time forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void;
}

/** The clock implementation; `restore()` drops every `set`/`advance` (used by `reset()`). */
export class OffsetClock implements MockClock {
  readonly #source: () => number;
  #offset = 0;

  /** `source` is the underlying time source, epoch milliseconds (default `Date.now`). */
  constructor(source: () => number = Date.now) {
    this.#source = source;
  }

  now(): number {
    return this.#source() + this.#offset;
  }

  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new TypeError(`clock.set: ms must be a finite number, got ${String(ms)}`);
    this.#offset = ms - this.#source();
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new TypeError(`clock.advance: ms must be a finite number, got ${String(ms)}`);
    this.#offset += ms;
  }

  /** Back to the source's time. */
  restore(): void {
    this.#offset = 0;
  }
}
