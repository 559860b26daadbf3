# Copied by exchange-v4 from generator/targets/python/runtime/journal.py. Do not edit here: edit that file,
# then run: npm run generate
"""The outcome journal (opt-in, `outcome_journal` option): a write's intent is recorded durably
before the request leaves and cleared once a definitive answer came, so a process that dies in
between leaves an entry another process (Python or TypeScript) can resolve. The same JSON lines
and Redis hash as the TypeScript client (docs/outcome-journal.md). An entry holds no secret: no
key, secret, signature or body, only the operation, the idempotency id, the lookup's parameters,
a SHA-512 of the request as sent and the account's fingerprint.

Stores: `FileJournal` (journal_file.py: a local file, O_APPEND single-write records fsync'd before
the write is sent, compacted when it grows) and `RedisJournal` (the
program's own `redis` client; the package is imported by nobody here)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

from .errors import ExchangeError, UnknownOutcomeError

JOURNAL_VERSION = 1
"""The journal format version written; lines of another version are skipped."""

DEFAULT_JOURNAL_KEY = "exchange-v4:outcome-journal"
"""The Redis hash that holds the entries by default."""

T = TypeVar("T")


@dataclass(frozen=True)
class JournalEntry:
    """The intent of one write, recorded before it is sent."""

    id: str
    operation: str
    field: str | None
    value: str | None
    #: Every write to find: (its id, the lookup's other parameters as text).
    targets: tuple[tuple[str, Mapping[str, str]], ...]
    #: Lower-case hex SHA-512 of `METHOD\npath\nquery\nbody` as sent.
    params_hash: str
    sent_at_ms: int
    account: str


def encode_intent(entry: JournalEntry) -> str:
    """The entry as one JSON line (with its newline), in the TypeScript client's field order."""
    out: dict[str, object] = {"v": JOURNAL_VERSION, "type": "intent", "id": entry.id, "operation": entry.operation}
    if entry.field is not None:
        out["field"] = entry.field
    if entry.value is not None:
        out["value"] = entry.value
    out["targets"] = [{"value": value, "with": dict(extra)} for value, extra in entry.targets]
    out.update({"paramsHash": entry.params_hash, "sentAtMs": entry.sent_at_ms, "account": entry.account})
    return json.dumps(out, separators=(",", ":"), ensure_ascii=False) + "\n"


def encode_clear(entry_id: str) -> str:
    """The clearing of an entry as one JSON line."""
    return json.dumps({"v": JOURNAL_VERSION, "type": "clear", "id": entry_id}, separators=(",", ":")) + "\n"


def decode_line(line: str) -> JournalEntry | str | None:
    """An intent, the id of a clear (str), or None for a line that is skipped. Never raises."""
    try:
        raw: object = json.loads(line)
    except ValueError:
        return None
    if not isinstance(raw, dict):
        return None
    data = cast("dict[str, Any]", raw)
    entry_id = data.get("id")
    if data.get("v") != JOURNAL_VERSION or not isinstance(entry_id, str) or len(entry_id) != 32:
        return None
    if data.get("type") == "clear":
        return entry_id
    try:
        targets = tuple((str(t["value"]), {str(k): str(v) for k, v in t["with"].items()}) for t in data["targets"])
        return JournalEntry(
            entry_id, str(data["operation"]), data.get("field"), data.get("value"), targets,
            str(data["paramsHash"]), int(data["sentAtMs"]), str(data["account"]),
        )
    except (KeyError, TypeError, AttributeError, ValueError):
        return None


def replay(text: str) -> list[JournalEntry]:
    """The entries of a journal's text not cleared, oldest first; a last line without newline is torn."""
    lines = text.split("\n")
    lines.pop()
    pending: dict[str, JournalEntry] = {}
    for line in lines:
        record = decode_line(line) if line.strip() else None
        if isinstance(record, str):
            pending.pop(record, None)
        elif record is not None and record.id not in pending:
            pending[record.id] = record
    return list(pending.values())


class JournalStore(Protocol):
    """Where the journal keeps its entries; each method returns once the change is durable."""

    def record(self, entry: JournalEntry) -> None: ...
    def clear(self, entry_id: str) -> None: ...
    def pending(self) -> list[JournalEntry]: ...


class RedisLike(Protocol):
    """A `redis.Redis` client, as far as the journal uses it."""

    def hset(self, name: str, key: str, value: str) -> Any: ...
    def hdel(self, name: str, *keys: str) -> Any: ...
    def hgetall(self, name: str) -> Any: ...


class RedisJournal:
    """The journal in a Redis hash (field: entry id, value: its JSON line), shared across machines."""

    def __init__(self, client: RedisLike, key: str = DEFAULT_JOURNAL_KEY) -> None:
        self.client = client
        self.key = key

    def record(self, entry: JournalEntry) -> None:
        """`HSET` of the entry."""
        self.client.hset(self.key, entry.id, encode_intent(entry).rstrip("\n"))

    def clear(self, entry_id: str) -> None:
        """`HDEL` of the entry."""
        self.client.hdel(self.key, entry_id)

    def pending(self) -> list[JournalEntry]:
        """Every entry of the hash, oldest first."""
        found: list[JournalEntry] = []
        answer = cast("Mapping[object, object]", self.client.hgetall(self.key) or {})
        for value in answer.values():
            text = value.decode("utf-8") if isinstance(value, bytes) else str(value)
            record = decode_line(text)
            if isinstance(record, JournalEntry):
                found.append(record)
        return sorted(found, key=lambda e: (e.sent_at_ms, e.id))


def params_hash(method: str, path: str, query: str, body: bytes) -> str:
    """The SHA-512 of the request as sent that an entry keeps instead of its body."""
    return hashlib.sha512(f"{method}\n{path}\n{query}\n".encode() + body).hexdigest()


def journaled(store: JournalStore, entry: JournalEntry, steps: Generator[Any, Any, T]) -> Generator[Any, Any, T]:
    """Runs a write's steps (effects.py) with its intent recorded first (nothing is sent when that
    fails), cleared after a definitive answer and kept after an unknown outcome."""
    try:
        store.record(entry)
    except Exception as failure:  # noqa: BLE001 - any store failure stops the write before sending
        raise ExchangeError(
            f"{entry.operation}: the outcome journal could not record the write, so nothing was sent "
            f"({type(failure).__name__})",
            operation=entry.operation,
        ) from failure
    try:
        result = yield from steps
    except UnknownOutcomeError:
        raise
    except ExchangeError:
        _clear_quietly(store, entry.id)  # a definitive answer; anything else may have been sent
        raise
    _clear_quietly(store, entry.id)
    return result


def _clear_quietly(store: JournalStore, entry_id: str) -> None:
    try:
        store.clear(entry_id)
    except Exception:  # noqa: BLE001 - the entry stays; resolving it later is safe
        pass


def journal_option(value: object) -> JournalStore | None:
    """The store of the `outcome_journal` option: a path means a `FileJournal`."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        from .journal_file import FileJournal  # imports this module

        return FileJournal(cast("str | os.PathLike[str]", value))
    if all(callable(getattr(value, name, None)) for name in ("record", "clear", "pending")):
        return cast(JournalStore, value)
    from .errors import ValidationError

    raise ValidationError("outcome_journal", type(value).__name__, "type", "must be a path or a journal store")


def targets_text(targets: Sequence[tuple[str, Mapping[str, object]]]) -> tuple[tuple[str, Mapping[str, str]], ...]:
    """Lookup targets with their parameters as text."""
    return tuple((value, {k: v if isinstance(v, str) else str(v) for k, v in extra.items()}) for value, extra in targets)
