/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/clock.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * Server clock. The server rejects a signed request whose Timestamp is more than 60 s away from
 * its own time (401 `REQUEST_EXPIRED`), so the signer uses local time corrected by the offset
 * measured against the server-time operation (`GET /spot/time`, `{server_time: <unix ms>}`).
 */

/**
 * When to measure the server-time offset.
 * - `lazy` (default): before the first private request, then again when the last measurement
 *   is older than 10 minutes.
 * - `eager`: at construction (a failure surfaces on the first private call), then as `lazy`.
 * - `off`: never; local time is used as is and `REQUEST_EXPIRED` is not retried.
 */
export type ClockSyncMode = 'lazy' | 'eager' | 'off';

/** How old an offset may get before the next private request refreshes it. */
export const CLOCK_REFRESH_MS = 10 * 60 * 1000;

/** Reads the server's time once: epoch milliseconds. */
export type ServerTimeSource = () => Promise<number>;

/** Converts a `server_time` value (ms, or seconds from older deployments) to epoch ms. */
export function serverTimeMs(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`server time response carried no usable server_time`);
  return n < 1e11 ? n * 1000 : n;
}

/** Local time plus the measured server offset. */
export class ServerClock {
  readonly mode: ClockSyncMode;
  #source: ServerTimeSource;
  #now: () => number;
  #offsetMs = 0;
  #syncedAt: number | undefined;
  #inflight: Promise<void> | undefined;
  #pendingError: { error: unknown } | undefined;
  #onRefreshError: ((error: unknown) => void) | undefined;

  /**
   * @param source reads the server's time (the runtime passes a call of the clock operation)
   * @param now local epoch ms (injectable for tests)
   * @param onRefreshError told about a failed refresh (the old offset is kept)
   */
  constructor(
    mode: ClockSyncMode,
    source: ServerTimeSource,
    now: () => number = () => Date.now(),
    onRefreshError?: (error: unknown) => void,
  ) {
    this.mode = mode;
    this.#source = source;
    this.#now = now;
    this.#onRefreshError = onRefreshError;
  }

  /** Milliseconds to add to local time to get server time. */
  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** Local epoch ms of the last successful measurement, if any. */
  get syncedAt(): number | undefined {
    return this.#syncedAt;
  }

  /** Server-corrected epoch milliseconds. */
  nowMs(): number {
    return this.#now() + this.#offsetMs;
  }

  /** Server-corrected whole Unix seconds: the Timestamp header value. */
  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Starts the construction-time measurement in `eager` mode; its error is kept for the first call. */
  start(): void {
    if (this.mode !== 'eager') return;
    this.sync().catch((error: unknown) => {
      this.#pendingError = { error };
    });
  }

  /** Whether {@link ready} has nothing to do now (sync off, or a fresh measurement and no error to report). */
  get upToDate(): boolean {
    if (this.mode === 'off') return true;
    if (this.#inflight !== undefined || this.#pendingError !== undefined || this.#syncedAt === undefined) return false;
    return this.#now() - this.#syncedAt < CLOCK_REFRESH_MS;
  }

  /**
   * Called before every private request. Measures when never measured (a failure fails the
   * call) or when the offset is older than {@link CLOCK_REFRESH_MS} (a failure keeps the old
   * offset). Rethrows, once, a failed `eager` measurement.
   */
  async ready(): Promise<void> {
    if (this.mode === 'off') return;
    if (this.#inflight) await this.#inflight.catch(() => undefined);
    if (this.#pendingError) {
      const { error } = this.#pendingError;
      this.#pendingError = undefined;
      throw error;
    }
    if (this.#syncedAt === undefined) {
      await this.sync();
      return;
    }
    if (this.#now() - this.#syncedAt >= CLOCK_REFRESH_MS) {
      try {
        await this.sync();
      } catch (error) {
        this.#onRefreshError?.(error);
      }
    }
  }

  /** Measures the offset now (concurrent callers share one measurement). */
  sync(): Promise<void> {
    this.#inflight ??= this.#measure().finally(() => {
      this.#inflight = undefined;
    });
    return this.#inflight;
  }

  async #measure(): Promise<void> {
    const sentAt = this.#now();
    const server = await this.#source();
    const receivedAt = this.#now();
    // The server read its clock somewhere in the round trip: assume the midpoint.
    this.#offsetMs = Math.round(server - (sentAt + receivedAt) / 2);
    this.#syncedAt = receivedAt;
    this.#pendingError = undefined;
  }
}
