# Copied by exchange-v4 from generator/targets/python/runtime/raw.py. Do not edit here: edit that file,
# then run: npm run generate
"""`client.request()`: the path of a raw request, checked and encoded before anything is signed, and
the operation metadata it is sent with. The same rules and messages as the TypeScript client
(`raw-path.ts`, `raw-routes.ts`, `raw-request.ts`; shared rows in
`conformance/raw-paths.json`).

The path that is signed is the path on the wire, byte for byte, so it must be one that neither a URL
parser nor a server reads differently: it starts with `/`, has no empty segment (`//`, a trailing
`/`), no whitespace or control character anywhere, no query, fragment, braces or backslash, and no
segment that reads as `.` or `..` or hides a `/`, `\\` or control character once percent-decoded
(repeatedly). Every character outside the unreserved set (`A-Z a-z 0-9 - . _ ~`) and `/` is then
percent-encoded as UTF-8; an existing valid escape (`%20`) is kept as it is.

A path a spec operation's template matches (`/spot/orders/{order_id}` matches `/spot/orders/123`; a
literal segment beats a parameter) takes that operation's rate limit, retry policy and auth; any
other path counts in one bucket per method (`raw:GET`, ...), 150 requests per 10 s."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Literal
from urllib.parse import quote, unquote_to_bytes

from .errors import ValidationError
from .metadata import OperationMeta, RateLimit

RAW_LIMIT = (150, 10)
"""Client-side limit of a raw request to a path the spec does not have: 150 requests per 10 s."""

Method = Literal["GET", "POST", "PUT", "PATCH", "DELETE"]
_METHODS: tuple[Method, ...] = ("GET", "POST", "PUT", "PATCH", "DELETE")
_DECODE_ROUNDS = 3
# Whitespace and control characters: C0, space, DEL, C1, no-break space, the Unicode spaces, line and
# paragraph separators, zero-width space and the byte-order mark (the TypeScript client's set).
_WHITESPACE_OR_CONTROL = re.compile(
    r"[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]"
)
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")
_CONTROL = re.compile(r"[\u0000-\u001f\u007f]")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_TO_ENCODE = re.compile(r"[^A-Za-z0-9\-._~/%]+")


def _decoded(text: str) -> str | None:
    """`text` percent-decoded once (UTF-8), or None when it is not valid percent-encoding."""
    if _BAD_ESCAPE.search(text):
        return None
    try:
        return unquote_to_bytes(text).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _segment_problem(segment: str) -> str | None:
    text = segment
    for _ in range(_DECODE_ROUNDS + 1):
        if _CONTROL.search(text):
            return "must hold no control characters, encoded or not"
        if "/" in text or "\\" in text:
            return 'must hold no encoded "/" or "\\" in a segment'
        if text in (".", ".."):
            return 'must hold no dot segments ("." or "..", encoded or not)'
        decoded = _decoded(text)
        if decoded is None:
            return "must be valid percent-encoding"
        if decoded == text:
            break
        text = decoded
    return None


def normalize_raw_path(given: str, prefix: str) -> dict[str, str]:
    """`{"path": ...}`: the path to sign and send (a leading `prefix` dropped), or `{"problem": ...}`:
    why it is refused (the explanation of a `ValidationError` with field `path`, rule `pattern`)."""
    path = given[len(prefix):] if prefix and given.startswith(prefix + "/") else given
    if not path.startswith("/"):
        return {"problem": 'must start with "/"'}
    if _WHITESPACE_OR_CONTROL.search(path):
        return {"problem": "must hold no whitespace or control characters"}
    if _LONE_SURROGATE.search(path):
        return {"problem": "must be valid Unicode (no lone surrogates)"}
    if re.search(r"[?#]", path):
        return {"problem": "must hold no query or fragment (pass `query` instead)"}
    if re.search(r"[{}]", path):
        return {"problem": "must hold no braces"}
    if "\\" in path:
        return {"problem": "must hold no backslash"}
    segments = path[1:].split("/")
    if "" in segments:
        return {"problem": 'must hold no empty segments ("//" or a trailing "/")'}
    for segment in segments:
        if _BAD_ESCAPE.search(segment):
            return {"problem": "must be valid percent-encoding"}
        problem = _segment_problem(segment)
        if problem is not None:
            return {"problem": problem}
    return {"path": _TO_ENCODE.sub(lambda m: quote(m.group(0), safe=""), path)}


_Route = tuple[tuple[str | None, ...], OperationMeta]
_tables: dict[int, tuple[Mapping[str, OperationMeta], dict[str, list[_Route]]]] = {}


def _routes(operations: Mapping[str, OperationMeta]) -> dict[str, list[_Route]]:
    """The routes of `operations` by method (a parameter segment as None), split once per table."""
    cached = _tables.get(id(operations))
    if cached is not None and cached[0] is operations:
        return cached[1]
    by_method: dict[str, list[_Route]] = {}
    for meta in operations.values():
        segments = tuple(None if re.fullmatch(r"\{[^{}]+\}", s) else s for s in meta.path[1:].split("/"))
        by_method.setdefault(meta.method, []).append((segments, meta))
    _tables[id(operations)] = (operations, by_method)
    return by_method


def _more_specific(a: tuple[str | None, ...], b: tuple[str | None, ...]) -> bool:
    """A literal where the other has a parameter, first from the left."""
    for x, y in zip(a, b):
        if (x is None) != (y is None):
            return x is not None
    return False


def match_operation(method: str, path: str, operations: Mapping[str, OperationMeta]) -> OperationMeta | None:
    """The operation whose template of the same method matches `path` (checked, without the prefix)."""
    parts = path[1:].split("/")
    best: _Route | None = None
    for route in _routes(operations).get(method, []):
        segments = route[0]
        if len(segments) != len(parts) or any(s is not None and s != p for s, p in zip(segments, parts)):
            continue
        if best is None or _more_specific(segments, best[0]):
            best = route
    return None if best is None else best[1]


def raw_operation_meta(
    method: object, path: object, auth: Literal["public", "private"] | None, prefix: str,
    operations: Mapping[str, OperationMeta],
) -> OperationMeta:
    """Metadata of a raw request; raises `ValidationError` (before any I/O) for a bad method or path."""
    if method not in _METHODS:
        raise ValidationError(
            "method", method, "enum", "must be one of GET, POST, PUT, PATCH, DELETE", operation="request"
        )
    if not isinstance(path, str):
        raise ValidationError("path", path, "type", "must be a string", operation="request")
    checked = normalize_raw_path(path, prefix)
    if "problem" in checked:
        raise ValidationError("path", path, "pattern", checked["problem"], operation="request")
    verb: Method = method  # pyright: ignore[reportAssignmentType]
    spec = match_operation(verb, checked["path"], operations)
    auth = auth or (spec.auth if spec is not None else "private")
    if spec is None:
        limit = RateLimit(f"raw:{verb}", RAW_LIMIT[0], RAW_LIMIT[1], "ip" if auth == "public" else "uid")
        retry: Literal["safe", "keyed", "never"] = "safe" if verb == "GET" else "never"
    else:
        # A raw request carries no idempotency id the loop knows of: a keyed write is never resent.
        limit, retry = spec.rate_limit, "never" if spec.retry == "keyed" else spec.retry
    return OperationMeta(
        id="request", name="request", area="raw", method=verb, path=checked["path"], auth=auth,
        shape="named-only", rate_limit=limit, retry=retry, success_status=200, body="open",
    )
