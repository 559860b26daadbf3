import { describe, expect, it } from 'vitest';
import { paginate, timeWindows } from '../../generator/targets/typescript/runtime/pagination.js';
import { bareOp } from './helpers/meta.js';

const DAY = 86_400;
const T = 1_690_000_000;
const NOW = T + 200 * DAY;

describe('timeWindows', () => {
  it.each([
    {
      name: '90 days -> 4 windows (3 full, 1 of one second)',
      given: { from: T, to: T + 90 * DAY, maxDays: 30 },
      want: [
        { from: T, to: T + 30 * DAY - 1 },
        { from: T + 30 * DAY, to: T + 60 * DAY - 1 },
        { from: T + 60 * DAY, to: T + 90 * DAY - 1 },
        { from: T + 90 * DAY, to: T + 90 * DAY },
      ],
    },
    {
      name: '30 days -> 2',
      given: { from: T, to: T + 30 * DAY, maxDays: 30 },
      want: [
        { from: T, to: T + 30 * DAY - 1 },
        { from: T + 30 * DAY, to: T + 30 * DAY },
      ],
    },
    {
      name: '30 days minus 1 s -> 1',
      given: { from: T, to: T + 30 * DAY - 1, maxDays: 30 },
      want: [{ from: T, to: T + 30 * DAY - 1 }],
    },
    { name: '29 days -> 1', given: { from: T, to: T + 29 * DAY, maxDays: 30 }, want: [{ from: T, to: T + 29 * DAY }] },
    { name: 'from == to -> 1', given: { from: T, to: T, maxDays: 30 }, want: [{ from: T, to: T }] },
    { name: 'from > to -> none', given: { from: T + 1, to: T, maxDays: 30 }, want: [] },
    {
      name: '1-day windows over 2.5 days',
      given: { from: 0, to: 2.5 * DAY, maxDays: 1 },
      want: [
        { from: 0, to: DAY - 1 },
        { from: DAY, to: 2 * DAY - 1 },
        { from: 2 * DAY, to: 2.5 * DAY },
      ],
    },
  ])('$name', ({ given, want }) => {
    expect(timeWindows(given.from, given.to, given.maxDays)).toEqual(want);
  });

  it.each([
    { from: T, to: T + 90 * DAY, maxDays: 30 },
    { from: T, to: T + 365 * DAY + 17, maxDays: 30 },
    { from: T + 5, to: T + 31 * DAY, maxDays: 7 },
  ])('windows are oldest first, contiguous, inclusive and short enough: %o', ({ from, to, maxDays }) => {
    const windows = timeWindows(from, to, maxDays);
    expect(windows[0]?.from).toBe(from);
    expect(windows.at(-1)?.to).toBe(to);
    windows.forEach((w, i) => {
      expect(w.to - w.from).toBeLessThanOrEqual(maxDays * DAY - 1);
      expect(w.to).toBeGreaterThanOrEqual(w.from);
      if (i > 0) expect(w.from).toBe((windows[i - 1] as { to: number }).to + 1);
    });
  });

  it('rejects a window shorter than one second', () => {
    expect(() => timeWindows(T, T + 10, 0)).toThrow(RangeError);
  });
});

const op = bareOp;

const pageOp = op({ id: 'listUnifiedLoans', pagination: { style: 'page', defaultLimit: 100, maxLimit: 100 } });
const offsetOp = op({
  id: 'listSubAccountTransfers',
  pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
});
const rangedOp = op({
  id: 'listWithdrawals',
  pagination: { style: 'offset', defaultLimit: 100, maxLimit: 1000 },
  timeRange: { from: 'from', to: 'to', maxDays: 30, defaultDays: 7 },
});

type Rec = { id: number; t: number };

/** A fake list endpoint over `records` that filters by [from, to] (inclusive, widened by `slack`) and pages. */
function fakeServer(records: readonly Rec[], slack = 0) {
  const calls: Record<string, unknown>[] = [];
  const fetchPage = (p: Record<string, unknown>): Promise<readonly Rec[]> => {
    calls.push(p);
    const from = typeof p['from'] === 'number' ? p['from'] - slack : -Infinity;
    const to = typeof p['to'] === 'number' ? p['to'] + slack : Infinity;
    const limit = (p['limit'] as number | undefined) ?? Infinity;
    const start =
      typeof p['page'] === 'number'
        ? (p['page'] - 1) * (p['limit'] as number)
        : ((p['offset'] as number | undefined) ?? 0);
    return Promise.resolve(records.filter((r) => r.t >= from && r.t <= to).slice(start, start + limit));
  };
  return { calls, fetchPage };
}

