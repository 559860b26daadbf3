/**
 * Conformance: a raw request's path (conformance/raw-paths.json), checked and encoded so the path
 * that is signed is the path on the wire; a path a URL parser or server would read differently is
 * refused before any I/O, with the rule it breaks.
 */
import { describe, expect } from 'vitest';
import { normalizeRawPath } from '../../generator/targets/typescript/runtime/raw-path.js';
import { cases, eachRow } from './kit.js';

const rows = cases<{ path: string; basePath: string }, { path?: string; problem?: string }>('raw-paths');

describe('conformance: raw paths', () => {
  eachRow(rows, ({ given, want }) => {
    expect(normalizeRawPath(given.path, given.basePath)).toEqual(want);
  });
});
