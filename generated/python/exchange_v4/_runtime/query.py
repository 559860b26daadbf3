# Copied by exchange-v4 from generator/targets/python/runtime/query.py. Do not edit here: edit that file,
# then run: npm run generate
"""The one canonical query serializer. It builds the query string that goes on the wire, and the
signer signs that same text, so the two can never differ. Parameters in spec order; unset values
skipped; csv arrays joined with a literal `,` (each item encoded, the comma not); booleans
`true`/`false`; numbers in plain notation (no exponent); names and values percent-encoded like
JavaScript's `encodeURIComponent` plus `!'()*` (only `A-Z a-z 0-9 - _ . ~` stay). Path segments use
the same encoding."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from urllib.parse import quote

from .envelope import envelope_of
from .errors import ValidationError
from .metadata import OperationMeta, QueryParam


_UNRESERVED = re.compile(r"[A-Za-z0-9_.~-]*")


def encode_component(text: str) -> str:
    """Percent-encodes UTF-8 bytes of everything but `A-Z a-z 0-9 - _ . ~`."""
    if _UNRESERVED.fullmatch(text):
        return text  # nothing to encode
    return quote(text, safe="", encoding="utf-8", errors="strict")


def plain_number(value: float) -> str:
    """A finite float in plain decimal notation: its shortest round-trip digits (as JavaScript writes
    them), never an exponent (`1e-07` -> `0.0000001`, `1e+21` -> `1000000000000000000000`)."""
    text = format(Decimal(repr(value)), "f")
    return text[:-2] if text.endswith(".0") else text


def scalar_text(field: str, value: object, operation: str | None = None) -> str:
    """The text form of one scalar query or path value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValidationError(field, value, "type", "must be a finite decimal", operation=operation)
        return format(value, "f")
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValidationError(field, value, "type", "must be a finite number", operation=operation)
        return plain_number(value)
    raise ValidationError(
        field, value, "type", "must be a string, number or boolean in a query or path", operation=operation
    )


def _encode(field: str, text: str, value: object, operation: str | None) -> str:
    try:
        return encode_component(text)
    except UnicodeEncodeError:
        raise ValidationError(field, value, "encoding", "contains a lone surrogate", operation=operation) from None


_NAMES: dict[str, str] = {}
"""Query parameter names, encoded (each once)."""


def serialize_query(specs: Sequence[QueryParam], values: Mapping[str, object], operation: str | None = None) -> str:
    """The query string (without `?`) of `values`, in the order of `specs`."""
    parts: list[str] = []
    for spec in specs:
        value = values.get(spec.name)
        if value is None:
            continue
        name = _NAMES.get(spec.name)
        if name is None:
            name = _encode(spec.name, spec.name, spec.name, operation)
            if len(_NAMES) < 4096:
                _NAMES[spec.name] = name
        if type(value) is str:  # the usual values: their text as is
            parts.append(f"{name}={_encode(spec.name, value, value, operation)}")
            continue
        if isinstance(value, (list, tuple)):
            given: list[object] = list(value)  # pyright: ignore[reportUnknownArgumentType]
            if not spec.csv:
                raise ValidationError(spec.name, given, "type", "takes a single value, not a list", operation=operation)
            items: list[str] = []
            for i, item in enumerate(given):
                field = f"{spec.name}[{i}]"
                if item is None:
                    raise ValidationError(field, item, "required", "must not be empty", operation=operation)
                items.append(_encode(field, scalar_text(field, item, operation), item, operation))
            if items:
                parts.append(f"{name}={','.join(items)}")
            continue
        parts.append(f"{name}={_encode(spec.name, scalar_text(spec.name, value, operation), value, operation)}")
    return "&".join(parts)


def query_plan(meta: OperationMeta, params: Mapping[str, object]) -> tuple[tuple[QueryParam, ...], dict[str, object]]:
    """The query of one call: shaped operations take their query parameters from the flat params;
    named-only operations send the caller's `query` mapping in its own order (lists comma-joined)."""
    if meta.shape == "named-only":
        query, _ = envelope_of(params)
        if query is None:
            return (), {}
        if not isinstance(query, Mapping):
            raise ValidationError("query", query, "type", "must be a mapping of query parameters", operation=meta.id)
        entries: Mapping[object, object] = query  # pyright: ignore[reportUnknownVariableType]
        values = {str(k): v for k, v in entries.items()}
        return tuple(QueryParam(name, csv=True) for name in values), values
    return meta.query_params, {p.name: params[p.name] for p in meta.query_params if params.get(p.name) is not None}


def encode_path_segment(field: str, value: object, operation: str | None = None) -> str:
    """One encoded path parameter. Empty values and `.` / `..` are refused: the request would reach
    (and be signed for) another path."""
    if value is None:
        raise ValidationError(field, value, "required", "is required (path parameter)", operation=operation)
    text = scalar_text(field, value, operation)
    if text in ("", ".", ".."):
        raise ValidationError(
            field, value, "pathSegment", 'must be a non-empty path segment other than "." or ".."', operation=operation
        )
    return _encode(field, text, value, operation)


_TEMPLATE = re.compile(r"\{([^{}]+)\}")


def fill_path(template: str, values: Mapping[str, str]) -> str:
    """Fills a path template (`/sub_accounts/{user_id}/keys`) with encoded values."""
    if "{" not in template:
        return template
    return _TEMPLATE.sub(lambda m: values.get(m.group(1), m.group(0)), template)
