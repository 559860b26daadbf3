/**
 * Conformance: error classification (conformance/error-classes.json): a non-2xx answer's status and
 * body -> the error class, label and detail, whether the label is transient or a duplicate, and
 * whether a read with retries left is sent again.
 */
import { describe, expect, it } from 'vitest';
import { apiMeta } from '../../generated/src/api-meta.js';
import { apiErrorFor } from '../../generator/targets/typescript/runtime/errors.js';
import { labelKind, nextStep } from '../../generator/targets/typescript/runtime/next-step.js';
import { errorBody } from '../../generator/targets/typescript/runtime/response.js';
import { cases, eachRow } from './kit.js';

const rows = cases<{ status: number; body: string }, Record<string, unknown>>('error-classes');

describe('conformance: error classes', () => {
  it('reads the seed’s transient and duplicate labels', () => {
    expect(apiMeta.transientLabels).toContain('TOO_BUSY');
    expect(apiMeta.duplicateLabels).toContain('DUPLICATE_REQUEST');
  });

  eachRow(rows, ({ given, want }) => {
    const { label, detail } = errorBody(given.body);
    const error = apiErrorFor(given.status, label, detail, {});
    const kind = labelKind(error.label, apiMeta);
    const read = {
      kind: 'read',
      canLookUp: false,
      retries: 0,
      maxRetries: 2,
      rateLimit: 'wait',
      maxServerWaitMs: 60_000,
      canResync: false,
      mayBeApplied: false,
      nowMs: 0,
      jitter: 0,
    } as const;
    const step = nextStep(read, { kind: 'status', status: given.status, label, ...kind, error });
    expect({
      class: error.name,
      label: error.label,
      detail: error.detail,
      ...kind,
      readRetried: step.do === 'retry',
    }).toEqual(want);
  });
});
