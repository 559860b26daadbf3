/**
 * The contract of the paper exchange's HTTP handlers: the request as every stateful handler sees
 * it (`../../handler-contract.ts`) and the one thing they need of the mock's state, the exchange.
 * The mock's handler context has that shape, so these handlers sit in its handler tables without
 * this folder importing the flows' state.
 */
import type { HandlerMiss, HandlerResult, RequestContext } from '../../handler-contract.js';
import type { PaperExchange } from '../exchange.js';

/** What an exchange handler sees of a request. */
export interface ExchangeContext extends RequestContext {
  state: { readonly exchange: PaperExchange | undefined };
}

/** An exchange handler. */
export type ExchangeHandler = (ctx: ExchangeContext) => HandlerResult | HandlerMiss;

/** Exchange handlers by `METHOD /template/{}` key. */
export type ExchangeHandlerTable = Readonly<Record<string, ExchangeHandler>>;
