/**
 * Conformance: the spec operation a raw request matches and the rate-limit bucket it counts in
 * (conformance/raw-routes.json).
 */
import { describe, expect } from 'vitest';
import { operationMetas } from '../../generated/src/metadata.js';
import type { HttpMethod } from '../../generator/targets/typescript/runtime/metadata.js';
import { normalizeRawPath } from '../../generator/targets/typescript/runtime/raw-path.js';
import { rawOperationMeta } from '../../generator/targets/typescript/runtime/raw-request.js';
import { matchOperation } from '../../generator/targets/typescript/runtime/raw-routes.js';
import { cases, eachRow } from './kit.js';

const rows = cases<
  { method: HttpMethod; path: string; basePath: string },
  { operation: string | null; bucket: string }
>('raw-routes');

describe('conformance: raw routes', () => {
  eachRow(rows, ({ given, want }) => {
    const checked = normalizeRawPath(given.path, given.basePath);
    const found = matchOperation(given.method, checked.path ?? '', operationMetas);
    const meta = rawOperationMeta({ method: given.method, path: given.path }, given.basePath, operationMetas);
    expect({ operation: found?.id ?? null, bucket: meta.rateLimit.bucket }).toEqual(want);
  });
});
