/**
 * `startMock`: a real HTTP server on 127.0.0.1 that behaves like the exchange's API v4 where it
 * matters (signatures, validation, rate limits, headers, stateful flows), driven by the bundled
 * spec and the IR. See mock/README.md.
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import type { IR } from '../generator/ir/types.js';
import { OffsetClock } from './clock.js';
import { exposedHeaders, type PreflightRecord } from './cors.js';
import type { MockClock } from './clock.js';
import { PaperExchange } from './exchange/exchange.js';
import type { LiquidityOrder, PriceUpdate } from './exchange/exchange.js';
import { DEFAULT_SEED_FILE } from './exchange/seed-file.js';
import type { Seed } from './exchange/seed-file.js';
import { FaultInjector } from './faults.js';
import { DEFAULT_MAX_BODY_BYTES } from './guard.js';
import { FixtureStore } from './fixture-store.js';
import { KeyRing, MOCK_KEY, MOCK_SECRET } from './keys.js';
import { loadApi } from './load-api.js';
import type { MockRuntime } from './pipeline.js';
import { RateLimiter } from './rate-limit.js';
import { DEFAULT_LOG_LIMITS, RequestLog } from './request-log.js';
import type { RequestRecord } from './request-log.js';
import { Router } from './router.js';
import { SchemaValidator } from './schema-validator.js';
import { serve } from './serve.js';
import { SpecIndex } from './spec-index.js';
import { flowHandlers, statefulHandlers } from './state/handlers.js';
import { MockState } from './state/store.js';

/** Options of {@link startMock}; all optional. */
export interface MockOptions {
  /** Bundled spec (default: `generated/openapi.json`). Used for examples and `x-require-any-of`. */
  spec?: object;
  /** The IR (default: `generated/ir.json`; built from `spec` when only the spec is given). */
  ir?: IR;
  /** Port on 127.0.0.1 (default 0: a free port). */
  port?: number;
  /** Folder of fixture files to load (`*.json`, recursively). */
  fixturesDir?: string;
  /** Accepted key pairs, key to secret (default: `{ [MOCK_KEY]: MOCK_SECRET }`). */
  keys?: Record<string, string>;
  /** Time source of the server clock, epoch ms (default `Date.now`). */
  now?: () => number;
  /** Check stateful and example answers against the response schemas (default `true`). */
  checkResponses?: boolean;
  /**
   * Simulated network delay: real milliseconds each request travels before it arrives (it is
   * stamped, counted against the rate limits and handled at the end of it). A number, or a
   * function of the request (method, path with the prefix, raw body text), for jitter or to
   * reorder arrivals. Default 0.
   */
  networkDelay?: number | ((request: { method: string; path: string; body: string }) => number);
  /** Send the live service's header names (`X-Gate-*`, the spec's aliases) instead of the seed's (default `false`). */
  liveHeaders?: boolean;
  /**
   * Server-clock milliseconds a new withdrawal stays pending before `GET /wallet/withdrawals`
   * lists it (default 0). Also settable later: `mock.state.withdrawalListDelayMs`.
   */
  withdrawalListDelayMs?: number;
  /**
   * The paper exchange behind the spot, margin and futures endpoints (default: on, seeded from
   * `mock/exchange/seed.json`); `false` switches it off (those endpoints then answer from fixtures).
   */
  exchange?: PaperExchangeConfig | false;
  /**
   * Largest request body read, in bytes (default 1 MiB). A larger body is refused with 413
   * `REQUEST_BODY_TOO_LARGE`: at once when its `Content-Length` says so, else as soon as that
   * many bytes arrived (nothing more is read or kept).
   */
  maxBodyBytes?: number;
  /** How many of the last requests `requests` keeps (and of the last preflights `preflights`; default 10,000). */
  requestLogSize?: number;
  /** How many body bytes `requests` keeps over all its entries (default 32 MiB); the oldest go first. */
  requestLogBodyBytes?: number;
}

/** Options of the paper exchange. */
export interface PaperExchangeConfig {
  /** A seed, or the path of a seed file (default `mock/exchange/seed.json`). */
  seed?: Seed | string;
  /** Keep the state in this file: read at start when it exists, written after every change and on close. */
  stateFile?: string;
}

/** A running mock server. */
export interface MockServer {
  /** Base URL including the prefix, e.g. `http://127.0.0.1:41234/api/v4`. */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** The server clock (`/spot/time`, Timestamp skew, rate-limit windows). */
  readonly clock: MockClock;
  /** Per-test fault injection. */
  readonly faults: FaultInjector;
  /**
   * The last requests received (`requestLogSize`, `requestLogBodyBytes`), oldest first (credentials
   * never stored); CORS preflights are in `preflights`.
   */
  readonly requests: readonly RequestRecord[];
  /** The last CORS preflights answered (`requestLogSize`), oldest first (see mock/cors.ts). */
  readonly preflights: readonly PreflightRecord[];
  /** The stateful flows' data. */
  readonly state: MockState;
  /** Loaded fixtures; `fixtures.add(...)` adds more at run time. */
  readonly fixtures: FixtureStore;
  /** The IR being served. */
  readonly ir: IR;
  /** The paper exchange (`undefined` when switched off): state, `setPrice`, `addLiquidity`, `snapshot`. */
  readonly exchange: PaperExchange | undefined;
  /** Sets a spot pair's price or a contract's mark price (the control API's `POST /__mock/exchange/price`). */
  setPrice(update: PriceUpdate): void;
  /** Adds a resting order, funding it first (the control API's `POST /__mock/exchange/liquidity`). */
  addLiquidity(order: LiquidityOrder): void;
  /** Back to the state at start: state re-seeded, clock, rate limits, faults, log and `once` fixtures restored. */
  reset(): void;
  /** Stops the server and drops every connection. */
  close(): Promise<void>;
}

