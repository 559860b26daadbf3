/**
 * Conformance: the limit one process keeps to while the shared budget's Redis cannot be reached
 * (conformance/redis-fallback.json): at most the share of the bucket's rate, never under one request.
 */
import { describe, expect } from 'vitest';
import { fallbackLimit } from '../../generated/src/redis/index.js';
import { cases, eachRow } from './kit.js';

interface Given {
  readonly requests: number;
  readonly window: number;
  readonly share: number;
}
const rows = cases<Given, { requests: number; window: number }>('redis-fallback');

describe('conformance: redis fallback', () => {
  eachRow(rows, ({ given, want }) => {
    const got = fallbackLimit(given, given.share);
    expect(got).toEqual(want);
    expect(got.requests / got.window).toBeLessThanOrEqual((given.requests / given.window) * given.share);
  });
});
