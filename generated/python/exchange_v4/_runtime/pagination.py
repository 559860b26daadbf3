# Copied by exchange-v4 from generator/targets/python/runtime/pagination.py. Do not edit here: edit that file,
# then run: npm run generate
"""Iteration over paginated lists: pages through `page`/`limit` or `offset`/`limit` until a short
page, and splits a time range longer than the operation allows into consecutive windows, oldest
first, without overlap or gap."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .metadata import OperationMeta
from .envelope import param_value, with_query_values
from .values import DAY, integer_value

MAX_PAGES = 100_000
"""Safety bound on the pages of one iteration."""


def time_windows(start: int, end: int, max_days: float) -> list[tuple[int, int]]:
    """Splits the inclusive range [start, end] (Unix seconds) into windows of at most
    `max_days * 86400` seconds: each window ends one second before the next begins."""
    span = int(max_days * DAY)
    if span < 1:
        raise ValueError(f"max_days must cover at least one second, got {max_days}")
    windows: list[tuple[int, int]] = []
    at = start
    while at <= end:
        stop = min(at + span - 1, end)
        windows.append((at, stop))
        at = stop + 1
    return windows


def _read(meta: OperationMeta, params: Mapping[str, object], name: str) -> object:
    """A query parameter's value (envelope.py): flat params, or the `query` mapping of a named-only call."""
    return param_value(meta, params, name, "query")


def _integer(value: object) -> int | None:
    return integer_value(value, "int64")


def _window_params(
    meta: OperationMeta, params: Mapping[str, object], now_seconds: Callable[[], int]
) -> list[dict[str, object]]:
    span = meta.time_range
    unchanged = [dict(params)]
    if span is None:
        return unchanged
    given_from, given_to = _read(meta, params, span.from_param), _read(meta, params, span.to_param)
    if given_from is None and given_to is None:
        return unchanged
    end = now_seconds() if given_to is None else _integer(given_to)
    if end is None:
        return unchanged
    begin = end - int(span.default_days * DAY) if given_from is None else _integer(given_from)
    if begin is None:
        return unchanged
    windows = time_windows(begin, end, span.max_days)
    if len(windows) <= 1:
        return unchanged
    return [with_query_values(meta, params, {span.from_param: a, span.to_param: b}) for a, b in windows]


def _id_of(item: object) -> str | None:
    if isinstance(item, Mapping):
        value = item.get("id")  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        if isinstance(value, (str, int)):
            return str(value)
    return None


class Pager:
    """The pages of one iteration, without I/O: `next_page()` gives the params of the next page to
    fetch (None: done), `accept(items)` takes that page's items and gives the ones to yield. Each
    time window (when the range is longer than allowed) is paged through fully, oldest first; the
    page size is the caller's `limit` or the default; paging stops at a short page or a full page
    that repeats the previous one. Items with an `id` are yielded once. The blocking and the asyncio
    iterations both run it."""

    def __init__(self, meta: OperationMeta, params: Mapping[str, object], now_seconds: Callable[[], int]) -> None:
        self._meta = meta
        self._params = params
        self._now_seconds = now_seconds
        self._windows: list[dict[str, object]] | None = None
        self._index = 0
        self._seen: set[str] = set()
        self._pages = 0
        self._limit = 0
        self._position = 0
        self._previous: list[str | None] | None = None

    def _enter(self, index: int) -> None:
        self._index = index
        pagination = self._meta.pagination
        if pagination is None:
            return
        style = pagination.style
        self._limit = _integer(_read(self._meta, self._params, "limit")) or pagination.default_limit
        start = _integer(_read(self._meta, self._params, style)) if index == 0 else None
        self._position = start if start is not None else (1 if style == "page" else 0)
        self._previous = None

    def next_page(self) -> dict[str, object] | None:
        """The params of the next page to fetch, or None when the iteration is over."""
        if self._windows is None:
            self._windows = _window_params(self._meta, self._params, self._now_seconds)
            self._enter(0)
        if self._index >= len(self._windows):
            return None
        base = self._windows[self._index]
        pagination = self._meta.pagination
        if pagination is None:
            return base
        if self._pages >= MAX_PAGES:
            return None
        self._pages += 1
        return with_query_values(self._meta, base, {"limit": self._limit, pagination.style: self._position})

    def accept(self, items: Sequence[Any]) -> list[Any]:
        """Takes the items of the page `next_page()` gave; returns those to yield."""
        pagination = self._meta.pagination
        if pagination is None:
            self._enter(self._index + 1)
            return list(items)
        out: list[Any] = []
        for item in items:
            key = _id_of(item)
            if key is None or key not in self._seen:
                if key is not None:
                    self._seen.add(key)
                out.append(item)
        ids = [_id_of(item) for item in items]
        if len(items) < self._limit or (None not in ids and ids == self._previous):
            self._enter(self._index + 1)
        else:
            self._previous = ids
            self._position += 1 if pagination.style == "page" else self._limit
        return out


def paginate(
    meta: OperationMeta,
    params: Mapping[str, object],
    fetch_page: Callable[[dict[str, object]], Sequence[Any]],
    now_seconds: Callable[[], int],
) -> Iterator[Any]:
    """Yields every item, fetching each page with `fetch_page` (see `Pager`)."""
    pages = Pager(meta, params, now_seconds)
    while (page := pages.next_page()) is not None:
        yield from pages.accept(fetch_page(page))
