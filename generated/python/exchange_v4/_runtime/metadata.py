# Copied by exchange-v4 from generator/targets/python/runtime/metadata.py. Do not edit here: edit that file,
# then run: npm run generate
"""Operation metadata: the data the generator emits for every operation (in `_meta.py`) and the
runtime reads. Plain frozen dataclasses, built from the IR."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from .memo import by_identity

ValuePath = tuple[str, ...]
"""A path to values inside a JSON body: property names, or `*` for every array item / map value."""

Scope = Literal["ip", "uid", "uid+market"]


@dataclass(frozen=True)
class RateLimit:
    """`requests` per `window` seconds, counted per `scope` in `bucket` (shared by operations)."""

    bucket: str
    requests: int
    window: float
    scope: Scope
    #: Scope `uid+market`: the request field holding the market (in a list body, each item's).
    market: str | None = None


@dataclass(frozen=True)
class Pagination:
    style: Literal["page", "offset"]
    default_limit: int
    max_limit: int
    min_limit: int = 1


@dataclass(frozen=True)
class TimeRange:
    from_param: str
    to_param: str
    max_days: float
    default_days: float


@dataclass(frozen=True)
class Idempotency:
    field: str
    dedupes: bool
    generate: bool
    #: (operationId, parameter) of the read that finds the write by its id.
    lookup: tuple[str, str] | None = None
    #: The lookup's other parameters: (its parameter, the write's field it takes the value of).
    lookup_with: tuple[tuple[str, str], ...] = ()
    #: What a generated id starts with (order labels: `t-`).
    prefix: str = ""
    #: Random characters of a generated id after the prefix.
    length: int = 32
    #: The field is in each item of a list body (batch orders): one id per item.
    per_item: bool = False


@dataclass(frozen=True)
class GroupLimit:
    field: str
    max: int


@dataclass(frozen=True)
class Condition:
    """When every `when` field holds one of its values, every `require` field must be set (a request
    schema's `if`/`then`: `currency_pair` when a transfer moves into or out of margin)."""

    when: tuple[tuple[str, tuple[str | int | float | bool, ...]], ...]
    require: tuple[str, ...]


@dataclass(frozen=True)
class FieldRule:
    """A rule checked on one parameter or body field (or array item) before any I/O."""

    name: str
    where: Literal["path", "query", "header", "body", "item"]
    required: bool = False
    type: str | None = None
    format: str | None = None
    enum: tuple[str | int | float | bool, ...] | None = None
    pattern: str | None = None
    min_length: int | None = None
    max_length: int | None = None
    minimum: float | None = None
    maximum: float | None = None
    min_items: int | None = None
    max_items: int | None = None
    decimal_gt: str | None = None
    decimal_max_scale: int | None = None
    secret: bool = False
    items: FieldRule | None = None
    #: Rules of an object's own fields (checked when the object is present), e.g. a batch order's.
    properties: tuple[FieldRule, ...] = ()


@dataclass(frozen=True)
class QueryParam:
    name: str
    csv: bool = False


@dataclass(frozen=True)
class OperationMeta:
    """Everything the runtime needs to send one operation."""

    id: str
    #: Python method name (`list_withdrawals`).
    name: str
    area: str
    method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"]
    path: str
    auth: Literal["public", "private"]
    shape: Literal["shaped", "named-only"]
    rate_limit: RateLimit
    retry: Literal["safe", "keyed", "never"]
    success_status: int
    path_params: tuple[str, ...] = ()
    query_params: tuple[QueryParam, ...] = ()
    header_params: tuple[str, ...] = ()
    #: `none`; `json` (top-level fields `body_fields` taken from the flat params); `open` (`params["body"]`
    #: as is, named-only); `list` (`params["body"]`, a typed JSON list).
    body: Literal["none", "json", "open", "list"] = "none"
    body_fields: tuple[str, ...] = ()
    pagination: Pagination | None = None
    time_range: TimeRange | None = None
    idempotency: Idempotency | None = None
    #: A list body (`body == "list"`): the rule of `params["body"]`: the list's bounds and, in
    #: `items`, every item's field rules, so a bad item fails as `body[3].amount` before any I/O.
    list_body: FieldRule | None = None
    group_limit: GroupLimit | None = None
    conditions: tuple[Condition, ...] = ()
    require_any_of: tuple[str, ...] = ()
    int64_request: tuple[ValuePath, ...] = ()
    int64_response: tuple[ValuePath, ...] = ()
    decimal_response: tuple[ValuePath, ...] = ()
    #: The answer's typed values: (place, declared type letter) pairs, places as property names
    #: joined by `.` (`*` for every item or map value); read against it by `wire_drift.py`, which
    #: then also reads the int64 and decimal places.
    wire: tuple[tuple[str, str], ...] = ()
    nested_list: bool = False
    rules: tuple[FieldRule, ...] = ()
    deprecated: bool = False


@dataclass(frozen=True)
class ApiMeta:
    """API-wide metadata, emitted once."""

    release: str
    path_prefix: str
    servers: dict[str, str]
    signing_headers: tuple[str, str, str]
    max_skew_seconds: float
    #: Response header names by role (`traceId`, `rateLimitReset`, ...): the role's own name first, then
    #: the other names a deployment may send it under (the live service's `X-Gate-*`).
    response_headers: dict[str, tuple[str, ...]]
    #: Request header names by role (`clientRequestId`, `sizeDecimal`, `expiry`).
    request_headers: dict[str, str]
    clock_operation: str
    transient_labels: frozenset[str] = field(default_factory=frozenset[str])
    duplicate_labels: frozenset[str] = field(default_factory=frozenset[str])


def _allowed_params(meta: OperationMeta) -> frozenset[str]:
    names = set(meta.path_params)
    if meta.shape == "named-only":
        names |= {"query", "body"}
    else:
        names |= {q.name for q in meta.query_params} | set(meta.body_fields)
        if meta.body == "list":
            names.add("body")
    return frozenset(names)


allowed_params: Callable[[OperationMeta], frozenset[str]] = by_identity(_allowed_params)
"""The parameter names an operation takes (made once per operation)."""
