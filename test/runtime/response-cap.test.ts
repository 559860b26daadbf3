/**
 * The response-body cap (`maxResponseBytes`, default 16 MiB) on both transports, against a server
 * on 127.0.0.1: a declared length over the cap is refused from the header, any other body is
 * counted while it streams (after fetch's content decoding) and dropped as soon as it passes the
 * cap. Memory safety shows in the cap error and in the server seeing the client hang up on an
 * endless body, never in timings.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Core } from '../../generator/targets/typescript/runtime/core.js';
import { UnknownOutcomeError, ValidationError } from '../../generator/targets/typescript/runtime/errors.js';
import { isResponseTooLargeError } from '../../generator/targets/typescript/runtime/error-guards.js';
import { request } from '../../generator/targets/typescript/runtime/request.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  decodeChunks,
  declaredOverLimit,
} from '../../generator/targets/typescript/runtime/response-cap.js';
import {
  ResponseTooLargeError,
  ResponseBodyError,
} from '../../generator/targets/typescript/runtime/response-errors.js';
import { listenLocal } from '../support/local-server.js';
import { testCore } from './helpers/core.js';
import { apiMeta, listWithdrawalsMeta, withdrawMeta } from './helpers/meta.js';

describe('declaredOverLimit', () => {
  it.each([
    { given: { headers: { 'content-length': '1025' }, decodes: false }, want: true },
    { given: { headers: { 'content-length': '1024' }, decodes: false }, want: false },
    { given: { headers: {}, decodes: false }, want: false },
    { given: { headers: { 'content-length': 'lots' }, decodes: false }, want: false },
    { given: { headers: { 'content-length': '5000', 'content-encoding': 'gzip' }, decodes: false }, want: true },
    { given: { headers: { 'content-length': '5000', 'content-encoding': 'gzip' }, decodes: true }, want: false },
    { given: { headers: { 'content-length': '5000', 'content-encoding': 'identity' }, decodes: true }, want: true },
    { given: { headers: { 'content-length': '5000' }, decodes: true }, want: true },
  ])('$given -> $want', ({ given, want }) => {
    expect(declaredOverLimit(given.headers, 1024, given.decodes)).toBe(want);
  });
});

describe('decodeChunks: the chunks of a body read as one streaming UTF-8 decoder reads them', () => {
  const bytes = (...xs: number[]): Uint8Array => Uint8Array.from(xs);
  const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
  const cases: { name: string; given: Uint8Array[]; want: string }[] = [
    { name: 'no chunk', given: [], want: '' },
    { name: 'one chunk', given: [utf8('{"a":"héllo"}')], want: '{"a":"héllo"}' },
    { name: 'several chunks', given: [utf8('[1,'), utf8('2,'), utf8('3]')], want: '[1,2,3]' },
    { name: 'a leading BOM is dropped', given: [bytes(0xef, 0xbb, 0xbf, 0x41)], want: 'A' },
    { name: 'a BOM split over chunks is dropped', given: [bytes(0xef), bytes(0xbb, 0xbf, 0x41)], want: 'A' },
    { name: 'a BOM later in the text is kept', given: [bytes(0x41, 0xef, 0xbb, 0xbf)], want: 'A\ufeff' },
    { name: 'a character split over chunks', given: [bytes(0x22, 0xc3), bytes(0xa9, 0x22)], want: '"é"' },
    { name: 'an invalid byte reads as U+FFFD', given: [bytes(0x41, 0xff)], want: 'A\ufffd' },
    { name: 'a character cut off at the end reads as U+FFFD', given: [bytes(0x41), bytes(0xc3)], want: 'A\ufffd' },
  ];
  for (const { name, given, want } of cases) {
    it(name, () => expect(decodeChunks(given)).toBe(want));
  }
});

describe('maxResponseBytes is checked at construction', () => {
  it.each([0, -1, 1.5, '1024', Number.NaN, 2 ** 31])('%j is refused', (given) => {
    expect(() => new Core({ maxResponseBytes: given as number }, apiMeta)).toThrow(ValidationError);
    try {
      new Core({ maxResponseBytes: given as number }, apiMeta);
    } catch (error) {
      expect(error).toMatchObject({ field: 'maxResponseBytes', rule: 'option' });
    }
  });
  it('the default is 16 MiB', () => expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(16 * 1024 * 1024));
});

type Answer = (req: IncomingMessage, res: ServerResponse) => void;
let answer: Answer = (_req, res) => res.end('[]');
const seen: string[] = [];
/** Answers the client closed while the server was still writing them. */
let hungUp = 0;
let server: { baseUrl: string; close: () => Promise<void> };

beforeAll(async () => {
  const http = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
      res.on('close', () => {
        if (!res.writableFinished) hungUp += 1;
      });
      answer(req, res);
    });
  });
  const { port, close } = await listenLocal(http);
  server = { baseUrl: `http://127.0.0.1:${port}/api/v4`, close };
});
afterAll(() => server.close());
beforeEach(() => {
  seen.length = 0;
  hungUp = 0;
});

