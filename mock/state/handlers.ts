/**
 * Every stateful handler, by `METHOD /template/{}` key, plus `GET /spot/time`
 * (`{server_time: <server clock, epoch ms>}`).
 */
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
