# Copied by exchange-v4 from generator/targets/python/runtime/iteration.py. Do not edit here: edit that file,
# then run: npm run generate
"""Iterating a paginated (and possibly time-ranged) list: the pages one call's params give
(`pagination.Pager`), validated once before the first request, and each page's items. The blocking
client iterates here; the asyncio client awaits the same pages."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .context import Context, RequestOptions
from .errors import ExchangeError
from .metadata import OperationMeta
from .pagination import Pager
from .plan import plan_call
from .request import execute


def pager(ctx: Context, meta: OperationMeta, params: Mapping[str, object] | None, options: RequestOptions) -> Pager:
    """The pages of an iteration; the caller's params are validated once, whole, before the first request."""
    given: Mapping[str, object] = params or {}
    plan_call(ctx, meta, given, options, paged=True)
    return Pager(meta, given, ctx.clock.now_seconds)


def page_items(meta: OperationMeta, data: Any) -> list[Any]:
    """The items of one page's data (None: none); anything but a list is an error."""
    if data is None:
        return []
    if not isinstance(data, list):
        got = type(data).__name__
        raise ExchangeError(f"{meta.id}: expected a list to iterate, got {got}", operation=meta.id)
    return data  # pyright: ignore[reportUnknownVariableType]


def iterate(
    ctx: Context, meta: OperationMeta, params: Mapping[str, object] | None, options: RequestOptions
) -> Iterator[Any]:
    """Every item of a paginated (and possibly time-ranged) list, page after page, window after window."""
    pages = pager(ctx, meta, params, options)  # validated now, not at the first item

    def items() -> Iterator[Any]:
        while (page := pages.next_page()) is not None:
            yield from pages.accept(page_items(meta, execute(ctx, meta, page, options, paged=True)))

    return items()
