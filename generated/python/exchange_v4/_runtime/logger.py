# Copied by exchange-v4 from generator/targets/python/runtime/logger.py. Do not edit here: edit that file,
# then run: npm run generate
"""Structured log events and the redactor. Events carry no headers and no bodies, so the API key,
the secret, the Timestamp and the signature cannot reach a log through them; text the server sends
back (error messages, headers) passes through the redactor before it reaches an error or a log."""

from __future__ import annotations

import logging
import re
from typing import Any, Callable, Literal, NotRequired, TypedDict, TypeGuard, Union

from .signing import HiddenText


class LogEvent(TypedDict):
    """One thing the runtime did."""

    #: `request`: an attempt is sent; `response`: it got an answer; `retry`: the call is sent again
    #: after `delay_ms`; `error`: the call failed; `rate-limit-store`: a shared rate-limit store changed
    #: state (`reason`: Redis unreachable or slow, counting locally at a share of the limits; or back);
    #: `drift`: an answer field arrived as `wire_type` where the spec declares `declared_type` and was
    #: converted (reported once per client, operation, field and wire type: the spec may be stale).
    type: Literal["request", "response", "retry", "error", "rate-limit-store", "drift"]
    operation: str
    method: str
    #: Full URL with the query string as sent.
    url: str
    attempt: int
    status: NotRequired[int]
    duration_ms: NotRequired[float]
    trace_id: NotRequired[str]
    request_id: NotRequired[str]
    delay_ms: NotRequired[int]
    reason: NotRequired[str]
    field: NotRequired[str]
    wire_type: NotRequired[str]
    declared_type: NotRequired[str]


LoggingLogger = Union[logging.Logger, "logging.LoggerAdapter[Any]"]
"""A `logging.Logger` (the root logger too) or a `logging.LoggerAdapter`."""

Logger = Union[Callable[[LogEvent], None], LoggingLogger]
"""A callback receiving events, or a `logging.Logger` / `logging.LoggerAdapter` (events logged at
DEBUG, errors at WARNING, the event itself in the record's `exchange` attribute)."""


def is_logging_logger(value: object) -> TypeGuard[LoggingLogger]:
    """Whether `value` is a `logging.Logger` or a `logging.LoggerAdapter` (neither is callable)."""
    return isinstance(value, (logging.Logger, logging.LoggerAdapter))


def is_logger(value: object) -> bool:
    """Whether `value` can be the `logger` option: a callable, a `logging.Logger` or an adapter."""
    return callable(value) or is_logging_logger(value)


def emit(logger: Logger | None, event: LogEvent) -> None:
    """Hands one event to the logger; a failing logger never breaks a call."""
    if logger is None:
        return
    try:
        if isinstance(logger, (logging.Logger, logging.LoggerAdapter)):
            level = logging.WARNING if event["type"] == "error" else logging.DEBUG
            message = "%s %s %s attempt %s"
            args = (event["type"], event["operation"], event["method"], event["attempt"])
            logger.log(level, message, *args, extra={"exchange": dict(event)})
        else:
            logger(event)
    except Exception:  # noqa: BLE001 - a logger must never break a call
        pass


_SIGNATURE = re.compile(r"[0-9a-fA-F]{128}")


def make_redactor(secrets: list[str]) -> Callable[[str], str]:
    """Removes the key, the secret and anything shaped like a signature (128 hex digits) from text
    the server sent back (a proxy that echoes request headers must not carry them into an error)."""
    exact = [HiddenText(s) for s in secrets if len(s) >= 4]  # even this closure's cells print redacted

    def redact(text: str) -> str:
        out = _SIGNATURE.sub("[redacted]", text)
        for s in exact:
            out = out.replace(s, "[redacted]")
        return out

    return redact


def reason_of(error: BaseException) -> str:
    """`Name: message` of an error, for log events."""
    return f"{type(error).__name__}: {error}"