/** Writes `chunk` (through `through`, when given) until the client hangs up. */
function endless(res: ServerResponse, chunk: Buffer, headers: Record<string, string>, gzip = false): void {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  const sink = gzip ? createGzip() : res;
  if (gzip) {
    sink.pipe(res);
    res.on('close', () => sink.destroy());
  }
  const pump = (): void => {
    while (!res.destroyed && !sink.destroyed && sink.write(chunk));
  };
  sink.on('drain', pump);
  pump();
}

const json = (res: ServerResponse, text: string, headers: Record<string, string> = {}): void => {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
  res.end(text);
};

const RECORD = { id: 'w1', status: 'REQUEST', currency: 'USDT', amount: '10', withdraw_order_id: 'wd-cap-1' };
const withdrawal = { currency: 'USDT', amount: '10', chain: 'TRX', address: 'Txyz', withdraw_order_id: 'wd-cap-1' };

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  const client = (extra: Parameters<typeof testCore>[0] = {}) =>
    testCore({ baseUrl: server.baseUrl, transport, rateLimit: 'off', maxRetries: 0, ...extra });

  it('a body exactly at the cap is read', async () => {
    const text = JSON.stringify([RECORD]);
    answer = (_req, res) => json(res, text);
    const data = await request(client({ maxResponseBytes: Buffer.byteLength(text) }), listWithdrawalsMeta, {});
    expect(data).toMatchObject([{ id: 'w1' }]);
  });

  it('a Content-Length over the default cap is refused from the header, its body never awaited', async () => {
    // The header lies: it announces 20 MiB, sends a few bytes and never ends the answer.
    answer = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(20 * 1024 * 1024) });
      res.write('[{"id":');
    };
    const error = await request(client({ timeout: 60_000 }), listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, limit: DEFAULT_MAX_RESPONSE_BYTES, operation: 'listWithdrawals' });
    expect(isResponseTooLargeError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ResponseBodyError);
    expect((error as Error).message).toBe(
      `listWithdrawals: the server answered 200 with a body larger than ${DEFAULT_MAX_RESPONSE_BYTES} bytes ` +
        '(maxResponseBytes); it was not read',
    );
  });

  it('a read over the cap follows the read retry policy: retried up to maxRetries, then the cap error', async () => {
    answer = (_req, res) => json(res, JSON.stringify([RECORD, RECORD, RECORD]));
    const error = await request(client({ maxResponseBytes: 100, maxRetries: 1 }), listWithdrawalsMeta, {}).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', status: 200, limit: 100 });
    expect(seen).toEqual(['GET /api/v4/wallet/withdrawals', 'GET /api/v4/wallet/withdrawals']);
  });

  it('an endless body without Content-Length is dropped at the cap: the client hangs up', async () => {
    answer = (_req, res) => endless(res, Buffer.alloc(16 * 1024, 0x20), {});
    const error = await request(client({ maxResponseBytes: 64 * 1024 }), listWithdrawalsMeta, {}).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: 64 * 1024 });
    await expect.poll(() => hungUp).toBe(1);
  });

  it('an endless gzip stream is dropped at the cap (counted decoded by fetch, as read by node)', async () => {
    answer = (_req, res) => endless(res, Buffer.alloc(64 * 1024), { 'Content-Encoding': 'gzip' }, true);
    const error = await request(client({ maxResponseBytes: 4096 }), listWithdrawalsMeta, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await expect.poll(() => hungUp).toBe(1);
  });

  it('a gzip bomb with a small Content-Length: fetch counts it decoded, node never decodes it', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    answer = (_req, res) =>
      json(res, bomb as unknown as string, { 'Content-Encoding': 'gzip', 'Content-Length': String(bomb.length) });
    const error = await request(client({ maxResponseBytes: 1024 * 1024 }), listWithdrawalsMeta, {}).catch(
      (e: unknown) => e,
    );
    if (transport === 'fetch') expect(error).toBeInstanceOf(ResponseTooLargeError);
    else expect(error).toBeInstanceOf(ResponseBodyError);
  });

  it('a write answered over the cap is looked up by its id, never sent twice', async () => {
    answer = (req, res) =>
      req.method === 'GET' ? json(res, JSON.stringify([RECORD])) : endless(res, Buffer.alloc(8192, 0x20), {});
    const record = await request(client({ maxResponseBytes: 4096, maxRetries: 2 }), withdrawMeta, withdrawal);
    expect(record).toMatchObject({ id: 'w1', withdraw_order_id: 'wd-cap-1' });
    expect(seen).toEqual(['POST /api/v4/withdrawals', 'GET /api/v4/wallet/withdrawals']);
  });

  it('a write answered over the cap and not found: UnknownOutcomeError caused by the cap error', async () => {
    answer = (req, res) => (req.method === 'GET' ? json(res, '[]') : json(res, ' '.repeat(8192)));
    const error = await request(client({ maxResponseBytes: 4096, maxRetries: 2 }), withdrawMeta, withdrawal).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error).toMatchObject({ idempotency: { field: 'withdraw_order_id', value: 'wd-cap-1' } });
    expect((error as Error).cause).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).cause).toMatchObject({ status: 200, limit: 4096 });
    expect(seen.filter((s) => s.startsWith('POST'))).toHaveLength(1);
  });
});
