/**
 * Conformance: the shared rate budget's Redis key base for a bucket key (conformance/redis-keys.json),
 * `<prefix>:{uid:<uid>}:<bucket>[:<market>]`, under which `:slots` and `:meta` are kept; processes of
 * every client share one budget only if they all build exactly these.
 */
import { describe, expect } from 'vitest';
import { parseBucketKey, redisKeys } from '../../generated/src/redis/index.js';
import { cases, eachRow } from './kit.js';

const rows = cases<{ prefix: string; uid: string; key: string }, string | null>('redis-keys');

describe('conformance: redis keys', () => {
  eachRow(rows, ({ given, want }) => {
    const ref = parseBucketKey(given.key);
    const got = ref === undefined ? null : redisKeys(given.prefix, given.uid, ref);
    expect(got).toEqual(want === null ? null : { slots: `${want}:slots`, meta: `${want}:meta` });
  });
});
