/**
 * Conformance: splitting an inclusive time range into windows of at most `maxDays`
 * (conformance/time-windows.json): oldest first, no gap, no overlap; a limit under one second is
 * refused.
 */
import { describe, expect } from 'vitest';
import { timeWindows } from '../../generator/targets/typescript/runtime/pagination.js';
import { cases, eachRow } from './kit.js';

const rows = cases<{ from: number; to: number; maxDays: number }, Record<string, unknown>>('time-windows');

describe('conformance: time windows', () => {
  eachRow(rows, ({ given, want }) => {
    let got: Record<string, unknown>;
    try {
      got = { windows: timeWindows(given.from, given.to, given.maxDays) };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      got = { refused: true };
    }
    expect(got).toEqual(want);
  });
});
