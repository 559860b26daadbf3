/**
 * Chooses the answer to a request that passed every check, in this order:
 * (1) for operations with a stateful handler: a recorded error fixture that matches the request
 * by at least one condition (so recorded failures such as WITHDRAWAL_OVER_LIMIT replay), else the
 * handler (a lookup the state cannot answer falls through to fixtures, then to the handler's
 * not-found error); (2) the best-matching recorded fixture, (3) the spec's example for the
 * success status (a 204 needs none), else (4) 501 NOT_IMPLEMENTED_IN_MOCK. Handler and example answers are checked against the response
 * schema (fixtures were checked when loaded), so the mock never serves a body the spec rejects.
 */
import type { IROperation } from '../generator/ir/types.js';
import { MockHttpError } from './errors.js';
import type { FixtureStore } from './fixture-store.js';
import type { PaginationInfo } from './headers.js';
import { parseLossless, toPlain } from './json.js';
import type { QueryPair } from './query.js';
import { templateKey } from './router.js';
import type { SchemaValidator } from './schema-validator.js';
import type { SpecIndex } from './spec-index.js';
import type { HandlerContext, HandlerTable } from './state/handler.js';

/** The answer chosen for a request. */
export interface Answer {
  status: number;
  /** JSON body; `undefined` for none. */
  body: unknown;
  /** Extra headers (from a fixture). */
  headers: Readonly<Record<string, string>>;
  pagination?: PaginationInfo | undefined;
  /** Where it came from, for the request log and debugging. */
  source: 'state' | 'fixture' | 'example' | 'empty';
}

/** What answering needs besides the request. */
export interface AnswerSources {
  handlers: HandlerTable;
  fixtures: FixtureStore;
  spec: SpecIndex;
  validator: SchemaValidator;
  /** Check handler and example bodies against the response schema. */
  checkResponses: boolean;
}

/** The request as the answer sources see it. */
export interface AnswerRequest extends Omit<HandlerContext, 'op'> {
  pathParams: Readonly<Record<string, string>>;
  pairs: readonly QueryPair[];
  bodyText: string;
}

/** Picks the answer for `op`; throws {@link MockHttpError} (handler errors, 501). */
export function answer(op: IROperation, request: AnswerRequest, sources: AnswerSources): Answer {
  const handler = sources.handlers[templateKey(op.method, op.path)];
  if (handler !== undefined) {
    const recordedError = fromFixture(op, request, sources, true);
    if (recordedError !== undefined) return recordedError;
    const result = handler({ ...request, op });
    if ('miss' in result) return fromFixture(op, request, sources) ?? raise(result.miss);
    const out: Answer = {
      status: result.status,
      body: result.body,
      headers: {},
      pagination: result.pagination,
      source: 'state',
    };
    return checked(op, out, sources);
  }

  const recorded = fromFixture(op, request, sources);
  if (recorded !== undefined) return recorded;

  if (op.successStatus === 204) return { status: 204, body: undefined, headers: {}, source: 'empty' };
  const example = sources.spec.responseExample(op, op.successStatus);
  if (example !== undefined) {
    return checked(op, { status: op.successStatus, body: example, headers: {}, source: 'example' }, sources);
  }
  throw new MockHttpError(
    501,
    'NOT_IMPLEMENTED_IN_MOCK',
    `No stateful handler, fixture or spec example answers ${op.method} ${op.path} (${op.id}); add a fixture for it`,
  );
}

function fromFixture(
  op: IROperation,
  request: AnswerRequest,
  sources: AnswerSources,
  errorsOnly = false,
): Answer | undefined {
  let lossless: unknown;
  try {
    lossless = request.bodyText === '' ? undefined : parseLossless(request.bodyText);
  } catch {
    lossless = undefined;
  }
  const fixture = sources.fixtures.match(
    op,
    { pathParams: request.pathParams, pairs: request.pairs, body: lossless },
    { errorsOnly },
  );
  if (fixture === undefined) return undefined;
  const { status, headers, body } = fixture.fixture.response;
  return { status, body, headers: headers ?? {}, source: 'fixture' };
}

function raise(error: MockHttpError): never {
  throw error;
}

function checked(op: IROperation, out: Answer, sources: AnswerSources): Answer {
  if (!sources.checkResponses || out.body === undefined) return out;
  const schema = op.responses.find((r) => r.status === String(out.status))?.schema;
  if (schema === undefined) return out;
  const failure = sources.validator.check(schema, toPlain(out.body));
  if (failure === undefined) return out;
  throw new MockHttpError(
    500,
    'MOCK_RESPONSE_INVALID',
    `The mock's ${out.source} answer for ${op.id} does not match the spec at "${failure.instancePath || '/'}": ${failure.message}`,
  );
}
