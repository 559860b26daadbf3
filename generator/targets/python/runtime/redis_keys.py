"""The pure parts of the shared rate budget, as in the TypeScript client (`exchange-v4/redis`,
redis-keys.ts): which Redis keys a bucket key names, and the limit kept while Redis cannot be
reached. The key format is documented in docs/redis-rate-budget.md."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal

from .errors import ValidationError
from .metadata import RateLimit

DEFAULT_PREFIX = "exchange-v4:rl"
"""Default first part of every key."""
DEFAULT_FALLBACK_SHARE = 0.25
"""Default share of each limit a process keeps for itself while Redis cannot be reached."""

_UID = re.compile(r"[A-Za-z0-9_.-]{1,64}")
_PREFIX = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
_ESCAPED = re.compile(r"[%:{}]")


@dataclass(frozen=True)
class BucketRef:
    """One bucket of a client: its scope, its name and (scope `uid+market`) its market."""

    scope: Literal["ip", "uid", "uid+market"]
    bucket: str
    market: str | None = None


def check_uid(field: str, uid: object) -> str:
    """The UID as text; `ValidationError` unless it is 1 to 64 letters, digits, `_`, `.`, `-`."""
    text = str(uid) if isinstance(uid, int) and not isinstance(uid, bool) else uid
    if not isinstance(text, str) or not _UID.fullmatch(text):
        raise ValidationError(field, uid, "pattern", "must be an account UID: 1 to 64 letters, digits, _ . -")
    return text


def check_prefix(prefix: object) -> str:
    """`ValidationError` unless `prefix` may start a Redis key here."""
    if not isinstance(prefix, str) or not _PREFIX.fullmatch(prefix):
        raise ValidationError("prefix", prefix, "pattern", "must be 1 to 64 letters, digits, _ . : -")
    return prefix


def check_share(share: object) -> float:
    """`ValidationError` unless `share` is a number above 0 and at most 1."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 < share <= 1:
        raise ValidationError("fallback_share", share, "range", "must be a number above 0 and at most 1")
    return float(share)


def key_part(text: str) -> str:
    """A part of a key with `%`, `:`, `{`, `}` escaped, so parts never run into each other."""
    return _ESCAPED.sub(lambda m: f"%{ord(m.group(0)):X}", text)


def parse_bucket_key(key: str) -> BucketRef | None:
    """Reads a client's bucket key (both clients' formats); `None` when it is not one."""
    parts = key.split("|")
    if len(parts) < 2 or parts[1] == "":
        return None
    scope, bucket = parts[0], parts[1]
    if scope == "ip":
        return BucketRef("ip", bucket)
    if scope == "uid" and len(parts) == 3:
        return BucketRef("uid", bucket)
    if scope == "uid+market" and len(parts) >= 4:
        return BucketRef("uid+market", bucket, "|".join(parts[3:]))
    return None


def redis_keys(prefix: str, uid: str, ref: BucketRef) -> tuple[str, str]:
    """The slots (sorted set) and state (hash) keys of a bucket; every key of an account shares the
    hash tag `{uid:<uid>}` (public buckets `{ip}`), so one script can take all of a call's buckets."""
    owner = "{ip}" if ref.scope == "ip" else f"{{uid:{uid}}}"
    market = f":{key_part(ref.market or '')}" if ref.scope == "uid+market" else ""
    base = f"{prefix}:{owner}:{key_part(ref.bucket)}{market}"
    return f"{base}:slots", f"{base}:meta"


def fallback_limit(limit: RateLimit, share: float) -> RateLimit:
    """`share` of the rate: fewer requests per window while that leaves one, else one request per a
    longer window, so the rate never exceeds `share` of the limit."""
    requests = int(limit.requests * share)
    if requests >= 1:
        return replace(limit, requests=requests)
    return replace(limit, requests=1, window=limit.window / (limit.requests * share))
