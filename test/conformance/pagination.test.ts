/**
 * Conformance: auto-pagination and time windows (conformance/pagination.json). The rows' pages are
 * what a server answers to each request in turn (an empty page once they run out); the client's
 * requests and the items it yields must be the row's.
 */
import { describe, expect } from 'vitest';
import { operationMetas, type OperationId } from '../../generated/src/metadata.js';
import { paginate } from '../../generator/targets/typescript/runtime/pagination.js';
import { cases, eachRow } from './kit.js';

const rows = cases<
  { operationId: OperationId; params: Record<string, unknown>; now: number; pages: unknown[][] },
  { requests: Record<string, unknown>[]; items: unknown[] }
>('pagination');

describe('conformance: pagination', () => {
  eachRow(rows, async ({ given, want }) => {
    const requests: Record<string, unknown>[] = [];
    const fetchPage = (pageParams: Record<string, unknown>): Promise<unknown[]> => {
      requests.push(pageParams);
      return Promise.resolve(given.pages[requests.length - 1] ?? []);
    };
    const items: unknown[] = [];
    for await (const item of paginate(operationMetas[given.operationId], given.params, fetchPage, () => given.now))
      items.push(item);
    expect({ requests, items }).toEqual(want);
  });
});