const records = (n: number, t = T): Rec[] => Array.from({ length: n }, (_, i) => ({ id: i, t }));

async function collect<I>(gen: AsyncGenerator<I, void, undefined>): Promise<I[]> {
  const out: I[] = [];
  for await (const item of gen) out.push(item);
  return out;
}

describe('paginate', () => {
  it.each([
    {
      name: 'page style stops on a short page',
      meta: pageOp,
      n: 250,
      params: {},
      wantCalls: [
        { limit: 100, page: 1 },
        { limit: 100, page: 2 },
        { limit: 100, page: 3 },
      ],
    },
    {
      name: 'offset style stops on a short page',
      meta: offsetOp,
      n: 250,
      params: {},
      wantCalls: [
        { limit: 100, offset: 0 },
        { limit: 100, offset: 100 },
        { limit: 100, offset: 200 },
      ],
    },
    {
      name: 'an exact multiple needs one more empty fetch',
      meta: offsetOp,
      n: 200,
      params: {},
      wantCalls: [
        { limit: 100, offset: 0 },
        { limit: 100, offset: 100 },
        { limit: 100, offset: 200 },
      ],
    },
    { name: 'an empty list takes one fetch', meta: pageOp, n: 0, params: {}, wantCalls: [{ limit: 100, page: 1 }] },
    {
      name: "the caller's limit",
      meta: offsetOp,
      n: 70,
      params: { limit: 30 },
      wantCalls: [
        { limit: 30, offset: 0 },
        { limit: 30, offset: 30 },
        { limit: 30, offset: 60 },
      ],
    },
    {
      name: "the caller's page",
      meta: pageOp,
      n: 45,
      params: { page: 3, limit: 10 },
      wantCalls: [
        { limit: 10, page: 3 },
        { limit: 10, page: 4 },
        { limit: 10, page: 5 },
      ],
    },
    {
      name: "the caller's offset",
      meta: offsetOp,
      n: 45,
      params: { offset: 20, limit: 20 },
      wantCalls: [
        { limit: 20, offset: 20 },
        { limit: 20, offset: 40 },
      ],
    },
    {
      name: 'other params are passed on',
      meta: pageOp,
      n: 5,
      params: { currency: 'BTC' },
      wantCalls: [{ currency: 'BTC', limit: 100, page: 1 }],
    },
  ])('$name', async ({ meta, n, params, wantCalls }) => {
    const server = fakeServer(records(n));
    const items = await collect(paginate(meta, params, server.fetchPage, () => NOW));
    expect(server.calls).toEqual(wantCalls);
    const first = ((params as { page?: number }).page ?? 1) - 1;
    const skip = first * ((params as { limit?: number }).limit ?? 0) + ((params as { offset?: number }).offset ?? 0);
    expect(items).toEqual(records(n).slice(skip));
  });

  it('does not fetch beyond what the consumer takes', async () => {
    const server = fakeServer(records(1000));
    const taken: Rec[] = [];
    for await (const item of paginate(offsetOp, { limit: 10 }, server.fetchPage, () => NOW)) {
      taken.push(item);
      if (taken.length === 15) break;
    }
    expect(server.calls).toHaveLength(2);
  });

  it('stops when a server ignores the paging parameters', async () => {
    const calls: unknown[] = [];
    const same = records(10);
    const items = await collect(
      paginate(
        pageOp,
        { limit: 10 },
        (p) => (calls.push(p), Promise.resolve(same)),
        () => NOW,
      ),
    );
    expect(calls).toHaveLength(2);
    expect(items).toEqual(same);
  });

  it('yields items without an id as they come, repeats included', async () => {
    const pages = [[{ a: 1 }, { a: 1 }], [{ a: 1 }]];
    const items = await collect(
      paginate(
        pageOp,
        { limit: 2 },
        () => Promise.resolve(pages.shift() ?? []),
        () => NOW,
      ),
    );
    expect(items).toEqual([{ a: 1 }, { a: 1 }, { a: 1 }]);
  });

  it('makes a single fetch for an operation without pagination', async () => {
    const server = fakeServer(records(3));
    const plain = op({ id: 'listCurrencyChains' });
    expect(await collect(paginate(plain, { currency: 'BTC' }, server.fetchPage, () => NOW))).toHaveLength(3);
    expect(server.calls).toEqual([{ currency: 'BTC' }]);
  });
});

