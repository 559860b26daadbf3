/**
 * One request through the mock, in the exchange's order: simulated network delay (the request
 * "arrives" at its end) -> route (404/405) -> signature checks for private operations (401) ->
 * injected fault -> validation (400) -> rate limit, counted at the arrival time (429) -> a `delay`
 * fault's wait -> answer
 * (state, fixture, example, 501) -> faults that strike after the work (`reset-after`,
 * `status-after`, a redirect after processing). Every response carries the IR's headers (or the
 * live names, `liveHeaders`); every request is logged without credentials.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IR, IROperation } from '../generator/ir/types.js';
import type { MockClock } from './clock.js';
import { MockHttpError } from './errors.js';
import { defaultFaultLabel } from './faults.js';
import type { ArmedFault, FaultInjector } from './faults.js';
import { appliedPage, newTraceId, responseHeaders } from './headers.js';
import type { PaginationInfo } from './headers.js';
import { toJson } from './json.js';
import type { KeyRing } from './keys.js';
import type { RateLimiter } from './rate-limit.js';
import type { RateDecision, RateSubject } from './rate-limit.js';
import { redactBody, secretFields } from './request-log.js';
import type { RequestLog, RequestRecord } from './request-log.js';
import { answer } from './respond.js';
import type { AnswerSources } from './respond.js';
import { parseRawQuery } from './query.js';
import type { Router } from './router.js';
import type { MockState } from './state/store.js';
import { sha512Hex, verifySignature } from './verify-signature.js';
import { validateRequest } from './validate.js';

/** Everything the pipeline works with (one per server). */
export interface MockRuntime extends AnswerSources {
  ir: IR;
  router: Router;
  limiter: RateLimiter;
  faults: FaultInjector;
  state: MockState;
  keys: KeyRing;
  clock: MockClock;
  /** The bounded log of requests received (`mock.requests` is its `items`). */
  log: RequestLog<RequestRecord>;
  /** Pending fault delays, so `close()` can cut them short. */
  delays: Set<() => void>;
  /** Real milliseconds a request travels before it arrives (is stamped, counted and handled). */
  networkDelay: (request: { method: string; path: string; body: string }) => number;
  /** Send the live service's header names (the spec's aliases) instead of the seed's. */
  liveHeaders: boolean;
}

const secretCache = new WeakMap<IROperation, Set<string>>();

