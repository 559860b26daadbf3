/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/pending-outcomes.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * After a restart: the writes the outcome journal still holds (`pendingOutcomes`) and their
 * resolution (`resolvePending`) by the same lookups as `resolveOutcome`, the outcome policy
 * deciding. A write found is `applied` and its entry cleared; anything else stays in the journal
 * with the reason (never resent: a lookup that finds nothing proves nothing).
 */

import { contextOf, type RuntimeContext } from './context.js';
import type { Core } from './core.js';
import { ExchangeError } from './errors.js';
import type { JournalEntry } from './journal-entry.js';
import { reasonOf } from './logger.js';
import type { OperationMeta } from './metadata.js';
import type { Outcome } from './options.js';
import { outcomePolicy, type LookupResult } from './outcome-policy.js';
import type { OutcomeJournalStore } from './outcome-journal.js';
import { rangedExecutor } from './ranged-call.js';
import { lookupTarget, type OutcomeRecord } from './write-lookup.js';

/** A write the journal holds: recorded before it was sent, never cleared. */
export type PendingOutcome = JournalEntry;

/** What `resolvePending` found for one entry; `cleared` when it left the journal. */
export interface ResolvedPending {
  readonly entry: PendingOutcome;
  readonly outcome: Outcome;
  readonly cleared: boolean;
}

function journalOf(ctx: RuntimeContext): OutcomeJournalStore {
  if (ctx.journal === undefined) {
    throw new ExchangeError('no outcome journal: pass the outcomeJournal option ({ path } or a store) to the client');
  }
  return ctx.journal;
}

/** The writes the journal holds (every account's), oldest first. */
export async function pendingOutcomes(core: Core): Promise<readonly PendingOutcome[]> {
  return journalOf(contextOf(core)).pending();
}

/** The lookup record of an entry, from the operation's current metadata. */
function recordOfEntry(entry: JournalEntry, meta: OperationMeta): OutcomeRecord {
  const idem = meta.idempotency;
  const lookup = idem?.lookup;
  const canLook = lookup !== undefined && entry.field !== undefined && entry.targets.length > 0;
  return {
    operation: entry.operation,
    field: entry.field,
    value: entry.value,
    targets: entry.targets.map((t) => ({ value: t.value, extra: { ...t.with } })),
    items: idem?.perItem === true ? entry.targets.map((t) => t.value) : undefined,
    dedupes: idem?.dedupes === true,
    lookup: canLook ? { operation: lookup.operation, param: lookup.param } : undefined,
    sentAtMs: entry.sentAtMs,
  };
}

/** Looks every target of a record up. */
async function lookUp(
  ctx: RuntimeContext,
  record: OutcomeRecord,
): Promise<{ result: LookupResult; data?: unknown; why?: string }> {
  if (record.lookup === undefined) return { result: 'none' };
  const execute = rangedExecutor(ctx);
  const found: unknown[] = [];
  const missing: string[] = [];
  try {
    for (const target of record.targets) {
      const answer = await lookupTarget(execute, record, target, ctx.clock.nowMs(), {});
      if (answer) found.push(answer.data);
      else missing.push(target.value);
    }
  } catch (error) {
    return { result: 'failed', why: reasonOf(error) };
  }
  if (missing.length > 0) return { result: 'not-found', why: missing.join(', ') };
  return { result: 'found', data: record.items === undefined ? found[0] : found };
}

/** Why an entry stays unresolved, and when to ask again. */
function unknownOf(entry: JournalEntry, record: OutcomeRecord | undefined, why: string, askAgain: boolean): Outcome {
  const retryAfterMs = askAgain ? 1_000 : undefined;
  const idempotency =
    entry.field !== undefined && entry.value !== undefined ? { field: entry.field, value: entry.value } : undefined;
  const resend = record?.dedupes === true && idempotency !== undefined ? 'same-id' : 'never';
  return { status: 'unknown', retryAfterMs, resend, idempotency, reason: why };
}

/** Resolves one entry (no I/O on the journal). */
async function resolveEntry(
  ctx: RuntimeContext,
  operations: Readonly<Record<string, OperationMeta>>,
  entry: JournalEntry,
): Promise<Outcome> {
  if (entry.account !== ctx.account) {
    return unknownOf(
      entry,
      undefined,
      `recorded by another account (${entry.account}); resolve it with that key`,
      false,
    );
  }
  const meta = operations[entry.operation];
  if (meta === undefined)
    return unknownOf(entry, undefined, `operation ${entry.operation} is unknown to this client`, false);
  const record = recordOfEntry(entry, meta);
  const found = await lookUp(ctx, record);
  const decision = outcomePolicy({ evidence: 'maybe-applied', lookup: found.result, dedupes: record.dedupes });
  if (decision.status === 'applied') return { status: 'applied', data: found.data };
  const ids = entry.targets.map((t) => `${entry.field ?? 'id'}=${t.value}`).join(', ');
  const why =
    found.result === 'failed'
      ? `looking it up failed (${found.why ?? ''})`
      : found.result === 'not-found'
        ? `no write with ${entry.field ?? 'its id'}=${found.why ?? ''} is listed yet (it may be in flight or listed later)`
        : ids === ''
          ? 'it carried no id to look it up by: check the account history'
          : `no read finds ${entry.operation} by its id (${ids}): check the account history`;
  return unknownOf(entry, record, `sent by a process that stopped before its answer; ${why}`, decision.askAgain);
}

/**
 * Resolves every entry the journal holds: `applied` entries are cleared; the others stay with
 * their reason. Never resends anything.
 */
export async function resolvePending(
  core: Core,
  operations: Readonly<Record<string, OperationMeta>>,
): Promise<readonly ResolvedPending[]> {
  const ctx = contextOf(core);
  const journal = journalOf(ctx);
  const results: ResolvedPending[] = [];
  for (const entry of await journal.pending()) {
    const outcome = await resolveEntry(ctx, operations, entry);
    const cleared = outcome.status !== 'unknown';
    if (cleared) await journal.clear(entry.id);
    results.push({ entry, outcome, cleared });
  }
  return results;
}
