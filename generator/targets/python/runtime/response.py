"""`ApiResponse`: a call's data with the answer it ended with (status, headers, trace id, request
id, rate-limit counters, pagination headers, attempts), as `client.with_response.<area>.<method>()`
returns it; the same fields as the TypeScript client's `withResponse()`."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .answer import header_value
from .metadata import ApiMeta
from .transport import WireResponse

T = TypeVar("T")

OnAnswer = Callable[[WireResponse, int, str], None]
"""Told the answer a call ended with, its attempt count and the request id."""


@dataclass(frozen=True)
class RateLimitInfo:
    """The live rate-limit counters the server sent (None: not sent)."""

    remaining: int | None = None
    limit: int | None = None
    #: Epoch ms at which the window reopens.
    reset_at_ms: int | None = None


@dataclass(frozen=True)
class Pagination:
    """The pagination headers, when the endpoint sends them."""

    total: int | None = None
    limit: int | None = None
    offset: int | None = None


@dataclass(frozen=True)
class ApiResponse(Generic[T]):
    """A call's data and the answer it ended with (for a write settled by a lookup: the lookup's)."""

    data: T
    status: int
    #: Response headers, lower-case names; any text equal to the key or secret is redacted.
    headers: Mapping[str, str] = field(repr=False)
    #: The server's trace id.
    trace_id: str | None
    #: The client request id sent with the call.
    request_id: str
    rate_limit: RateLimitInfo
    pagination: Pagination
    #: How many times the request was sent (1 without retries).
    attempts: int


def _int(headers: Mapping[str, str], names: tuple[str, ...]) -> int | None:
    raw = (header_value(headers, names) or "").strip()
    return int(raw) if re.fullmatch(r"-?\d+", raw) else None


def api_response(
    api: ApiMeta, data: T, wire: WireResponse, attempts: int, request_id: str, redact: Callable[[str], str]
) -> ApiResponse[T]:
    """The `ApiResponse` of an answer. Pure."""
    roles = api.response_headers
    headers = {k: redact(v) for k, v in wire.headers.items()}
    reset = _int(headers, roles["rateLimitReset"])
    trace = header_value(headers, roles["traceId"])
    return ApiResponse(
        data=data,
        status=wire.status,
        headers=headers,
        trace_id=trace,
        request_id=request_id,
        rate_limit=RateLimitInfo(
            remaining=_int(headers, roles["rateLimitRemaining"]),
            limit=_int(headers, roles["rateLimitLimit"]),
            reset_at_ms=None if reset is None else reset if reset > 10**12 else reset * 1000,
        ),
        pagination=Pagination(
            total=_int(headers, roles.get("paginationTotal", ())),
            limit=_int(headers, roles.get("paginationLimit", ())),
            offset=_int(headers, roles.get("paginationOffset", ())),
        ),
        attempts=attempts,
    )
