/**
 * Conformance: the retry decision after an attempt that did not succeed (conformance/retry.json):
 * what the call is and how far it got, how the attempt ended -> retry (after how long), look the
 * write up, end as an unknown outcome, resync the clock, or fail.
 */
import { describe, expect } from 'vitest';
import { apiMeta } from '../../generated/src/api-meta.js';
import { ExchangeError } from '../../generator/targets/typescript/runtime/errors.js';
import {
  labelKind,
  nextStep,
  type AttemptOutcome,
  type CallKind,
} from '../../generator/targets/typescript/runtime/next-step.js';
import { cases, eachRow } from './kit.js';

interface Given {
  readonly call: {
    readonly kind: CallKind;
    readonly canLookUp: boolean;
    readonly retries: number;
    readonly maxRetries: number;
    readonly mayBeApplied: boolean;
    readonly canResync: boolean;
    readonly jitter: number;
    readonly maxServerWaitMs: number;
  };
  readonly attempt: {
    readonly kind: string;
    readonly status?: number;
    readonly label?: string;
    readonly waitMs?: number;
  };
}

const rows = cases<Given, { do: string; afterMs?: number }>('retry');
const NOW = 1_700_000_000_000;

/** The row's attempt as the TypeScript policy takes it. */
function outcomeOf(attempt: Given['attempt']): AttemptOutcome {
  const error = new ExchangeError('attempt failed');
  const status = attempt.status ?? 0;
  if (attempt.kind === 'not-sent') return { kind: 'not-sent', error };
  if (attempt.kind === 'no-answer') return { kind: 'no-answer', error, why: 'timeout' };
  if (status >= 300 && status < 400) return { kind: 'redirect', status, error };
  const label = attempt.label ?? '';
  const resetAt = attempt.waitMs === undefined ? undefined : NOW + attempt.waitMs;
  return { kind: 'status', status, label, ...labelKind(label, apiMeta), resetAt, error };
}

describe('conformance: retry decisions', () => {
  eachRow(rows, ({ given, want }) => {
    const { call } = given;
    const state = { ...call, rateLimit: 'wait', nowMs: NOW } as const;
    const step = nextStep(state, outcomeOf(given.attempt));
    expect(step.do === 'retry' ? { do: step.do, afterMs: step.afterMs } : { do: step.do }).toEqual(want);
  });
});
