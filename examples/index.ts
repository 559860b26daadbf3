// The README's examples, in the order the README shows them.
import { main as signedRead } from './signed-read.js';
import { main as transfer } from './transfer-idempotent.js';
import { main as withdrawals90Days } from './withdrawals-90-days.js';
import { main as rateLimitError } from './rate-limit-error.js';
import { main as futuresPosition } from './futures-position.js';
import { main as spotOrder } from './spot-order.js';

/** Every example with its file and title. */
export const EXAMPLES: ReadonlyArray<{ file: string; title: string; main: () => Promise<void> }> = [
  { file: 'signed-read.ts', title: 'A signed read', main: signedRead },
  { file: 'transfer-idempotent.ts', title: 'A transfer with idempotency', main: transfer },
  { file: 'withdrawals-90-days.ts', title: 'Paging through 90 days of withdrawals', main: withdrawals90Days },
  { file: 'rate-limit-error.ts', title: 'Handling a rate-limit error', main: rateLimitError },
  { file: 'futures-position.ts', title: 'A futures position', main: futuresPosition },
  { file: 'spot-order.ts', title: 'A typed spot order', main: spotOrder },
];
