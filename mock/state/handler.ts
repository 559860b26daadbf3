/**
 * The contract of a stateful handler: it receives a request that passed signature checks,
 * validation and the rate limit, and answers it from (and changes) the mock's state. The parts
 * that do not depend on the state are in `../handler-contract.ts`.
 */
import type { HandlerMiss, HandlerResult, RequestContext } from '../handler-contract.js';
import type { MockState } from './store.js';

export { bodyObject, queryNumber, queryText, textField } from '../handler-contract.js';

/** What a handler sees of a request. */
export interface HandlerContext extends RequestContext {
  state: MockState;
}

/** A stateful handler. */
export type Handler = (ctx: HandlerContext) => HandlerResult | HandlerMiss;

/** Handlers by `METHOD /template/{}` key (parameter names erased, see `templateKey`). */
export type HandlerTable = Readonly<Record<string, Handler>>;
