"""`Core`: the base class of the generated client. It resolves the options (server, credentials,
timeouts, limits, clock sync), holds the runtime context, and offers a raw signed request for
endpoints newer than the spec. It prints as its base URL only: the secret lives in the signer's
closure, and the key is never part of its repr, an error or a log event."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, Literal, cast
from urllib.parse import urlsplit

from .clock import ClockSync, ServerClock, server_time_ms
from .context import Context, RequestOptions, Settings, account_fingerprint
from .errors import ValidationError
from .logger import Logger, make_redactor
from .metadata import ApiMeta, OperationMeta, RateLimit
from .outcome import Resolution, resolve_outcome
from .plan import check_number
from .rate_limit import RateLimiter, RateLimitMode, process_limiter
from .request import execute, iterate
from .retry import DEFAULT_MAX_RETRIES
from .signing import make_signer
from .transport import HttpTransport, Transport

DEFAULT_TIMEOUT_S = 30.0
"""Default per-attempt timeout, seconds."""

RAW_LIMIT = (150, 10)
"""Client-side limit of a raw request: 150 requests per 10 s, per path."""


def _one_of(field: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValidationError(field, value, "enum", f"must be one of {', '.join(allowed)}")


def _base_url(api: ApiMeta, server: str, base_url: str | None) -> str:
    if base_url is not None:
        given = cast(object, base_url)
        parts = urlsplit(base_url) if isinstance(given, str) else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            explanation = "must be an absolute http(s) URL without query or fragment"
            raise ValidationError("base_url", base_url, "url", explanation)
        return base_url.rstrip("/")
    _one_of("server", server, tuple(api.servers))
    return api.servers[server].rstrip("/")


class Core:
    """Configuration, clock, limiter and transport of a client; see `ExchangeClient` for the options."""

    def __init__(
        self,
        api: ApiMeta,
        operations: Mapping[str, OperationMeta],
        *,
        key: str | None = None,
        secret: str | None = None,
        server: str = "live",
        base_url: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        rate_limit: RateLimitMode = "wait",
        max_rate_limit_wait_ms: float | None = None,
        clock_sync: ClockSync = "lazy",
        size_decimal: bool = True,
        default_headers: Mapping[str, str] | None = None,
        logger: Logger | None = None,
        limiter: RateLimiter | None = None,
        transport: Transport | None = None,
    ) -> None:
        for name, value in (("key", key), ("secret", secret)):
            given = cast(object, value)
            if given is not None and (not isinstance(given, str) or not given.strip()):
                raise ValidationError(name, "[redacted]", "type", "must be a non-empty string")
        if (key is None) != (secret is None):
            missing, other = ("key", "secret") if key is None else ("secret", "key")
            raise ValidationError(missing, None, "required", f"must be set together with {other}")
        check_number("timeout", timeout, 0.001, 86_400, False)
        check_number("max_retries", max_retries, 0, 10, True)
        check_number("max_rate_limit_wait_ms", max_rate_limit_wait_ms, 0, 2_147_483_647, False)
        _one_of("rate_limit", rate_limit, ("wait", "reject", "off"))
        _one_of("clock_sync", clock_sync, ("lazy", "off"))
        if logger is not None and not callable(logger):
            raise ValidationError("logger", logger, "type", "must be a callable or a logging.Logger")
        url = _base_url(api, server, base_url)
        clock_op = operations[api.clock_operation]

        def server_time() -> float:
            data: object = execute(self._ctx, clock_op, {}, {})
            answer = cast("dict[str, object]", data) if isinstance(data, dict) else {}
            return server_time_ms(answer.get("server_time"))

        self._ctx = Context(
            api=api,
            operations=operations,
            base_url=url,
            settings=Settings(
                timeout, max_retries, rate_limit, size_decimal, dict(default_headers or {}), logger,
                max_rate_limit_wait_ms,
            ),
            clock=ServerClock(clock_sync, server_time),
            limiter=limiter or process_limiter(),
            transport=transport or HttpTransport(),
            account=account_fingerprint(key) if key is not None else "public",
            credentials=(key, make_signer(secret)) if key is not None and secret is not None else None,
            redact=make_redactor([s for s in (key, secret) if s is not None]),
            clock_mode=clock_sync,
        )

    @property
    def base_url(self) -> str:
        """Base URL every request goes to, including the `/api/v4` prefix."""
        return self._ctx.base_url

    @property
    def clock_offset_ms(self) -> float:
        """Milliseconds added to local time to get server time (0 before the first measurement)."""
        return self._ctx.clock.offset_ms

    def sync_clock(self) -> None:
        """Measures the server-time offset now (otherwise done before the first private call)."""
        self._ctx.clock.sync()

    def resolve_outcome(self, error: Exception) -> Resolution:
        """Finds out what happened to a write that failed with `UnknownOutcomeError` (or a
        `NetworkError` that was never sent): `applied` with its record, `not_applied` (resending
        with the same id is safe) or `unknown` (look again after `retry_after_ms`)."""
        return resolve_outcome(self._ctx, lambda m, p, o: execute(self._ctx, m, p, o), error)

    def request(
        self,
        method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"],
        path: str,
        *,
        query: Mapping[str, object] | None = None,
        body: object = None,
        auth: Literal["public", "private"] = "private",
        **options: Any,
    ) -> Any:
        """Sends a request to any path, for endpoints newer than the spec: signed (unless public),
        limited to 150 requests per 10 s per path, retried only when it is a GET, same errors."""
        prefix = self._ctx.api.path_prefix
        if path.startswith(prefix + "/"):
            path = path[len(prefix):]
        if re.fullmatch(r"/[^?#{}]*", path) is None or any(s in (".", "..") for s in path.split("/")):
            explanation = 'must start with "/" and hold no query, fragment, braces or dot segments'
            raise ValidationError("path", path, "pattern", explanation, operation="request")
        _one_of("method", method, ("GET", "POST", "PUT", "PATCH", "DELETE"))
        meta = OperationMeta(
            id="request", name="request", area="raw", method=method, path=path, auth=auth, shape="named-only",
            rate_limit=RateLimit(f"raw:{path}", RAW_LIMIT[0], RAW_LIMIT[1], "ip" if auth == "public" else "uid"),
            retry="safe" if method == "GET" else "never", success_status=200, body="open",
        )
        params: dict[str, object] = {}
        if query is not None:
            params["query"] = query
        if body is not None:
            params["body"] = body
        return execute(self._ctx, meta, params, options)  # pyright: ignore[reportArgumentType]

    def execute_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> Any:
        """Runs one operation (used by the generated methods)."""
        return execute(self._ctx, meta, params, options)

    def iterate_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> Iterator[Any]:
        """Iterates every item of a paginated operation (used by the generated `iter_` methods)."""
        return iterate(self._ctx, meta, params, options)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"
