/**
 * Pure statistics used by the benchmark: medians, percentiles, ratios and rounding. No timing
 * and no I/O here, so every function is unit-tested with plain tables.
 */

/** Raised for input a statistic cannot be computed from; names the argument and the rule. */
export class StatsError extends Error {
  override readonly name = 'StatsError';
}

function checkSamples(field: string, samples: readonly number[]): void {
  if (!Array.isArray(samples) || samples.length === 0) {
    throw new StatsError(
      `${field} must be a non-empty array of numbers (got ${Array.isArray(samples) ? 'an empty array' : typeof samples})`,
    );
  }
  for (const [i, v] of samples.entries()) {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new StatsError(`${field}[${i}] must be a finite number (got ${String(v)})`);
    }
  }
}

/** Sorted copy, ascending. */
function sorted(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b);
}

/**
 * The p-th percentile (0..100) by linear interpolation between closest ranks, so
 * `percentile(xs, 50)` equals {@link median}.
 */
export function percentile(samples: readonly number[], p: number): number {
  checkSamples('samples', samples);
  if (typeof p !== 'number' || !Number.isFinite(p) || p < 0 || p > 100) {
    throw new StatsError(`p must be a number from 0 to 100 (got ${String(p)})`);
  }
  const xs = sorted(samples);
  const rank = (p / 100) * (xs.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = xs[lo] as number;
  const b = xs[hi] as number;
  return a + (b - a) * (rank - lo);
}

/** The median: the middle sample, or the mean of the two middle samples. */
export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/**
 * `value / floor`: how many times the floor a measurement is. `undefined` when either side is
 * missing or the floor is not positive (a ratio to nothing means nothing).
 */
export function ratio(value: number | undefined, floor: number | undefined): number | undefined {
  if (value === undefined || floor === undefined) return undefined;
  if (!Number.isFinite(value) || !Number.isFinite(floor) || floor <= 0) return undefined;
  return value / floor;
}

/**
 * Medians per key over repeated rounds: `{ a: [1, 3, 2] }` gives `{ a: 2 }`. Keys with no
 * samples are left out.
 */
export function mediansByKey(rounds: Readonly<Record<string, readonly number[]>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, samples] of Object.entries(rounds)) {
    if (samples.length > 0) out[key] = median(samples);
  }
  return out;
}

/** Elapsed time of a `process.hrtime.bigint()` span in milliseconds. */
export function nsToMs(startNs: bigint, endNs: bigint): number {
  return Number(endNs - startNs) / 1e6;
}

/**
 * Rotates `items` left by `round` places, so each round of an interleaved benchmark starts with
 * a different client and no client always runs first or last.
 */
export function rotate<T>(items: readonly T[], round: number): T[] {
  if (items.length === 0) return [];
  const k = ((round % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}
