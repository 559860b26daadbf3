/**
 * Every stateful handler, by `METHOD /template/{}` key, plus `GET /spot/time`
 * (`{server_time: <server clock, epoch ms>}`).
 */
import { templateKey } from '../router.js';
import type { Handler, HandlerTable } from './handler.js';
import { subAccountHandlers } from './sub-accounts.js';
import { transferHandlers } from './transfers.js';
import { withdrawalHandlers } from './withdrawals.js';

const serverTime: Handler = (ctx) => ({ status: ctx.op.successStatus, body: { server_time: ctx.nowMs } });

/** The handlers the mock answers from state before trying fixtures and examples. */
export const statefulHandlers: HandlerTable = {
  'GET /spot/time': serverTime,
  ...transferHandlers,
  ...withdrawalHandlers,
  ...subAccountHandlers,
};

/** Whether the mock answers this operation (method + path template) from its stateful flows. */
export function answersFromState(op: { readonly method: string; readonly path: string }): boolean {
  return statefulHandlers[templateKey(op.method, op.path)] !== undefined;
}
