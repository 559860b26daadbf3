"""Turning one call (operation metadata, flat params, call options) into what every attempt sends:
validated params, the idempotency id, encoded path, canonical query, body bytes, headers and the
rate-limit buckets. Everything here runs before any I/O: a bad call fails without sending anything
or using a rate-limit slot."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import NamedTuple, cast
from urllib.parse import urlsplit

from .context import Context, RequestOptions, fresh_id
from .envelope import envelope_body
from .errors import ClientClosedError, IdempotencyId, ValidationError
from .json_codec import dumps_body, int64_digits
from .metadata import Idempotency, OperationMeta
from .query import encode_path_segment, fill_path, query_plan, serialize_query
from .rate_limit import bucket_keys
from .retry import RetryState
from .validate import validate_call

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+\Z")


class CallPlan(NamedTuple):
    """Everything a call sends, fixed for all its attempts (a named tuple: made once per call)."""

    meta: OperationMeta
    params: Mapping[str, object]
    #: Path as sent and signed, with the prefix.
    path: str
    #: Query string as sent and signed (no `?`).
    query: str
    body: bytes
    headers: Mapping[str, str]
    url: str
    request_id: str
    idempotency: IdempotencyId | None
    bucket_keys: list[str]

    @property
    def endpoint(self) -> str:
        """`METHOD /path` as sent."""
        return f"{self.meta.method} {self.path}"


def generated_id(idem: Idempotency) -> str:
    """A fresh id for an operation's idempotency field: its prefix, then `length` random hex digits."""
    digits = fresh_id()
    while len(digits) < idem.length:
        digits += fresh_id()
    return idem.prefix + digits[: idem.length]


def _fill_item_ids(params: dict[str, object], idem: Idempotency) -> None:
    """Gives every item of a list body that carries no id a fresh one (batch orders); the caller's
    list and items are not changed."""
    body = envelope_body(params)
    if not isinstance(body, list):
        return
    items: list[object] = []
    for item in cast("list[object]", body):
        fields = cast("Mapping[str, object] | None", item if isinstance(item, Mapping) else None)
        if fields is not None and fields.get(idem.field) is None:
            filled: dict[str, object] = {**fields, idem.field: generated_id(idem)}
            items.append(filled)
        else:
            items.append(cast(object, item))
    params["body"] = items


def check_number(field: str, value: object, low: float, high: float, integer: bool) -> None:
    """Checks a client or call option."""
    if value is None:
        return
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
    if not ok or (integer and not isinstance(value, int)):
        kind = "an integer" if integer else "a number"
        raise ValidationError(field, value, "option", f"must be {kind} from {low:g} to {high:g}")


_RESERVED = ("host", "content-length", "content-type", "transfer-encoding", "connection")
"""Headers the client sets itself besides the signing headers: a caller cannot give them."""


def check_header(label: str, name: str, value: object, signing: tuple[str, ...], operation: str | None = None) -> None:
    """Checks one header given by the caller (`label`: `headers` or `default_headers`): a header
    the client sets itself (`Host`, the signing headers, `Content-Length`, `Content-Type`,
    `Transfer-Encoding`, `Connection`, any case) is refused, its value not shown (rule `reserved`)."""
    lower = name.lower() if isinstance(name, str) else ""  # pyright: ignore[reportUnnecessaryIsInstance]
    if lower in _RESERVED or lower in (h.lower() for h in signing):
        explanation = "is set by the client itself"
        raise ValidationError(f"{label}.{name}", "[redacted]", "reserved", explanation, operation=operation)
    if not isinstance(value, str) or re.search(r"[\r\n\0]", value) or not _TOKEN.match(name):
        raise ValidationError(f"{label}.{name}", value, "header", "is not a valid HTTP header", operation=operation)


def _headers(ctx: Context, meta: OperationMeta, options: RequestOptions, has_body: bool) -> dict[str, str]:
    names = ctx.api.request_headers
    out: dict[str, str] = {"Accept": "application/json"}
    if has_body:
        out["Content-Type"] = "application/json"
    futures_like = meta.area in ("futures", "delivery") or meta.path.startswith(("/futures/", "/delivery/"))
    if ctx.settings.size_decimal and futures_like:
        out[names["sizeDecimal"]] = "1"
    sources = (("default_headers", ctx.settings.default_headers), ("headers", options.get("headers") or {}))
    for label, source in sources:
        for name, value in source.items():
            check_header(label, name, cast(object, value), ctx.api.signing_headers, meta.id)
            for existing in [k for k in out if k.lower() == name.lower()]:
                del out[existing]
            out[name] = value
    return out


def body_bytes(meta: OperationMeta, params: Mapping[str, object]) -> bytes:
    """The body a call sends (`b""` for none): a `json` body's set fields in spec order, an `open` or
    `list` body as given; int64 values with every digit. Raises `ValidationError` for a value JSON
    cannot carry as given."""
    if meta.body == "json":
        fields = {name: params[name] for name in meta.body_fields if params.get(name) is not None}
        return dumps_body(int64_digits(fields, meta.int64_request), "", meta.id).encode("utf-8")
    body = envelope_body(params)
    if meta.body in ("open", "list") and body is not None:
        return dumps_body(int64_digits(body, meta.int64_request), "body", meta.id).encode("utf-8")
    return b""