/** Handles one request whose body (`bodyBytes`) was read already, to the end (answer sent, or connection destroyed). */
export async function handleRequest(
  rt: MockRuntime,
  req: IncomingMessage,
  res: ServerResponse,
  bodyBytes: Buffer,
): Promise<void> {
  const traceId = newTraceId();
  const bodyText = bodyBytes.toString('utf8');
  const method = (req.method ?? 'GET').toUpperCase();
  const url = req.url ?? '/';
  const cut = url.indexOf('?');
  const rawPath = cut < 0 ? url : url.slice(0, cut);
  const rawQuery = cut < 0 ? '' : url.slice(cut + 1);
  const travel = rt.networkDelay({ method, path: rawPath, body: bodyText });
  if (travel > 0) await sleep(rt, travel);
  const inMs = rt.clock.now();
  const clientRequestId = req.headers[rt.ir.headers.request.clientRequestId.toLowerCase()];
  const record: RequestRecord = {
    seq: rt.log.nextSeq(),
    at: inMs,
    method,
    path: rawPath,
    query: rawQuery,
    body: bodyText,
    bodySha512: sha512Hex(bodyBytes),
    verified: false,
    operationId: undefined,
    status: 0,
    label: undefined,
    fault: undefined,
    clientRequestId: typeof clientRequestId === 'string' ? clientRequestId : undefined,
  };
  rt.log.push(record, bodyBytes.length);

  let op: IROperation | undefined;
  let rate: RateDecision | undefined;
  let fault: ArmedFault | undefined;
  const subject: RateSubject = { ip: req.socket.remoteAddress ?? '' };
  let status: number;
  let body: unknown;
  let extra: Readonly<Record<string, string>>;
  let pagination: PaginationInfo | undefined;
  try {
    const prefix = rt.ir.api.pathPrefix;
    if (!rawPath.startsWith(`${prefix}/`)) throw new MockHttpError(404, 'NOT_FOUND', `Not found: ${method} ${rawPath}`);
    const route = rt.router.match(method, rawPath.slice(prefix.length));
    if (route.kind === 'not-found') throw new MockHttpError(404, 'NOT_FOUND', `Not found: ${method} ${rawPath}`);
    if (route.kind === 'method-not-allowed') {
      throw new MockHttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method} not allowed on ${rawPath}`, {
        Allow: route.allowed.join(', '),
      });
    }
    op = route.op;
    record.operationId = op.id;
    record.body = redactBody(bodyText, secretsOf(rt, op));

    if (op.auth === 'private') {
      subject.key = verifySignature(
        { method, rawPath, rawQuery, body: bodyBytes, headers: req.headers },
        rt.ir.signing,
        (k) => rt.keys.secretOf(k),
        rt.clock.now(),
      );
      record.verified = true;
    }

    fault = rt.faults.take({ operationId: op.id, method, template: op.path, path: rawPath.slice(prefix.length) });
    if (fault !== undefined) {
      record.fault = fault.kind;
      if (fault.kind === 'reset-before') {
        req.socket.destroy();
        return;
      }
      if (fault.kind === 'status') {
        throw new MockHttpError(
          fault.status,
          fault.label ?? defaultFaultLabel(fault.status),
          fault.message ?? 'Injected fault',
        );
      }
      if (fault.kind === '429-burst') {
        rate = {
          allowed: false,
          limit: op.rateLimit.requests,
          remaining: 0,
          resetSeconds: Math.ceil(rt.clock.now() / 1000) + op.rateLimit.window,
        };
        throw new MockHttpError(429, 'TOO_MANY_REQUESTS', 'Request Rate Limit Exceeded');
      }
      if (fault.kind === 'redirect' && !(fault.apply ?? fault.status === 303)) throw redirectAnswer(fault);
    }

    const validated = validateRequest(op, { method, pathParams: route.params, rawQuery, bodyText }, rt.validator, {
      requireAnyOf: op.requireAnyOf ?? rt.spec.requireAnyOf(op),
      nowMs: rt.clock.now(),
    });

    subject.markets = marketsOf(op, validated.body, validated.query);
    rate = rt.limiter.take(op.rateLimit, subject, inMs);
    if (!rate.allowed) throw new MockHttpError(429, 'TOO_MANY_REQUESTS', 'Request Rate Limit Exceeded');
    // A slow answer: the request was counted when it arrived; the work is done after the delay.
    if (fault?.kind === 'delay') await sleep(rt, fault.ms);

    const result = answer(
      op,
      {
        pathParams: route.params,
        pathValues: route.values,
        pairs: parseRawQuery(rawQuery),
        query: validated.query,
        body: validated.body,
        bodyText,
        key: subject.key,
        nowMs: rt.clock.now(),
        state: rt.state,
        keys: rt.keys,
      },
      rt,
    );
    status = result.status;
    body = result.body;
    extra = result.headers;
    if (op.pagination !== undefined && status < 300 && Array.isArray(body)) {
      pagination = result.pagination ?? appliedPage(op.pagination, validated.query);
    }
    // Faults that strike after the work was done (a write is applied by now).
    if (fault?.kind === 'status-after') {
      throw new MockHttpError(
        fault.status,
        fault.label ?? defaultFaultLabel(fault.status),
        fault.message ?? 'Injected fault after the work was done',
      );
    }
    if (fault?.kind === 'redirect') throw redirectAnswer(fault);
  } catch (e) {
    const error =
      e instanceof MockHttpError ? e : new MockHttpError(500, 'INTERNAL', `Mock failure: ${(e as Error).message}`);
    status = error.status;
    body = error.body();
    extra = error.headers;
    record.label = error.label;
    if (op !== undefined && rate === undefined) rate = rt.limiter.peek(op.rateLimit, subject, rt.clock.now());
  }

  record.status = status;
  if (fault?.kind === 'reset-after') {
    req.socket.destroy();
    return;
  }
  const headers = {
    ...extra,
    ...responseHeaders(
      rt.ir.headers.response,
      { traceId, inMs, outMs: rt.clock.now(), rate, pagination },
      rt.liveHeaders,
    ),
  };
  send(res, status, status >= 300 && status < 400 ? undefined : body, headers);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (body === undefined || status === 204) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = toJson(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

function sleep(rt: MockRuntime, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      rt.delays.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    rt.delays.add(done);
  });
}

function secretsOf(rt: MockRuntime, op: IROperation): Set<string> {
  let names = secretCache.get(op);
  if (names === undefined) {
    names = secretFields(op.requestBody?.schema, (s) => rt.validator.resolve(s));
    secretCache.set(op, names);
  }
  return names;
}

/** A redirect answer (3xx with `Location`), thrown like an error answer. */
function redirectAnswer(fault: { status: number; location: string }): MockHttpError {
  return new MockHttpError(fault.status, 'REDIRECT', 'Moved', { Location: fault.location });
}

/**
 * The markets a `uid+market` request counts in: the value of the field `rateLimit.market` names in
 * the body or query, or, for a list body, every distinct value its items carry.
 */
export function marketsOf(
  op: Pick<IROperation, 'rateLimit'>,
  body: unknown,
  query: Readonly<Record<string, unknown>>,
): string[] {
  const field = op.rateLimit.market ?? 'currency_pair';
  const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const field0 = (item: unknown): string | undefined =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? text((item as Record<string, unknown>)[field])
      : undefined;
  if (Array.isArray(body)) return [...new Set(body.map(field0).filter((m): m is string => m !== undefined))].sort();
  const value = field0(body) ?? text(query[field]);
  return value === undefined ? [] : [value];
}
