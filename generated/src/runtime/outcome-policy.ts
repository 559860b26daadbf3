/*
 * Copied by exchange-v4 from generator/targets/typescript/runtime/outcome-policy.ts. Do not edit here: edit that file,
 * then run: npm run generate
 */
/**
 * The outcome policy as one pure function: given what is known of a write that failed (what its
 * error proves, and what looking it up by its id found), `outcomePolicy` says whether it was
 * applied and what resending is safe. `resolveOutcome` (outcome.ts) gathers the facts and words
 * the answer; the Python client has the same function and both run the same table of rows
 * (conformance/outcome-policy.json).
 *
 * "Not applied" is said only when the service's rules prove it: nothing was sent, or the service
 * refused the request before processing it. A duplicate label proves the opposite (a write with
 * that id was accepted earlier), and a lookup that finds nothing proves nothing: the write may be
 * in flight still, or listed only later.
 */

/** What a write's error proves. */
export type OutcomeEvidence =
  /** Nothing left the process: a rule of the spec, a connection never made, an abort before sending. */
  | 'never-sent'
  /** The service refused it before processing: a 4xx (but a duplicate label), 401, 429, 501, 307/308. */
  | 'refused'
  /** A duplicate label (`DUPLICATE_REQUEST`, `ORDER_EXISTS`, ...): a write with its id was accepted earlier. */
  | 'duplicate'
  /** A success status whose body could not be read: the service accepted it. */
  | 'accepted'
  /** Sent without a definitive answer (timeout, connection lost, 5xx, a redirect after processing). */
  | 'maybe-applied';

/** What looking the write up by its id found: `none` when it cannot be looked up (no id, or no read finds it). */
export type LookupResult = 'none' | 'found' | 'not-found' | 'failed';

/** The facts the policy decides on. */
export interface OutcomeFacts {
  readonly evidence: OutcomeEvidence;
  readonly lookup: LookupResult;
  /** The service refuses a second write with the id the request carried (`x-idempotency.dedupes`). */
  readonly dedupes: boolean;
}

/** The decision: the write's status, which resend is safe, and whether asking again can tell more. */
export interface OutcomeDecision {
  readonly status: 'applied' | 'not-applied' | 'unknown';
  /** `safe`: send it again as new; `same-id`: only with exactly the same id; `never`: do not send it again. */
  readonly resend: 'safe' | 'same-id' | 'never';
  /** A later lookup may find it: ask again after a while (`retryAfterMs`). */
  readonly askAgain: boolean;
}

/** Decides what is known of a failed write. Pure: same facts, same decision. */
export function outcomePolicy(facts: OutcomeFacts): OutcomeDecision {
  const { evidence, lookup, dedupes } = facts;
  if (evidence === 'never-sent' || evidence === 'refused') {
    return { status: 'not-applied', resend: 'safe', askAgain: false };
  }
  if (lookup === 'found') return { status: 'applied', resend: 'never', askAgain: false };
  const canAsk = lookup !== 'none';
  // Resending with the same id is safe only where the service refuses a second write with it, and
  // pointless after it already said so.
  const resend = dedupes && evidence === 'maybe-applied' ? 'same-id' : 'never';
  return { status: 'unknown', resend, askAgain: canAsk };
}