/** Starts a mock server on 127.0.0.1; resolves once it listens. */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const { spec, ir } = await loadApi({ spec: options.spec, ir: options.ir });
  const specIndex = new SpecIndex(spec);
  const validator = new SchemaValidator({
    ...specIndex.components,
    schemas: { ...(specIndex.components['schemas'] as object | undefined), ...ir.schemas },
  });
  const clock = new OffsetClock(options.now ?? Date.now);
  const fixtures = new FixtureStore(ir.operations, validator, ir.schemas['Error']);
  if (options.fixturesDir !== undefined) fixtures.loadDir(options.fixturesDir);
  const exchange =
    options.exchange === false
      ? undefined
      : new PaperExchange({
          seed: options.exchange?.seed ?? DEFAULT_SEED_FILE,
          stateFile: options.exchange?.stateFile,
          now: () => clock.now(),
        });
  const keys = new KeyRing(options.keys ?? { [MOCK_KEY]: MOCK_SECRET }, exchange?.accountKeys());
  const delay = options.networkDelay ?? 0;
  if (typeof delay === 'number' && !(Number.isFinite(delay) && delay >= 0)) {
    throw new TypeError(`startMock: networkDelay must be a non-negative number of ms, got ${String(delay)}`);
  }
  const listDelay = options.withdrawalListDelayMs ?? 0;
  if (!(Number.isFinite(listDelay) && listDelay >= 0)) {
    throw new TypeError(
      `startMock: withdrawalListDelayMs must be a non-negative number of ms, got ${String(listDelay)}`,
    );
  }
  const maxBodyBytes = positiveWhole('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const limits = {
    requests: positiveWhole('requestLogSize', options.requestLogSize ?? DEFAULT_LOG_LIMITS.requests),
    bodyBytes: positiveWhole('requestLogBodyBytes', options.requestLogBodyBytes ?? DEFAULT_LOG_LIMITS.bodyBytes),
  };
  const state = new MockState(clock.now(), listDelay);
  state.exchange = exchange;

  const rt: MockRuntime = {
    ir,
    router: new Router(ir.operations),
    limiter: new RateLimiter(),
    faults: new FaultInjector(),
    state,
    keys,
    clock,
    log: new RequestLog<RequestRecord>(limits),
    delays: new Set(),
    networkDelay: typeof delay === 'number' ? () => delay : (request) => Math.max(0, delay(request)),
    liveHeaders: options.liveHeaders ?? false,
    handlers: exchange === undefined ? flowHandlers : statefulHandlers,
    fixtures,
    spec: specIndex,
    validator,
    checkResponses: options.checkResponses ?? true,
  };

  const preflights = new RequestLog<PreflightRecord>(limits);
  const reset = (): void => {
    clock.restore();
    rt.state.reseed(clock.now());
    rt.state.withdrawalListDelayMs = listDelay;
    rt.limiter.clear();
    rt.faults.clear();
    rt.log.clear();
    preflights.clear();
    rt.fixtures.rearm();
    rt.keys.clearCreated();
  };
  const control = { exchange, clock, reset };
  const sockets = new Set<Socket>();
  const exposed = exposedHeaders(ir.headers.response);
  let port = 0;
  const door = { rt, control, exposed, preflights, port: () => port, maxBodyBytes };
  const server = createServer((req, res) => {
    serve(door, req, res).catch(() => req.socket.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}${ir.api.pathPrefix}`,
    port,
    clock,
    faults: rt.faults,
    requests: rt.log.items,
    preflights: preflights.items,
    state: rt.state,
    fixtures,
    ir,
    exchange,
    setPrice(update) {
      requireExchange(exchange).setPrice(update);
    },
    addLiquidity(order) {
      requireExchange(exchange).addLiquidity(order);
    },
    reset,
    close() {
      for (const release of [...rt.delays]) release();
      exchange?.flush();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/** `value` when it is a positive whole number; a TypeError naming the option otherwise. */
function positiveWhole(name: string, value: number): number {
  if (!(Number.isSafeInteger(value) && value > 0)) {
    throw new TypeError(`startMock: ${name} must be a positive whole number, got ${String(value)}`);
  }
  return value;
}

function requireExchange(exchange: PaperExchange | undefined): PaperExchange {
  if (exchange === undefined) throw new Error('the paper exchange is switched off (exchange: false)');
  return exchange;
}
