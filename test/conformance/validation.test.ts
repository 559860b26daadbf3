/**
 * Conformance: validation before any I/O (conformance/validation.json): an operation and its params
 * pass, or fail with a `ValidationError` naming the field, the rule and the value (`[redacted]` for
 * a secret).
 */
import { describe, expect } from 'vitest';
import { operationMetas, type OperationId } from '../../generated/src/metadata.js';
import { validateCall } from '../../generator/targets/typescript/runtime/validate.js';
import { answerOf, cases, eachRow } from './kit.js';

const rows = cases<{ operationId: OperationId; params: Record<string, unknown>; now: number }, Record<string, unknown>>(
  'validation',
);

describe('conformance: validation', () => {
  eachRow(rows, ({ given, want }) => {
    const answer = answerOf('ok', () => {
      validateCall(operationMetas[given.operationId], given.params, given.now);
      return true;
    });
    expect(answer).toEqual(want);
  });
});
