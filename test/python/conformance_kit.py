"""Reads the conformance kit (`conformance/*.json` at the repository root): one file per decision,
each `{decision, description, rows: [{name, given, want}]}`. Tagged values: `{"$bigint": digits}`
is an `int`, `{"$decimal": text}` a `Decimal`. `cases()` numbers the rows so a failing subtest names
the row's index and name."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable

KIT = Path(__file__).resolve().parents[2] / "conformance"
"""The kit's folder."""


def decode(value: Any) -> Any:
    """The tags decoded, deeply."""
    if isinstance(value, list):
        return [decode(v) for v in value]  # pyright: ignore[reportUnknownVariableType]
    if isinstance(value, dict):
        if len(value) == 1:  # pyright: ignore[reportUnknownArgumentType]
            ((tag, inner),) = value.items()  # pyright: ignore[reportUnknownVariableType]
            if tag == "$bigint" and isinstance(inner, str):
                return int(inner)
            if tag == "$decimal" and isinstance(inner, str):
                return Decimal(inner)
        return {k: decode(v) for k, v in value.items()}  # pyright: ignore[reportUnknownVariableType]
    return value


def cases(decision: str) -> list[tuple[str, Any, Any]]:
    """`(title, given, want)` of every row of `decision`, the title `#index name`."""
    rows = json.loads((KIT / f"{decision}.json").read_text(encoding="utf-8"))["rows"]
    return [(f"#{i} {row['name']}", decode(row["given"]), decode(row["want"])) for i, row in enumerate(rows)]


def error_of(error: Exception) -> dict[str, Any]:
    """What a kit row's `want.error` holds for a raised error: its class, and a validation error's
    field, rule and value."""
    out: dict[str, Any] = {"class": type(error).__name__}
    for key in ("field", "rule", "value"):
        if hasattr(error, key):
            out[key] = getattr(error, key)
    return {"error": out}


def answer_of(key: str, run: Callable[[], Any]) -> dict[str, Any]:
    """`run()`'s answer as `{key: answer}`, or its error as `error_of` shows it."""
    try:
        return {key: run()}
    except Exception as error:  # noqa: BLE001 - every error is compared with the row's want
        return error_of(error)
