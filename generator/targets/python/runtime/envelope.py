"""The request envelope, read here and nowhere else. A shaped call gives its parameters flat (a list
body as `body`); a named-only call (and a raw request, `client.request()`) gives its path parameters
flat and the rest as `{query, body}`: `query` a mapping of query parameters, `body` the JSON body as
given."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from .metadata import OperationMeta


def as_mapping(value: object) -> Mapping[str, object]:
    """`value` when it is a mapping, else an empty one."""
    empty: dict[str, object] = {}
    return cast("Mapping[str, object]", value) if isinstance(value, Mapping) else empty


def envelope_params(query: object, body: object) -> dict[str, object]:
    """The params of a named-only call made of its envelope parts (an unset part is left out)."""
    params: dict[str, object] = {}
    if query is not None:
        params["query"] = query
    if body is not None:
        params["body"] = body
    return params


def envelope_of(params: Mapping[str, object]) -> tuple[object, object]:
    """The envelope as given: `(query, body)` exactly as the caller passed them."""
    return params.get("query"), params.get("body")


def envelope_query(params: Mapping[str, object]) -> Mapping[str, object]:
    """The call's `query` mapping (empty when absent or not a mapping)."""
    return as_mapping(params.get("query"))


def envelope_body(params: Mapping[str, object]) -> object:
    """The call's `body` as given: a mapping, a list body, or None."""
    return params.get("body")


def param_value(meta: OperationMeta, params: Mapping[str, object], name: str, where: str | None = None) -> object:
    """A parameter's value: a shaped call's (or a path parameter's) from the flat params; a named-only
    call's from its `query` or `body` mapping when `where` says which, else the first set of the flat
    params, `query` and `body`."""
    if meta.shape == "shaped" or where == "path":
        return params.get(name)
    query, body = envelope_query(params), as_mapping(envelope_body(params))
    if where == "query":
        return query.get(name)
    if where == "body":
        return body.get(name)
    for source in (params, query, body):
        if source.get(name) is not None:
            return source.get(name)
    return None


def with_query_values(
    meta: OperationMeta, params: Mapping[str, object], values: Mapping[str, object]
) -> dict[str, object]:
    """A copy of `params` with query parameters `values` set (inside `query` for a named-only call)."""
    if meta.shape == "named-only":
        return {**params, "query": {**envelope_query(params), **values}}
    return {**params, **values}


def _text(value: object) -> str | None:
    if isinstance(value, bool):
        return None
    return str(value) if isinstance(value, (str, int)) else None


def field_texts(params: Mapping[str, object], field: str) -> list[str]:
    """The values of `field` a call names, as text (strings and whole numbers; anything else is no
    value): for a list body, every distinct value among its mapping items, sorted; otherwise the first
    text of the flat params, the `query` mapping and the `body` mapping (at most one)."""
    body = envelope_body(params)
    if isinstance(body, (list, tuple)):
        items = cast("list[object]", list(body))  # pyright: ignore[reportUnknownArgumentType]
        found = {_text(as_mapping(item).get(field)) for item in items}
        return sorted(v for v in found if v is not None)
    for source in (params, envelope_query(params), as_mapping(body)):
        text = _text(source.get(field))
        if text is not None:
            return [text]
    return []