describe('paginate over time windows', () => {
  const spread: Rec[] = [
    { id: 1, t: T },
    { id: 2, t: T + 30 * DAY - 1 },
    { id: 3, t: T + 30 * DAY },
    { id: 4, t: T + 45 * DAY },
    { id: 5, t: T + 60 * DAY - 1 },
    { id: 6, t: T + 60 * DAY },
    { id: 7, t: T + 90 * DAY },
  ];

  it('pages each window fully, oldest first', async () => {
    const server = fakeServer(spread);
    const items = await collect(
      paginate(rangedOp, { from: T, to: T + 90 * DAY, limit: 1 }, server.fetchPage, () => NOW),
    );
    expect(items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const windows = server.calls.map((c) => [c['from'], c['to']]);
    expect([...new Map(windows.map((w) => [String(w), w])).values()]).toEqual([
      [T, T + 30 * DAY - 1],
      [T + 30 * DAY, T + 60 * DAY - 1],
      [T + 60 * DAY, T + 90 * DAY - 1],
      [T + 90 * DAY, T + 90 * DAY],
    ]);
    expect(server.calls.filter((c) => c['from'] === T).map((c) => c['offset'])).toEqual([0, 1, 2]);
  });

  it('yields a record on a window edge once', async () => {
    const server = fakeServer(spread, 1);
    const items = await collect(paginate(rangedOp, { from: T, to: T + 90 * DAY }, server.fetchPage, () => NOW));
    expect(items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(server.calls).toHaveLength(4);
  });

  it("applies the caller's offset to the first window only", async () => {
    const server = fakeServer(spread);
    await collect(paginate(rangedOp, { from: T, to: T + 90 * DAY, offset: 1, limit: 5 }, server.fetchPage, () => NOW));
    expect(server.calls.map((c) => c['offset'])).toEqual([1, 0, 0, 0]);
  });

  it('defaults to to now when only from is given, and splits', async () => {
    const server = fakeServer([]);
    let reads = 0;
    await collect(paginate(rangedOp, { from: NOW - 45 * DAY }, server.fetchPage, () => (reads++, NOW + 0.7)));
    expect(reads).toBe(1);
    expect(server.calls.map((c) => [c['from'], c['to']])).toEqual([
      [NOW - 45 * DAY, NOW - 15 * DAY - 1],
      [NOW - 15 * DAY, NOW],
    ]);
  });

  it('sends a range that fits exactly as given', async () => {
    const server = fakeServer([]);
    await collect(paginate(rangedOp, { from: NOW - 3 * DAY }, server.fetchPage, () => NOW));
    expect(server.calls).toEqual([{ from: NOW - 3 * DAY, limit: 100, offset: 0 }]);
  });

  it('adds no range when the caller gave none (the server defaults apply)', async () => {
    const server = fakeServer([]);
    await collect(paginate(rangedOp, { currency: 'USDT' }, server.fetchPage, () => NOW));
    expect(server.calls).toEqual([{ currency: 'USDT', limit: 100, offset: 0 }]);
  });

  it('never splits an operation without a time range', async () => {
    const server = fakeServer(spread);
    const params = { withdraw_id: 5, from: T, to: T + 90 * DAY };
    await collect(paginate(offsetOp, params, server.fetchPage, () => NOW));
    expect(server.calls).toEqual([{ ...params, limit: 100, offset: 0 }]);
  });

  it('puts paging and window params into query for a named-only operation', async () => {
    const named = op({ ...rangedOp, id: 'listSomething', shape: 'named-only', body: 'open' });
    const calls: Record<string, unknown>[] = [];
    await collect(
      paginate(
        named,
        { query: { from: T, to: T + 40 * DAY, type: 'x' } },
        (p) => (calls.push(p), Promise.resolve([])),
        () => NOW,
      ),
    );
    expect(calls).toEqual([
      { query: { from: T, to: T + 30 * DAY - 1, type: 'x', limit: 100, offset: 0 } },
      { query: { from: T + 30 * DAY, to: T + 40 * DAY, type: 'x', limit: 100, offset: 0 } },
    ]);
  });
});
