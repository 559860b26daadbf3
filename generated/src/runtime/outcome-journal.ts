/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/outcome-journal.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The outcome journal (opt-in, `outcomeJournal` option): a write's intent is recorded durably
 * before the request leaves and cleared once a definitive answer came, so a process that dies in
 * between leaves an entry another process can resolve (`resolvePending`, pending-outcomes.ts).
 * The stores are a local file (journal-file.ts, the `{ path }` form of the option) and Redis
 * (`exchange-v4/redis`); any object with the three methods of `OutcomeJournalStore` fits.
 * Handed to the loop only by the calls that may write (write-settlement.ts).
 */

import type { WithResponse } from './api-promise.js';
import type { CallPlan } from './call-plan.js';
import type { RuntimeContext } from './context.js';
import { freshId } from './context.js';
import { ExchangeError } from './errors.js';
import { isUnknownOutcomeError } from './error-guards.js';
import type { JournalEntry, JournalTarget } from './journal-entry.js';
import { emit, reasonOf } from './logger.js';
import { cryptoBackend } from './signing.js';
import { outcomeRecord } from './write-lookup.js';

/** Where the journal keeps its entries. Every method resolves only once the change is durable. */
export interface OutcomeJournalStore {
  /** Records an entry; the write is sent only after this resolves. */
  record(entry: JournalEntry): Promise<void>;
  /** Clears an entry (its write got a definitive answer, or was resolved). */
  clear(id: string): Promise<void>;
  /** Entries not cleared, oldest first. */
  pending(): Promise<readonly JournalEntry[]>;
}

/**
 * What the loop does with a write's entry once the call ended: `clear` after a result or an error
 * of this client that is definitive; `keep` after an unknown outcome or anything else thrown.
 */
export function journalAfter(error: unknown): 'clear' | 'keep' {
  if (error === undefined) return 'clear';
  return error instanceof ExchangeError && !isUnknownOutcomeError(error) ? 'clear' : 'keep';
}

/** The text `paramsHash` is taken of: the request's method, path, query and body as sent. */
function hashedText(plan: Pick<CallPlan, 'wire'>): string {
  const { wire } = plan;
  return `${wire.method}\n${wire.path}\n${wire.query}\n${wire.body ?? ''}`;
}

/** Lookup parameters as text (numbers as their digits). */
function withText(extra: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) out[name] = typeof value === 'string' ? value : String(value);
  return out;
}

/** The entry of a write about to be sent at `sentAtMs`. */
async function entryOf(ctx: RuntimeContext, plan: CallPlan, sentAtMs: number): Promise<JournalEntry> {
  const record = outcomeRecord(plan, sentAtMs);
  const targets: JournalTarget[] = record.targets.map((t) => ({ value: t.value, with: withText(t.extra) }));
  const paramsHash = await (await cryptoBackend()).sha512Hex(hashedText(plan));
  return {
    id: freshId(),
    operation: plan.meta.id,
    field: record.field,
    value: record.value,
    targets,
    paramsHash,
    sentAtMs,
    account: ctx.account,
  };
}

/**
 * Runs a write with its intent journaled: recorded before `run` sends anything (a failure to
 * record fails the call with nothing sent), cleared after a definitive answer, kept after an
 * unknown outcome. A failure to clear is logged and leaves the entry (resolving it later is safe).
 */
export async function journaled(
  store: OutcomeJournalStore,
  ctx: RuntimeContext,
  plan: CallPlan,
  run: () => Promise<WithResponse<unknown>>,
): Promise<WithResponse<unknown>> {
  const entry = await entryOf(ctx, plan, Math.floor(ctx.clock.nowMs()));
  try {
    await store.record(entry);
  } catch (error) {
    throw new ExchangeError(
      `${plan.meta.id}: the outcome journal could not record the write, so nothing was sent (${reasonOf(error)})`,
      {
        operation: plan.meta.id,
        cause: error,
      },
    );
  }
  let failure: unknown;
  try {
    return await run();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (journalAfter(failure) === 'clear') {
      await store.clear(entry.id).catch((error: unknown) => {
        emit(ctx.settings.logger, {
          type: 'error',
          operation: plan.meta.id,
          method: plan.meta.method,
          url: plan.url,
          attempt: 0,
          requestId: plan.requestId,
          reason: `outcome journal: could not clear entry ${entry.id} (${reasonOf(error)}); resolvePending() clears it`,
        });
      });
    }
  }
}

/** A store given in the options: the `{ path }` form is checked by the caller. */
export function isJournalStore(value: unknown): value is OutcomeJournalStore {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['record'] === 'function' && typeof v['clear'] === 'function' && typeof v['pending'] === 'function';
}
