/**
 * `POST /spot/countdown_cancel_all` and `POST /futures/{settle}/countdown_cancel_all`: start or
 * stop the caller's countdown (countdown.ts) and answer when it ends.
 */
import { textField } from '../../handler-contract.js';
import type { ExchangeHandler, ExchangeHandlerTable } from './context.js';
import { setCountdown } from '../countdown.js';
import { own } from '../own.js';
import { contractNamed, ok, settleOf } from './futures-context.js';
import { callerUid, changed, exchangeOf, miss } from './params.js';

const bodyTimeout = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['timeout'] : undefined;

const spotCountdown: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const pair = textField(ctx.body, 'currency_pair');
    if (pair !== undefined && own(state.spotMarkets, pair) === undefined) {
      return miss(400, 'INVALID_CURRENCY_PAIR', `Invalid currency pair: ${pair}`);
    }
    const scope = { uid: callerUid(ctx), market: 'spot' as const, only: pair };
    return ok(ctx, { triggerTime: setCountdown(state, scope, bodyTimeout(ctx.body), nowMs) });
  });

const futuresCountdown: ExchangeHandler = (ctx) =>
  changed(exchangeOf(ctx), (state, nowMs) => {
    const name = textField(ctx.body, 'contract');
    if (name !== undefined) {
      const contract = contractNamed(ctx, state, name);
      if ('miss' in contract) return contract;
    }
    const scope = { uid: callerUid(ctx), market: 'futures' as const, settle: settleOf(ctx), only: name };
    return ok(ctx, { triggerTime: setCountdown(state, scope, bodyTimeout(ctx.body), nowMs) });
  });

/** The countdown handlers by `METHOD /template/{}`. */
export const countdownHandlers: ExchangeHandlerTable = {
  'POST /spot/countdown_cancel_all': spotCountdown,
  'POST /futures/{}/countdown_cancel_all': futuresCountdown,
};
