# Copied by exchange-v4 from generator/targets/python/runtime/validate.py. Do not edit here: edit that file,
# then run: npm run generate
"""Checks a call's parameters against its operation's rules before any I/O. Every failure is a
`ValidationError` naming the field, the value (`[redacted]` for secrets) and the rule: `required`,
`type`, `enum`, `pattern`, `minLength`, `maxLength`, `minimum`, `maximum`, `minItems`, `maxItems`,
`decimal`, `decimal.gt`, `decimal.maxScale`, `requireAnyOf`, `groupLimit`, `timeRange`, `unknown`,
`noBody`."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NoReturn, cast

from .errors import ValidationError, ValidationIssue
from .envelope import envelope_body, envelope_of, param_value
from .metadata import Condition, FieldRule, OperationMeta, allowed_params
from .values import DAY, integer_value, quick_accept
from .values import INT_RANGES as _INT_RANGES
from .values import finite_number as _finite_number
from .values import num_text as _num
from .values import pattern as _pattern
from .values import seconds as _seconds

_DECIMAL = re.compile(r"-?\d+(\.\d+)?\Z")
_REDACTED = "[redacted]"


lookup = param_value
"""A parameter's value (envelope.py)."""


class _Checker:
    def __init__(self, meta: OperationMeta) -> None:
        self.meta = meta

    def fail(self, field: str, value: object, rule: str, explanation: str, secret: bool = False) -> NoReturn:
        raise ValidationError(field, _REDACTED if secret else value, rule, explanation, operation=self.meta.id)

    def shape(self, params: Mapping[str, object]) -> None:
        meta = self.meta
        allowed = allowed_params(meta)
        if meta.shape == "named-only":
            query, body = envelope_of(params)
            if body is not None and meta.method in ("GET", "DELETE"):
                self.fail("body", body, "noBody", f"is not allowed: {meta.method} requests carry no body")
            if query is not None and not isinstance(query, Mapping):
                self.fail("query", query, "type", "must be a mapping of query parameters")
        elif meta.body == "list":
            body = envelope_body(params)
            if body is not None and not isinstance(body, (list, tuple)):
                self.fail("body", body, "type", "must be a list")
        for key, value in params.items():
            if key not in allowed and value is not None:
                known = ", ".join(sorted(allowed)) or "none"
                self.fail(key, value, "unknown", f"is not a parameter of {meta.id} (known: {known})")

    def value(self, field: str, value: object, rule: FieldRule, secret: bool) -> None:
        accept = quick_accept(rule)
        if accept is not None and accept(value):  # every check below passes
            return
        given: object = value  # as given (`value` is narrowed below)

        def bad(name: str, explanation: str) -> NoReturn:
            self.fail(field, value, name, explanation, secret)

        if rule.format == "decimal":
            self.decimal(value, rule, bad)
        elif rule.type == "integer" and integer_value(value, rule.format) is None:
            bad("type", "must be an integer (an int or a digit string)" if rule.format == "int64" else "must be an integer")
        elif rule.type == "number" and not _finite_number(value):
            bad("type", "must be a finite number")
        elif rule.type == "string" and not isinstance(value, str):
            bad("type", "must be a string")
        elif rule.type == "boolean" and not isinstance(value, bool):
            bad("type", "must be a boolean")
        elif rule.type == "array" and not isinstance(value, (list, tuple)):
            bad("type", "must be a list")
        elif rule.type == "object" and not isinstance(value, Mapping):
            bad("type", "must be a mapping")
        if rule.enum is not None and not any(e == value and type(e) is type(given) for e in rule.enum):
            shown = ", ".join(repr(e) for e in rule.enum)
            bad("enum", f"must be one of {shown}")
        if isinstance(value, str):
            if rule.pattern is not None and not _pattern(rule.pattern).search(value):
                bad("pattern", f"must match /{rule.pattern}/")
            if rule.min_length is not None and len(value) < rule.min_length:
                bad("minLength", f"must be at least {rule.min_length} characters long")
            if rule.max_length is not None and len(value) > rule.max_length:
                bad("maxLength", f"must be at most {rule.max_length} characters long")
        if rule.type == "integer" and rule.format in _INT_RANGES:
            low, high = _INT_RANGES[rule.format]
            number = integer_value(given, rule.format)
            if number is not None and number < low:
                bad("minimum", f"must be at least {low} ({rule.format})")
            if number is not None and number > high:
                bad("maximum", f"must be at most {high} ({rule.format})")
        numeric = integer_value(given, rule.format) if rule.type == "integer" else given
        if rule.format != "decimal" and isinstance(numeric, (int, float)) and not isinstance(numeric, bool):
            if rule.minimum is not None and numeric < rule.minimum:
                bad("minimum", f"must be at least {_num(rule.minimum)}")
            if rule.maximum is not None and numeric > rule.maximum:
                bad("maximum", f"must be at most {_num(rule.maximum)}")
        if isinstance(value, (list, tuple)):
            items: list[Any] = list(value)  # pyright: ignore[reportUnknownArgumentType]
            if rule.min_items is not None and len(items) < rule.min_items:
                bad("minItems", f"must have at least {rule.min_items} items (has {len(items)})")
            if rule.max_items is not None and len(items) > rule.max_items:
                bad("maxItems", f"must have at most {rule.max_items} items (has {len(items)})")
            if rule.items is not None:
                for i, item in enumerate(items):
                    self.item(field, i, item, rule.items, secret)
        if isinstance(value, Mapping):
            fields = cast("Mapping[str, object]", value)
            for sub in rule.properties:
                inner, hidden = fields.get(sub.name), secret or sub.secret
                if inner is None:
                    if sub.required:
                        self.fail(f"{field}.{sub.name}", inner, "required", "is required", hidden)
                    continue
                self.value(f"{field}.{sub.name}", inner, sub, hidden)

    def item(self, field: str, i: int, item: object, rule: FieldRule, secret: bool) -> None:
        """Item `i` of the list `field`: present, and checked against the list's `items` rule."""
        if item is None:
            self.fail(f"{field}[{i}]", item, "type", "must not be empty", secret)
        self.value(f"{field}[{i}]", item, rule, secret or rule.secret)

    def decimal(self, value: object, rule: FieldRule, bad: Any) -> None:
        if isinstance(value, float):
            bad("type", 'must be a decimal string or Decimal, not a float: amounts are exact (e.g. "0.5")')
        if isinstance(value, Decimal):
            if not value.is_finite():
                bad("decimal", "must be a finite decimal")
            number, text = value, format(value, "f")
        elif isinstance(value, str):
            if not _DECIMAL.match(value):
                bad("decimal", 'must be a plain decimal string: digits, optional "-" and fraction, no exponent')
            number, text = Decimal(value), value
        else:
            bad("type", "must be a decimal string or Decimal")
            return
        if rule.decimal_gt is not None and number <= Decimal(rule.decimal_gt):
            bad("decimal.gt", f"must be greater than {rule.decimal_gt}")
        scale = len(text) - text.index(".") - 1 if "." in text else 0
        if rule.decimal_max_scale is not None and scale > rule.decimal_max_scale:
            bad("decimal.maxScale", f"must have at most {rule.decimal_max_scale} decimal places (has {scale})")


