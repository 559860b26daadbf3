/**
 * The control API: plain JSON endpoints under `/__mock/`, outside the API prefix, unsigned (the
 * mock listens on 127.0.0.1 only; `mock/guard.ts` refuses other origins and hosts, and sends no
 * CORS headers for these paths). They drive what a test or a developer needs from outside the
 * exchange: prices, resting liquidity, the clock, reset, and a look at the state.
 *
 *   GET  /__mock/exchange            the exchange state (JSON; no key material)
 *   POST /__mock/exchange/price      {currency_pair, price} | {settle, contract, mark_price}
 *   POST /__mock/exchange/liquidity  {currency_pair, side, price, amount, uid?} | {settle, contract, price, size, uid?}
 *   GET  /__mock/clock               {now_ms}
 *   POST /__mock/clock               {advance_ms} | {set_ms} (the result within 2000..2100, else 400)
 *   POST /__mock/reset               everything back to the start (as `mock.reset()`)
 *
 * Errors answer `{label, message}` with the status of the failed rule.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MockHttpError, invalidBody } from '../../errors.js';
import type { MockClock } from '../../clock.js';
import { clockTarget } from '../../guard.js';
import { toJson } from '../../json.js';
import type { PaperExchange } from '../exchange.js';
import { futuresOrderView } from '../futures-views.js';
import { orderView } from '../spot-views.js';

/** What the control API acts on. */
export interface ControlTarget {
  exchange: PaperExchange | undefined;
  clock: MockClock;
  reset: () => void;
}

/** Answers one control request whose body (`bytes`) was read already. */
export function handleControl(target: ControlTarget, req: IncomingMessage, res: ServerResponse, bytes: Buffer): void {
  const text = bytes.toString('utf8');
  const path = (req.url ?? '').split('?')[0] ?? '';
  let status = 200;
  let body: unknown;
  try {
    body = route(target, `${req.method ?? 'GET'} ${path}`, text === '' ? {} : parse(text));
  } catch (e) {
    const error = e instanceof MockHttpError ? e : new MockHttpError(500, 'INTERNAL', (e as Error).message);
    status = error.status;
    body = error.body();
  }
  const json = toJson(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) });
  res.end(json);
}

function route(target: ControlTarget, call: string, body: Record<string, unknown>): unknown {
  const exchange = (): PaperExchange => {
    if (target.exchange === undefined) throw new MockHttpError(404, 'NOT_FOUND', 'The paper exchange is switched off');
    return target.exchange;
  };
  switch (call) {
    case 'GET /__mock/exchange':
      return exchange().snapshot();
    case 'POST /__mock/exchange/price':
      exchange().setPrice(body);
      return { ok: true };
    case 'POST /__mock/exchange/liquidity': {
      const ex = exchange();
      const order = ex.addLiquidity(body);
      return ex.read((state) => ('pair' in order ? orderView(state, order) : futuresOrderView(state, order)));
    }
    case 'GET /__mock/clock':
      return { now_ms: target.clock.now() };
    case 'POST /__mock/clock':
      target.clock.set(clockTarget(body, target.clock.now()));
      return { now_ms: target.clock.now() };
    case 'POST /__mock/reset':
      target.reset();
      return { ok: true };
    default:
      throw new MockHttpError(404, 'NOT_FOUND', `No control endpoint ${call}`);
  }
}

function parse(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalidBody('not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidBody('expected a JSON object');
  return value as Record<string, unknown>;
}
