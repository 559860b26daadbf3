/**
 * The guard's decisions as tables (Host, own origin, control refusals, declared length, clock
 * moves) and the limited body read on a stream that never ends.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../mock/body.js';
import { CLOCK_RANGE_MS, clockTarget, hostAllowed, lengthRefusal, ownOrigin, refusal } from '../../mock/guard.js';
import type { GuardedRequest } from '../../mock/guard.js';
import { startMock } from '../../mock/index.js';

const PORT = 8080;

describe('hostAllowed', () => {
  const rows: Array<{ given: string | undefined; want: boolean }> = [
    { given: '127.0.0.1:8080', want: true },
    { given: 'localhost:8080', want: true },
    { given: 'LOCALHOST:8080', want: true },
    { given: undefined, want: false },
    { given: '', want: false },
    { given: '127.0.0.1', want: false },
    { given: 'localhost', want: false },
    { given: '127.0.0.1:8081', want: false },
    { given: 'evil.example:8080', want: false },
    { given: 'localhost.evil.example:8080', want: false },
    { given: '[::1]:8080', want: false },
  ];
  for (const { given, want } of rows) {
    it(`${JSON.stringify(given)} -> ${want}`, () => expect(hostAllowed(given, PORT)).toBe(want));
  }
  it('takes a bare name on port 80', () => {
    expect([hostAllowed('localhost', 80), hostAllowed('127.0.0.1', 80), hostAllowed('evil.example', 80)]).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('ownOrigin', () => {
  const rows: Array<{ given: string; want: boolean }> = [
    { given: 'http://127.0.0.1:8080', want: true },
    { given: 'http://localhost:8080', want: true },
    { given: 'https://127.0.0.1:8080', want: false },
    { given: 'http://127.0.0.1:5173', want: false },
    { given: 'null', want: false },
    { given: 'http://evil.example', want: false },
    { given: 'http://127.0.0.1:8080.evil.example', want: false },
  ];
  for (const { given, want } of rows) {
    it(`${given} -> ${want}`, () => expect(ownOrigin(given, PORT)).toBe(want));
  }
});

describe('refusal', () => {
  const base: GuardedRequest = {
    method: 'POST',
    url: '/__mock/clock',
    host: 'localhost:8080',
    origin: undefined,
    preflightMethod: undefined,
  };
  const rows: Array<{
    name: string;
    given: Partial<GuardedRequest>;
    want: [number, string] | undefined;
  }> = [
    { name: 'control, no Origin', given: {}, want: undefined },
    { name: 'control, own origin', given: { origin: 'http://localhost:8080' }, want: undefined },
    { name: 'control, other origin', given: { origin: 'http://evil.example' }, want: [403, 'FORBIDDEN_ORIGIN'] },
    {
      name: 'control preflight',
      given: { method: 'OPTIONS', preflightMethod: 'POST' },
      want: [403, 'FORBIDDEN_ORIGIN'],
    },
    { name: 'control, other Host', given: { host: 'evil.example:8080' }, want: [421, 'MISDIRECTED_REQUEST'] },
    { name: 'API, other origin', given: { url: '/api/v4/spot/time', origin: 'http://evil.example' }, want: undefined },
    {
      name: 'API preflight',
      given: { url: '/api/v4/spot/time', method: 'OPTIONS', preflightMethod: 'GET' },
      want: undefined,
    },
    {
      name: 'API, other Host',
      given: { url: '/api/v4/spot/time', host: 'evil.example' },
      want: [421, 'MISDIRECTED_REQUEST'],
    },
    { name: 'API, no Host', given: { url: '/api/v4/spot/time', host: undefined }, want: [421, 'MISDIRECTED_REQUEST'] },
  ];
  for (const { name, given, want } of rows) {
    it(`${name} -> ${want?.join(' ') ?? 'answered'}`, () => {
      const error = refusal({ ...base, ...given }, PORT);
      expect(error === undefined ? undefined : [error.status, error.label]).toEqual(want);
    });
  }
});

describe('lengthRefusal', () => {
  const rows: Array<{ given: string | undefined; want: number | undefined }> = [
    { given: undefined, want: undefined },
    { given: '0', want: undefined },
    { given: '100', want: undefined },
    { given: '101', want: 413 },
    { given: '268435456', want: 413 },
  ];
  for (const { given, want } of rows) {
    it(`Content-Length ${String(given)} with limit 100 -> ${String(want)}`, () => {
      expect(lengthRefusal(given, 100)?.status).toBe(want);
    });
  }
});

describe('clockTarget', () => {
  const now = Date.UTC(2026, 0, 15);
  const rows: Array<{ given: Record<string, unknown>; want: number | string }> = [
    { given: { set_ms: now + 5 }, want: now + 5 },
    { given: { advance_ms: 60_000 }, want: now + 60_000 },
    { given: { advance_ms: -60_000 }, want: now - 60_000 },
    { given: { set_ms: CLOCK_RANGE_MS.min }, want: CLOCK_RANGE_MS.min },
    { given: { set_ms: CLOCK_RANGE_MS.max }, want: CLOCK_RANGE_MS.max },
    { given: { set_ms: CLOCK_RANGE_MS.max + 1 }, want: 'INVALID_PARAM_VALUE set_ms' },
    { given: { set_ms: 1e300 }, want: 'INVALID_PARAM_VALUE set_ms' },
    { given: { set_ms: Number.NaN }, want: 'INVALID_PARAM_VALUE set_ms' },
    { given: { set_ms: Number.POSITIVE_INFINITY }, want: 'INVALID_PARAM_VALUE set_ms' },
    { given: { set_ms: null }, want: 'INVALID_PARAM_VALUE set_ms' },
    { given: { advance_ms: 1e300 }, want: 'INVALID_PARAM_VALUE advance_ms' },
    { given: { advance_ms: '1' }, want: 'INVALID_PARAM_VALUE advance_ms' },
    { given: {}, want: 'INVALID_REQUEST_BODY ' },
  ];
  for (const { given, want } of rows) {
    it(`${JSON.stringify(given)} -> ${want}`, () => {
      let got: number | string;
      try {
        got = clockTarget(given, now);
      } catch (e) {
        const error = e as { label: string; message: string };
        const field = /`(\w+)`/.exec(error.message)?.[1] ?? '';
        got = `${error.label} ${field}`;
      }
      expect(got).toBe(want);
    });
  }
});

describe('readBody', () => {
  it('reads a body up to the limit', async () => {
    const body = await readBody(Readable.from([Buffer.from('ab'), Buffer.from('cd')]), 4);
    expect(body).toEqual(Buffer.from('abcd'));
  });

  it('stops reading an endless body once it passes the limit', async () => {
    let pulled = 0;
    const endless = new Readable({
      highWaterMark: 10,
      read() {
        pulled += 1;
        this.push(Buffer.alloc(10));
      },
    });
    expect(await readBody(endless, 25)).toBe('too-large');
    const then = pulled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(endless.isPaused()).toBe(true);
    expect(pulled - then).toBeLessThanOrEqual(1);
    expect(pulled).toBeLessThan(10);
  });
});

describe('startMock option maxBodyBytes', () => {
  for (const given of [0, -1, 1.5, Number.NaN]) {
    it(`refuses ${given}`, async () => {
      await expect(startMock({ maxBodyBytes: given, exchange: false })).rejects.toThrow(/maxBodyBytes/);
    });
  }
});