def validate_call(
    meta: OperationMeta, params: Mapping[str, object], now_seconds: float, limit_range: bool = True
) -> None:
    """Validates one call (a list body item by item, in order: the first bad item's first bad field
    is reported as `body[i].field`, and with two or more bad items the error's `issues` lists each
    one's first bad field); `limit_range=False` allows a time range longer than the operation's
    maximum (iteration splits it into windows). Raises `ValidationError` on the first broken rule."""
    check = _Checker(meta)
    check.shape(params)
    if meta.list_body is not None:
        body = envelope_body(params)
        if body is None:
            if meta.list_body.required:
                check.fail("body", body, "required", "is required (a list)")
        else:
            try:
                check.value("body", body, meta.list_body, False)
            except ValidationError as first:
                if first.field == "body" or not isinstance(body, (list, tuple)):
                    raise
                items = cast("list[object]", list(body))  # pyright: ignore[reportUnknownArgumentType]
                raise _bad_items(meta, meta.list_body, items, first) from None
    shaped = meta.shape == "shaped"  # a shaped call's values are its flat params (`param_value`)
    for rule in meta.rules:
        if rule.where == "header":
            continue
        value = params.get(rule.name) if shaped else lookup(meta, params, rule.name, rule.where)
        if value is None:
            if rule.required:
                check.fail(rule.name, value, "required", "is required", rule.secret)
            continue
        check.value(rule.name, value, rule, rule.secret)
    for condition in meta.conditions:
        _condition(meta, params, condition, check)
    if meta.require_any_of:
        names = meta.require_any_of
        if all(lookup(meta, params, n) in (None, "") for n in names):
            check.fail(" or ".join(names), None, "requireAnyOf", f"must be set (at least one of {', '.join(names)})")
    _paging(meta, params, check)
    _group_limit(meta, params, check)
    _time_range(meta, params, now_seconds, limit_range, check)