_BASES: dict[str, tuple[str, str]] = {}


def _base_parts(base_url: str) -> tuple[str, str]:
    """The origin (`scheme://host[:port]`) and path prefix of a client's base URL, split once."""
    parts = _BASES.get(base_url)
    if parts is None:
        base = urlsplit(base_url)
        if len(_BASES) > 256:
            _BASES.clear()
        parts = _BASES[base_url] = (f"{base.scheme}://{base.netloc}", base.path.rstrip("/"))
    return parts


def plan_call(
    ctx: Context, meta: OperationMeta, given: Mapping[str, object] | None, options: RequestOptions, paged: bool = False
) -> CallPlan:
    """The plan of one call; raises `ValidationError` (nothing sent) on bad input. `paged`: one window
    of an iteration (its range was already split, the caller's full range was checked)."""
    if ctx.closed:
        raise ClientClosedError(f"{meta.id}: the client is closed; nothing was sent", operation=meta.id)
    if options:
        check_number("timeout", options.get("timeout"), 0.001, 86_400, False)
        check_number("deadline", options.get("deadline"), 0.001, 86_400, False)
        check_number("max_retries", options.get("max_retries"), 0, 10, True)
    if given is not None and not isinstance(given, (dict, Mapping)):  # pyright: ignore[reportUnnecessaryIsInstance]
        raise ValidationError("params", given, "type", "must be a mapping of parameters", operation=meta.id)
    params: dict[str, object] = dict(given or {})
    idem = meta.idempotency
    key = options.get("idempotency_key")
    if key is not None:
        if idem is None:
            raise ValidationError(
                "idempotency_key", key, "unsupported", "is not accepted: the operation has no idempotency field",
                operation=meta.id,
            )
        if idem.per_item:
            raise ValidationError(
                "idempotency_key", key, "unsupported", f"is not accepted: each item carries its own `{idem.field}`",
                operation=meta.id,
            )
        params.setdefault(idem.field, key)
        if params[idem.field] is None:
            params[idem.field] = key
    # Generated before validation, so a generated id is checked against the field's rule too.
    if idem is not None and idem.generate:
        if idem.per_item:
            _fill_item_ids(params, idem)
        elif params.get(idem.field) is None:
            params[idem.field] = generated_id(idem)
    now = ctx.clock.now_seconds() if meta.time_range is not None else 0  # only a time range reads it
    validate_call(meta, params, now, limit_range=not paged)
    if meta.auth == "private" and ctx.credentials is None:
        explanation = "and secret are required for private operations"
        raise ValidationError("key", None, "required", explanation, operation=meta.id)

    path_values = {name: encode_path_segment(name, params.get(name), meta.id) for name in meta.path_params}
    specs, values = query_plan(meta, params)
    query = serialize_query(specs, values, meta.id)
    origin, prefix = _base_parts(ctx.base_url)
    path = prefix + fill_path(meta.path, path_values)
    body = body_bytes(meta, params)
    headers = _headers(ctx, meta, options, bool(body))
    id_header = ctx.api.request_headers["clientRequestId"]
    request_id = None
    if ctx.settings.default_headers or options.get("headers"):  # only a caller's header may carry one
        id_lower = id_header.lower()
        request_id = next((v for k, v in headers.items() if k.lower() == id_lower), None)
    if request_id is None:
        request_id = headers[id_header] = fresh_id()
    id_value = params.get(idem.field) if idem is not None else None
    return CallPlan(
        meta=meta,
        params=params,
        path=path,
        query=query,
        body=body,
        headers=headers,
        url=f"{origin}{path}{'?' + query if query else ''}",
        request_id=request_id,
        idempotency=IdempotencyId(idem.field, str(id_value)) if idem is not None and id_value is not None else None,
        bucket_keys=bucket_keys(meta, ctx.account, params),
    )


def retry_state(ctx: Context, plan: CallPlan, options: RequestOptions) -> RetryState:
    """What the retry decision (retry.py) knows about a planned call before its first retry."""
    meta, settings, idem, has_id = plan.meta, ctx.settings, plan.meta.idempotency, plan.idempotency is not None
    return RetryState(
        retry=meta.retry,
        dedupes=idem is not None and idem.dedupes and has_id,
        can_look_up=idem is not None and idem.lookup is not None and has_id and not idem.per_item,
        signed=meta.auth == "private",
        clock_sync=ctx.clock.mode != "off",
        retries=0,
        max_retries=options.get("max_retries", settings.max_retries),
        max_server_wait_ms=(
            meta.rate_limit.window * 1000
            if settings.max_rate_limit_wait_ms is None
            else settings.max_rate_limit_wait_ms
        ),
    )
