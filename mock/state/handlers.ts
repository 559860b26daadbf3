/**
 * Every stateful handler, by `METHOD /template/{}` key, plus `GET /spot/time`
 * (`{server_time: <server clock, epoch ms>}`). The spot, margin and futures trading endpoints are
 * answered by the paper exchange (`mock/exchange/`).
 */
import { countdownHandlers } from '../exchange/http/countdown-handlers.js';
import { futuresOrderHandlers } from '../exchange/http/futures-handlers.js';
import { futuresPositionHandlers } from '../exchange/http/futures-positions.js';
import { spotHandlers } from '../exchange/http/spot-handlers.js';
import { templateKey } from '../router.js';
import type { Handler, HandlerTable } from './handler.js';
import { subAccountHandlers } from './sub-accounts.js';
import { transferHandlers } from './transfers.js';
import { withdrawalHandlers } from './withdrawals.js';

const serverTime: Handler = (ctx) => ({ status: ctx.op.successStatus, body: { server_time: ctx.nowMs } });

/** The flows answered from the mock's own state: server time, transfers, withdrawals, sub-accounts. */
export const flowHandlers: HandlerTable = {
  'GET /spot/time': serverTime,
  ...transferHandlers,
  ...withdrawalHandlers,
  ...subAccountHandlers,
};

/** The trading endpoints the paper exchange answers (only while it is on). */
export const exchangeHandlers: HandlerTable = {
  ...spotHandlers,
  ...futuresOrderHandlers,
  ...futuresPositionHandlers,
  ...countdownHandlers,
};

/** The handlers the mock answers from state before trying fixtures and examples. */
export const statefulHandlers: HandlerTable = { ...flowHandlers, ...exchangeHandlers };

/** Whether the mock answers this operation (method + path template) from its stateful flows. */
export function answersFromState(op: { readonly method: string; readonly path: string }): boolean {
  return statefulHandlers[templateKey(op.method, op.path)] !== undefined;
}

/** Whether the paper exchange answers this operation (method + path template) while it is on. */
export function answersFromExchange(op: { readonly method: string; readonly path: string }): boolean {
  return exchangeHandlers[templateKey(op.method, op.path)] !== undefined;
}
