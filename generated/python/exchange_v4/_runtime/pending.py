# Copied by exchange-v4 from generator/targets/python/runtime/pending.py. Do not edit here: edit that file,
# then run: npm run generate
"""After a restart: the writes the outcome journal still holds and their resolution by the same
lookups as `resolve_outcome`, the outcome policy deciding. A write found is `applied` and its entry
cleared; anything else stays in the journal with the reason (never resent: a lookup that finds
nothing proves nothing). Entries written by the TypeScript client resolve the same way."""

from __future__ import annotations

from dataclasses import dataclass

from .context import Context
from .effects import Steps
from .errors import ExchangeError, IdempotencyId
from .journal import JournalEntry, JournalStore
from .metadata import OperationMeta
from .outcome import Execute, Resolution, Target, TargetsLookup, look_up_targets, retry_after_ms
from .outcome_policy import outcome_policy


@dataclass(frozen=True)
class ResolvedPending:
    """What `resolve_pending` found for one journal entry; `cleared` when it left the journal."""

    entry: JournalEntry
    resolution: Resolution
    cleared: bool


def journal_of(ctx: Context) -> JournalStore:
    """The client's journal, or `ExchangeError` when the `outcome_journal` option is not set."""
    if ctx.journal is None:
        raise ExchangeError("no outcome journal: pass outcome_journal (a path or a store) to the client")
    return ctx.journal


def _unknown(entry: JournalEntry, meta: OperationMeta | None, why: str, ask_again: bool, ctx: Context) -> Resolution:
    idem = IdempotencyId(entry.field, entry.value) if entry.field is not None and entry.value is not None else None
    dedupes = meta is not None and meta.idempotency is not None and meta.idempotency.dedupes
    return Resolution(
        "unknown",
        retry_after_ms=retry_after_ms(ctx, meta) if ask_again and meta is not None else None,
        resend="same_id" if dedupes and idem is not None else "never",
        reason=why,
        idempotency=idem,
    )


def resolve_entry(ctx: Context, execute: Execute, entry: JournalEntry) -> Steps[Resolution]:
    """Resolves one entry by its lookups (no change to the journal)."""
    if entry.account != ctx.account:
        why = f"recorded by another account ({entry.account}); resolve it with that key"
        return _unknown(entry, None, why, False, ctx)
    meta = ctx.operations.get(entry.operation)
    if meta is None:
        return _unknown(entry, None, f"operation {entry.operation} is unknown to this client", False, ctx)
    idem = meta.idempotency
    can_look = idem is not None and idem.lookup is not None and entry.field is not None and entry.targets
    looked = TargetsLookup("none", [], [])
    if can_look:
        targets: list[Target] = [(value, dict(extra)) for value, extra in entry.targets]
        looked = yield from look_up_targets(ctx, execute, meta, targets)
    lookup, found, missing = looked.result, looked.found, looked.missing
    dedupes = idem is not None and idem.dedupes
    decision = outcome_policy("maybe-applied", lookup, dedupes)
    if decision.status == "applied":
        record = found if idem is not None and idem.per_item else found[0]
        return Resolution("applied", record=record, reason="the lookup by its id found it")
    ids = ", ".join(f"{entry.field or 'id'}={value}" for value, _ in entry.targets)
    if lookup == "failed":
        why = f"looking it up failed ({looked.failure})"
    elif lookup == "not-found":
        why = f"no write with {entry.field or 'its id'}={', '.join(missing)} is listed yet (it may be in flight or listed later)"
    elif not ids:
        why = "it carried no id to look it up by: check the account history"
    else:
        why = f"no read finds {entry.operation} by its id ({ids}): check the account history"
    return _unknown(entry, meta, f"sent by a process that stopped before its answer; {why}", decision.ask_again, ctx)


def resolve_pending(ctx: Context, execute: Execute) -> Steps[list[ResolvedPending]]:
    """Resolves every entry the journal holds: `applied` ones are cleared, the others stay with their
    reason. Never resends anything."""
    journal = journal_of(ctx)
    results: list[ResolvedPending] = []
    for entry in journal.pending():
        resolution = yield from resolve_entry(ctx, execute, entry)
        cleared = resolution.status != "unknown"
        if cleared:
            journal.clear(entry.id)
        results.append(ResolvedPending(entry, resolution, cleared))
    return results