class _Recorder(_Checker):
    """A checker that keeps the explanation of its first failure."""

    def __init__(self, meta: OperationMeta) -> None:
        super().__init__(meta)
        self.first: str | None = None

    def fail(self, field: str, value: object, rule: str, explanation: str, secret: bool = False) -> NoReturn:
        if self.first is None:
            self.first = explanation
        super().fail(field, value, rule, explanation, secret)


def _bad_items(meta: OperationMeta, rule: FieldRule, items: list[object], first: ValidationError) -> ValidationError:
    """The error for a list body whose item failed with `first`: `first` itself when no other item is
    bad, else the same field, value, rule and message start, with every bad item's first bad field in
    `issues` (item order) and the others named in the message. Runs only once an item has failed."""
    if rule.items is None:
        return first
    recorder = _Recorder(meta)
    issues: list[ValidationIssue] = []
    for i, item in enumerate(items):
        try:
            recorder.item("body", i, item, rule.items, rule.secret)
        except ValidationError as error:
            issues.append(ValidationIssue(error.field, error.value, error.rule, error.message))
    if len(issues) < 2:
        return first
    explanation = recorder.first or ""
    return ValidationError(first.field, first.value, first.rule, explanation, operation=meta.id, issues=tuple(issues))


def _condition(meta: OperationMeta, params: Mapping[str, object], condition: Condition, check: _Checker) -> None:
    """When every `when` field holds one of its values, every `require` field must be set."""
    for field, values in condition.when:
        if lookup(meta, params, field) not in values:
            return
    because = " and ".join(f"{field} is {json.dumps(lookup(meta, params, field))}" for field, _ in condition.when)
    for name in condition.require:
        value = lookup(meta, params, name)
        if value in (None, ""):
            check.fail(name, value, "requiredIf", f"is required when {because}")


def _paging(meta: OperationMeta, params: Mapping[str, object], check: _Checker) -> None:
    paging = meta.pagination
    if paging is None:
        return
    position: tuple[str, int, int | None] = ("page", 1, None) if paging.style == "page" else ("offset", 0, None)
    bounds: list[tuple[str, int, int | None]] = [("limit", paging.min_limit, paging.max_limit), position]
    for name, low, high in bounds:
        value = lookup(meta, params, name)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            check.fail(name, value, "type", "must be an integer")
        if value < low:
            check.fail(name, value, "minimum", f"must be at least {low}")
        if high is not None and value > high:
            check.fail(name, value, "maximum", f"must be at most {high}")


def _group_limit(meta: OperationMeta, params: Mapping[str, object], check: _Checker) -> None:
    limit = meta.group_limit
    body = envelope_body(params) if meta.body in ("open", "list") else None
    if limit is None or not isinstance(body, (list, tuple)):
        return
    counts: dict[str, int] = {}
    for item in cast("list[object]", list(body)):  # pyright: ignore[reportUnknownArgumentType]
        value = cast("Mapping[str, object]", item).get(limit.field) if isinstance(item, Mapping) else None
        if value is None:
            continue
        key = str(value)
        counts[key] = counts.get(key, 0) + 1
        if counts[key] > limit.max:
            explanation = f"must be shared by at most {limit.max} items of the list"
            check.fail(f"body[].{limit.field}", key, "groupLimit", explanation)


def _time_range(
    meta: OperationMeta, params: Mapping[str, object], now_seconds: float, limit_range: bool, check: _Checker
) -> None:
    span = meta.time_range
    if span is None:
        return
    given_from, given_to = lookup(meta, params, span.from_param), lookup(meta, params, span.to_param)
    if given_from is None and given_to is None:
        return
    for name, value in ((span.from_param, given_from), (span.to_param, given_to)):
        if value is not None and not math.isfinite(_seconds(value)):
            check.fail(name, value, "type", "must be Unix seconds (a number)")
    to = now_seconds if given_to is None else _seconds(given_to)
    start = to - span.default_days * DAY if given_from is None else _seconds(given_from)
    shown = {span.from_param: start, span.to_param: to}
    if start > to:
        check.fail(span.from_param, shown, "timeRange", f"must not be later than {span.to_param}")
    if limit_range and to - start > span.max_days * DAY:
        days = math.ceil((to - start) / DAY * 100) / 100
        check.fail(
            span.from_param,
            shown,
            "timeRange",
            f"must be at most {_num(span.max_days)} days before {span.to_param} (the range spans {days} days)",
        )
