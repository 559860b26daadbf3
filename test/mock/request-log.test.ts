/**
 * The request log is bounded: it keeps the last `requestLogSize` requests (and preflights) and at
 * most `requestLogBodyBytes` of their bodies, dropping the oldest first, so a mock left running
 * holds a flat amount however many requests it answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { RequestLog, dropCount } from '../../mock/request-log.js';
import { json, startTestMock } from './support/harness.js';
import type { TestMock } from './support/harness.js';

describe('dropCount', () => {
  const rows: Array<{ given: { sizes: number[]; requests: number; bodyBytes: number }; want: number }> = [
    { given: { sizes: [], requests: 3, bodyBytes: 100 }, want: 0 },
    { given: { sizes: [1, 1, 1], requests: 3, bodyBytes: 100 }, want: 0 },
    { given: { sizes: [1, 1, 1, 1], requests: 3, bodyBytes: 100 }, want: 1 },
    { given: { sizes: [1, 1, 1, 1, 1, 1], requests: 3, bodyBytes: 100 }, want: 3 },
    { given: { sizes: [60, 30, 20], requests: 3, bodyBytes: 100 }, want: 1 },
    { given: { sizes: [60, 30, 80], requests: 3, bodyBytes: 100 }, want: 2 },
    // The newest item stays even when it alone is over the budget.
    { given: { sizes: [10, 500], requests: 3, bodyBytes: 100 }, want: 1 },
  ];
  for (const { given, want } of rows) {
    it(`${JSON.stringify(given)} -> drop ${want}`, () => {
      expect(dropCount(given.sizes, { requests: given.requests, bodyBytes: given.bodyBytes })).toBe(want);
    });
  }
});

describe('RequestLog', () => {
  it('keeps the last N items in order, the same array throughout, and counts their bytes', () => {
    const log = new RequestLog<number>({ requests: 3, bodyBytes: 1000 });
    const items = log.items;
    for (let i = 1; i <= 10; i += 1) log.push(i, 10);
    expect(items).toBe(log.items);
    expect(items).toEqual([8, 9, 10]);
    expect(log.bodyBytes).toBe(30);
    log.clear();
    expect([items.length, log.bodyBytes]).toEqual([0, 0]);
  });
});

describe('the mock keeps the last requests', () => {
  const SIZE = 5;
  let t: TestMock;
  beforeAll(async () => {
    t = await startTestMock({ requestLogSize: SIZE, requestLogBodyBytes: 200 });
  });
  afterAll(() => t.mock.close());
  beforeEach(() => t.mock.reset());

  it('after N + k requests it holds the last N, oldest dropped, sequence numbers going on', async () => {
    for (let i = 0; i < SIZE + 3; i += 1) await t.call({ method: 'GET', path: '/spot/time', signed: false });
    expect(t.mock.requests.map((r) => r.seq)).toEqual([4, 5, 6, 7, 8]);
    for (let i = 0; i < 20; i += 1) await t.call({ method: 'GET', path: '/spot/time', signed: false });
    expect(t.mock.requests).toHaveLength(SIZE);
    expect(t.mock.requests.at(-1)?.seq).toBe(SIZE + 23);
    t.mock.reset();
    await t.call({ method: 'GET', path: '/spot/time', signed: false });
    expect(t.mock.requests.map((r) => r.seq)).toEqual([1]);
  });

  it('keeps at most requestLogBodyBytes of bodies', async () => {
    const body = json({ advance: 'x'.repeat(70) });
    for (let i = 0; i < 4; i += 1) await t.call({ method: 'POST', path: '/wallet/transfers', body });
    expect(t.mock.requests.map((r) => r.seq)).toEqual([3, 4]);
  });

  it('keeps the last N preflights', async () => {
    for (let i = 0; i < SIZE + 2; i += 1) {
      await fetch(`${t.mock.url}/spot/time?i=${i}`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'GET' },
      });
    }
    expect(t.mock.preflights).toHaveLength(SIZE);
  });
});

describe('startMock log options', () => {
  for (const [name, value] of [
    ['requestLogSize', 0],
    ['requestLogSize', 1.5],
    ['requestLogBodyBytes', -1],
    ['requestLogBodyBytes', Number.NaN],
  ] as const) {
    it(`refuses ${name}: ${value}`, async () => {
      await expect(startMock({ [name]: value, exchange: false })).rejects.toThrow(name);
    });
  }
});
