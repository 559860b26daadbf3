"""The outcome policy as one pure function: given what is known of a write that failed (what its
error proves, and what looking it up by its id found), `outcome_policy` says whether it was applied
and what resending is safe. `resolve_outcome` (outcome.py) gathers the facts; the TypeScript client
has the same function and both run the same table of rows (conformance/outcome-policy.json).

"Not applied" is said only when the service's rules prove it: nothing was sent, or the service
refused the request before processing it. A duplicate label proves the opposite (a write with that
id was accepted earlier), and a lookup that finds nothing proves nothing: the write may be in flight
still, or listed only later."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Evidence = Literal["never-sent", "refused", "duplicate", "accepted", "maybe-applied"]
"""What a write's error proves: `never-sent` (nothing left the process), `refused` (refused before
processing: a 4xx but a duplicate label, 401, 429, 501, 307/308), `duplicate` (a duplicate label: a
write with its id was accepted earlier), `accepted` (a 2xx whose body could not be read),
`maybe-applied` (sent without a definitive answer)."""

LookupResult = Literal["none", "found", "not-found", "failed"]
"""What looking the write up by its id found; `none` when no read finds it (or it carried no id)."""


@dataclass(frozen=True)
class Decision:
    """The write's status, which resend is safe (`safe`: as new; `same-id`: only with exactly the
    same id; `never`), and whether asking again later can tell more."""

    status: Literal["applied", "not-applied", "unknown"]
    resend: Literal["safe", "same-id", "never"]
    ask_again: bool


def outcome_policy(evidence: Evidence, lookup: LookupResult, dedupes: bool) -> Decision:
    """Decides what is known of a failed write. Pure: same facts, same decision."""
    if evidence in ("never-sent", "refused"):
        return Decision("not-applied", "safe", False)
    if lookup == "found":
        return Decision("applied", "never", False)
    # Resending with the same id is safe only where the service refuses a second write with it,
    # and pointless after it already said so.
    resend: Literal["same-id", "never"] = "same-id" if dedupes and evidence == "maybe-applied" else "never"
    return Decision("unknown", resend, lookup != "none")
