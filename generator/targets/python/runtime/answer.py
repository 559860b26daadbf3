"""Reading an answer: a header by its role, the reset time of a rate limit, the data of a success
answer (int64 values as `int`, decimals as `Decimal`, a nested list flattened) and the typed error
of any other answer (server-supplied text passed through the redactor)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urljoin, urlsplit

from .context import Context
from .errors import ApiError, RedirectError, api_error_for
from .json_codec import loads_response, unwrap_nested_list
from .metadata import OperationMeta
from .plan import CallPlan
from .transport import WireResponse
from .wire_drift import WireDrift, number_texts
from .wire_places import read_wire


_LOWERED: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Each role's header names in lower case (made once per tuple of names)."""


def header_value(headers: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    """The first of a role's header names present in `headers` (keys lower-case)."""
    lowered = _LOWERED.get(names)
    if lowered is None:
        if len(_LOWERED) > 256:
            _LOWERED.clear()
        lowered = _LOWERED[names] = tuple(name.lower() for name in names)
    for name in lowered:
        value = headers.get(name)
        if value is not None:
            return value
    return None


_INTEGER_TEXT = re.compile(r"-?\d+(\.\d+)?")


def int_header(headers: Mapping[str, str], names: tuple[str, ...]) -> float | None:
    """A role's header as a number, None when absent or not a plain number."""
    value = header_value(headers, names)
    if value is None:
        return None
    raw = value.strip()
    return float(raw) if _INTEGER_TEXT.fullmatch(raw) else None


def reset_at_ms(ctx: Context, headers: Mapping[str, str], status: int) -> float | None:
    """The reset time on the local clock: the reset header (server seconds, or ms), else Retry-After."""
    reset = int_header(headers, ctx.api.response_headers["rateLimitReset"])
    if reset is not None and reset > 0:
        return (reset if reset > 1e12 else reset * 1000) - ctx.clock.offset_ms
    after = int_header(headers, ("retry-after",))
    if status == 429 and after is not None:
        return time.time() * 1000 + after * 1000
    return None


def success_data(meta: OperationMeta, wire: WireResponse, drifts: list[WireDrift] | None = None) -> Any:
    """The data of a 2xx answer: None for 204 / an empty body, else the JSON with int64 values as
    `int` and decimal values as `Decimal`; a nested list is flattened. An operation with a `wire`
    descriptor has each value it lists read against its declared type (`wire_drift.py`), each drift
    added to `drifts`."""
    if wire.status == 204 or meta.success_status == 204 or not wire.text.strip():
        return None
    if meta.wire:
        flat = unwrap_nested_list(json.loads(wire.text)) if meta.nested_list else json.loads(wire.text)

        def reread() -> object:
            texts = number_texts(wire.text)
            return unwrap_nested_list(texts) if meta.nested_list else texts

        return read_wire(flat, meta.wire, reread, [] if drifts is None else drifts)
    wrapped = meta.nested_list and re.match(r"\s*\[\s*\[", wire.text) is not None
    prefix: tuple[str, ...] = ("*",) if wrapped else ()
    data = loads_response(
        wire.text,
        [prefix + p for p in meta.int64_response],
        [prefix + p for p in meta.decimal_response],
    )
    return unwrap_nested_list(data) if meta.nested_list else data


def error_body(text: str) -> tuple[str, str]:
    """Label and message (or detail) of an error body; a non-JSON body copies no text."""
    try:
        body: object = json.loads(text) if text.strip() else None
    except ValueError:
        body = None
    if isinstance(body, dict):
        b: dict[str, Any] = body  # pyright: ignore[reportUnknownVariableType]
        label = b.get("label") if isinstance(b.get("label"), str) and b.get("label") else "UNKNOWN"
        message = b.get("message") if isinstance(b.get("message"), str) and b.get("message") else None
        detail = b.get("detail") if isinstance(b.get("detail"), str) else ""
        return str(label), str(message if message is not None else detail)
    return "UNKNOWN", "" if not text.strip() else "response body is not JSON"


def error_from_response(ctx: Context, plan: CallPlan, wire: WireResponse) -> ApiError:
    """The typed error of a non-2xx answer; server-supplied text passes through the redactor."""
    headers = {k: ctx.redact(v) for k, v in wire.headers.items()}
    context = {
        "operation": plan.meta.id,
        "endpoint": plan.endpoint,
        "request_id": plan.request_id,
        "trace_id": header_value(headers, ctx.api.response_headers["traceId"]),
    }
    if 300 <= wire.status < 400:
        target = urlsplit(urljoin(plan.url, wire.headers.get("location", "")))
        return RedirectError(wire.status, f"{target.scheme}://{target.netloc}", headers, **context)
    label, detail = error_body(wire.text)
    reset = reset_at_ms(ctx, wire.headers, wire.status) if wire.status == 429 else None
    return api_error_for(
        wire.status, ctx.redact(label), ctx.redact(detail), headers, bucket=plan.meta.rate_limit.bucket,
        reset_at_ms=reset, **context,
    )
