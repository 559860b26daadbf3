// The README's examples, in the order the README shows them.
import type { MockServer } from '../mock/index.js';
import { main as signedRead } from './signed-read.js';
import { main as transfer } from './transfer-idempotent.js';
import { main as withdrawals90Days } from './withdrawals-90-days.js';
import { main as rateLimitError } from './rate-limit-error.js';
import { main as futuresPosition } from './futures-position.js';
import { main as spotOrder } from './spot-order.js';
import { main as paperLimitFill } from './paper-limit-fill.js';
import { main as paperPocFok } from './paper-poc-fok.js';
import { main as withdrawalOutcome } from './withdrawal-outcome.js';

/** One README example: its file, title, entry point and what the local mock does while it runs. */
export interface Example {
  readonly file: string;
  readonly title: string;
  readonly main: () => Promise<void>;
  /** Sets the local mock up for the example (a fault to show the example's point); undone by `mock.reset()`. */
  readonly prepare?: (mock: MockServer) => void;
}

/** Every example, in README order. */
export const EXAMPLES: readonly Example[] = [
  { file: 'signed-read.ts', title: 'A signed read', main: signedRead },
  { file: 'transfer-idempotent.ts', title: 'A transfer with idempotency', main: transfer },
  { file: 'withdrawals-90-days.ts', title: 'Paging through 90 days of withdrawals', main: withdrawals90Days },
  { file: 'rate-limit-error.ts', title: 'Handling a rate-limit error', main: rateLimitError },
  { file: 'futures-position.ts', title: 'A futures position', main: futuresPosition },
  { file: 'spot-order.ts', title: 'A typed spot order', main: spotOrder },
  { file: 'paper-limit-fill.ts', title: 'Paper trading: a limit order that fills', main: paperLimitFill },
  { file: 'paper-poc-fok.ts', title: 'Post-only and fill-or-kill refusals', main: paperPocFok },
  {
    file: 'withdrawal-outcome.ts',
    title: 'A withdrawal whose answer is lost',
    main: withdrawalOutcome,
    // The mock applies the withdrawal, answers 503, and lists it only 1.5 s later.
    prepare: (mock) => {
      mock.state.withdrawalListDelayMs = 1500;
      mock.faults.add({ operationId: 'withdraw', kind: 'status-after', status: 503 });
    },
  },
];
