/**
 * Conformance: the body a call sends (conformance/body.json): a `json` body's set fields in spec
 * order, a list or open body as given, decimals as strings, int64 values with every digit, numbers
 * as JavaScript writes them; a value JSON cannot carry is refused naming its place.
 */
import { describe, expect } from 'vitest';
import { operationMetas, type OperationId } from '../../generated/src/metadata.js';
import { bodyFor } from '../../generator/targets/typescript/runtime/request-body.js';
import { answerOf, cases, eachRow } from './kit.js';

const rows = cases<{ operationId: OperationId; params: Record<string, unknown> }, Record<string, unknown>>('body');

describe('conformance: request bodies', () => {
  eachRow(rows, ({ given, want }) => {
    expect(answerOf('body', () => bodyFor(operationMetas[given.operationId], given.params) ?? null)).toEqual(want);
  });
});
