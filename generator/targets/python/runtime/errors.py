"""The client's errors: one base class, one subclass per failure kind, and one factory
(`api_error_for`) that maps an HTTP status to its class. No error holds the API key, the secret or
a signature: only the fields listed here, all safe to log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

_MAX_SHOWN = 80


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_SHOWN else f"{text[: _MAX_SHOWN - 3]}..."


def _restore(cls: type[ExchangeError], args: tuple[Any, ...]) -> ExchangeError:
    """An error rebuilt by `pickle` or `copy` without calling its `__init__` (the attributes follow)."""
    return cls.__new__(cls, *args)


class ExchangeError(Exception):
    """Base class of every error this client raises. Every error pickles and copies with its class,
    message and attributes (so it crosses a `ProcessPoolExecutor`)."""

    def __init__(
        self,
        message: str,
        *,
        operation: str | None = None,
        endpoint: str | None = None,
        request_id: str | None = None,
        trace_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        #: operationId of the call (`request` for a raw request).
        self.operation = operation
        #: `METHOD /api/v4/path` as sent (no query).
        self.endpoint = endpoint
        #: The client request id header sent with the call.
        self.request_id = request_id
        #: The server's trace id, when a response arrived.
        self.trace_id = trace_id

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.args), self.__dict__)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"


class ClientClosedError(ExchangeError):
    """A call on a client after `close()` (or after its `with` block): nothing was sent."""


class ApiError(ExchangeError):
    """The server answered with a non-2xx status."""

    def __init__(
        self, status: int, label: str, detail: str, headers: Mapping[str, str], **context: str | None
    ) -> None:
        op = context.get("operation")
        suffix = f" ({op})" if op else ""
        super().__init__(f"{status} {label}{': ' + detail if detail else ''}{suffix}", **context)
        #: HTTP status (0 for a call refused by the client's own limiter).
        self.status = status
        #: The API's error label (`INVALID_PARAM_VALUE`, `REQUEST_EXPIRED`, ...), `UNKNOWN` without a body.
        self.label = label
        #: The body's `message`, or its `detail`.
        self.detail = detail
        #: Response headers, lower-case names (never request headers).
        self.headers = dict(headers)


class BadRequestError(ApiError):
    """400 and any other 4xx without a class of its own."""


class AuthenticationError(ApiError):
    """401: bad key, signature, IP, or an expired timestamp (`REQUEST_EXPIRED`)."""


class PermissionDeniedError(ApiError):
    """403."""


class NotFoundError(ApiError):
    """404."""


class ServerError(ApiError):
    """5xx."""


class RateLimitError(ApiError):
    """Too many requests: the server answered 429, or (`rate_limit="reject"`) the client's own limiter
    refused to send (status 0, label `RATE_LIMITED_LOCALLY`)."""

    def __init__(
        self,
        status: int,
        label: str,
        detail: str,
        headers: Mapping[str, str],
        *,
        reset_at_ms: float | None = None,
        bucket: str | None = None,
        **context: str | None,
    ) -> None:
        super().__init__(status, label, detail, headers, **context)
        #: Epoch milliseconds (local clock) at which the bucket reopens, when known.
        self.reset_at_ms = reset_at_ms
        #: The rate-limit bucket of the operation.
        self.bucket = bucket


class RedirectError(ApiError):
    """A 3xx answer. Signed requests are never sent on to another address; `location_origin` names
    where the server pointed (scheme, host and port only)."""

    def __init__(self, status: int, location_origin: str, headers: Mapping[str, str], **context: str | None) -> None:
        super().__init__(status, "REDIRECT", f"redirect to {location_origin} not followed", headers, **context)
        self.location_origin = location_origin


class NetworkError(ExchangeError):
    """No response: the connection failed. `sent` is False only when the request certainly never
    reached the server (connection refused, DNS failure): then it may be sent again safely."""

    def __init__(self, message: str, *, sent: bool, **context: str | None) -> None:
        super().__init__(message, **context)
        self.sent = sent


class RequestTimeoutError(NetworkError):
    """No response within the timeout (the request may have been received)."""


@dataclass(frozen=True)
class ValidationIssue:
    """One bad item of a list body: the item's first bad field (`body[7].price`), its value
    (`[redacted]` for secrets), the rule, and the message a `ValidationError` for that item alone
    would carry."""

    field: str
    value: object
    rule: str
    message: str


#: How many fields of the other bad items a message names before `and N more`.
_NAMED_ISSUES = 5


def _other_issues(issues: tuple[ValidationIssue, ...] | None) -> str:
    """`; 2 more bad items: body[7].price, body[9].amount` (at most five fields), or nothing for one issue."""
    if issues is None or len(issues) < 2:
        return ""
    rest = issues[1:]
    named = ", ".join(issue.field for issue in rest[:_NAMED_ISSUES])
    more = f" and {len(rest) - _NAMED_ISSUES} more" if len(rest) > _NAMED_ISSUES else ""
    return f"; {len(rest)} more bad item{'' if len(rest) == 1 else 's'}: {named}{more}"


class ValidationError(ExchangeError):
    """A parameter broke a rule of the spec; nothing was sent and no rate-limit slot was used.
    `issues`: the bad items of a list body, when two or more are bad (the message names the others)."""

    def __init__(
        self,
        field: str,
        value: object,
        rule: str,
        explanation: str,
        *,
        operation: str | None = None,
        issues: tuple[ValidationIssue, ...] | None = None,
    ) -> None:
        prefix = f"{operation}: " if operation else ""
        message = f"{prefix}{field} {explanation} (rule: {rule}, value: {_describe(value)})"
        super().__init__(message + _other_issues(issues), operation=operation)
        #: Parameter or body field (`perms[0].name` for nested values).
        self.field = field
        #: The offending value (`[redacted]` for secrets).
        self.value = value
        #: The rule: `required`, `type`, `enum`, `pattern`, `maximum`, `decimal.gt`, `timeRange`, ...
        self.rule = rule
        #: Every bad item of a list body (the batch endpoints) when two or more are bad: one entry per
        #: bad item (its first bad field), in item order, the first being the one `field`, `value` and
        #: `rule` name. `None` when only one item is bad and for every other error.
        self.issues = issues


@dataclass(frozen=True)
class IdempotencyId:
    """The field and value that identify a write."""

    field: str
    value: str


class UnknownOutcomeError(ExchangeError):
    """A write was sent and no definitive answer came (timeout, connection lost, 5xx): it may or may
    not have been applied. `idempotency` holds the id it carried (given or generated);
    `client.resolve_outcome(error)` finds out."""

    def __init__(
        self,
        message: str,
        *,
        idempotency: IdempotencyId | None,
        retry_after_ms: int,
        cause: str | None = None,
        items: tuple[IdempotencyId, ...] = (),
        duplicate: bool = False,
        **context: str | None,
    ) -> None:
        super().__init__(message, **context)
        self.idempotency = idempotency
        #: How long to wait before looking the write up again.
        self.retry_after_ms = retry_after_ms
        #: What went wrong on the wire (class and message of the failure).
        self.cause_text = cause
        #: A batch (orders placed in one call): the id of each item, in item order.
        self.items = items
        #: The service refused it as a duplicate of an earlier write with the same id.
        self.duplicate = duplicate
        #: What `resolve_outcome` looks up: (id value, the lookup's other parameters) per write.
        self.lookup_targets: tuple[tuple[str, dict[str, object]], ...] = ()


class ResponseBodyError(ExchangeError):
    """The server answered with a success status, but its body is not valid JSON (a proxy's page,
    an answer cut short). For a write the status means the server accepted it: it is not sent
    again, and `idempotency` holds the id it carried. The body is never copied into the error."""

    def __init__(
        self,
        status: int,
        headers: Mapping[str, str],
        *,
        write: bool,
        idempotency: IdempotencyId | None,
        **context: str | None,
    ) -> None:
        op = context.get("operation")
        accepted = "; it accepted the write, which is not sent again" if write else ""
        super().__init__(
            f"{op + ': ' if op else ''}the server answered {status} with a body that is not valid JSON{accepted}",
            **context,
        )
        #: The success status the server answered with.
        self.status = status
        #: Response headers, lower-case names, scrubbed like an `ApiError`'s.
        self.headers = dict(headers)
        #: The id field and value of the write, when it carried one.
        self.idempotency = idempotency


class ResponseTooLargeError(ExchangeError):
    """The answer's body is larger than `max_response_bytes` (default 16 MiB): the client stopped
    reading it and closed the connection. Not a `ResponseBodyError`: the status may be any, and a
    write it answers is not known to be accepted. A read raises it once its retries are spent; a
    write ends as an `UnknownOutcomeError` (after a lookup by its id, where it has one)."""

    def __init__(self, status: int, limit: int, **context: str | None) -> None:
        op = context.get("operation")
        super().__init__(
            f"{op + ': ' if op else ''}the server answered {status} with a body larger than {limit} bytes "
            "(max_response_bytes); it was not read",
            **context,
        )
        #: The status the server answered with.
        self.status = status
        #: The cap the body passed, in bytes (`max_response_bytes`).
        self.limit = limit


_CLASSES: dict[int, type[ApiError]] = {
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
}


def api_error_for(
    status: int, label: str, detail: str, headers: Mapping[str, str], *, bucket: str, reset_at_ms: float | None,
    **context: str | None,
) -> ApiError:
    """The error of a non-2xx answer, by status."""
    if status == 429:
        return RateLimitError(status, label, detail, headers, reset_at_ms=reset_at_ms, bucket=bucket, **context)
    if status >= 500:
        return ServerError(status, label, detail, headers, **context)
    return _CLASSES.get(status, BadRequestError)(status, label, detail, headers, **context)
