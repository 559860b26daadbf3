"""`Core`: the base class of the generated client. It resolves the options (server, credentials,
timeouts, limits, clock sync), holds the runtime context, and offers a raw signed request for
endpoints newer than the spec. It prints as its base URL only: the secret lives in the signer's
closure, and the key is never part of its repr, an error or a log event. Neither is a readable
local of a frame an error's traceback keeps: both are held as values that print `[redacted]`
(`signing.HiddenText`, `signing.Secret`), like the signature header values."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from types import TracebackType
from typing import Any, Literal, Self, cast
from urllib.parse import urlsplit

from .clock import ClockSync, ServerClock, server_time_ms
from .context import Context, RequestOptions, Settings, account_fingerprint
from .envelope import envelope_params
from .errors import ValidationError
from .journal import JournalEntry, journal_option
from .logger import Logger, is_logger, make_redactor
from .metadata import ApiMeta, OperationMeta
from .outcome import Resolution, resolve_outcome
from .pending import ResolvedPending, journal_of, resolve_pending
from .plan import check_header, check_number
from .rate_limit import RateLimitMode, process_limiter
from .rate_limit_store import RateLimitStore
from .raw import raw_operation_meta
from .effects import run
from .iteration import iterate
from .request import call, execute, perform
from .retry import DEFAULT_MAX_RETRIES
from .signing import HiddenText, Secret, make_signer
from .pool import ProxySetting, parse_proxy
from .response import ApiResponse, api_response
from .transport import DEFAULT_MAX_RESPONSE_BYTES, HttpTransport, Transport, WireResponse

DEFAULT_TIMEOUT_S = 30.0
"""Default per-attempt timeout, seconds."""

def _one_of(field: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValidationError(field, value, "enum", f"must be one of {', '.join(allowed)}")


_PRINTABLE_ASCII = re.compile(r"[\x21-\x7e]+")


def credential_rule(value: object) -> str | None:
    """The rule a key or secret breaks: `type` (not a string, or empty), `printable-ascii` (a
    control, whitespace or non-ASCII character), or None when it is good."""
    if not isinstance(value, str) or not value:
        return "type"
    return None if _PRINTABLE_ASCII.fullmatch(value) else "printable-ascii"


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


def _check_proxy(proxy: object) -> None:
    """`proxy`: None, False or an `http://[user:password@]host[:port]` URL (its value never shown)."""
    if proxy is None or proxy is False:
        return
    why = "must be None, False or an http://[user:password@]host[:port] URL"
    if not isinstance(proxy, str):
        raise ValidationError("proxy", "[redacted]", "type", why)
    try:
        parse_proxy(proxy)
    except ValueError as error:
        raise ValidationError("proxy", "[redacted]", "url", f"{why} ({error})") from None


def _key_pair(key: str | None, secret: str | None) -> tuple[HiddenText, Secret] | None:
    """The key pair, checked, as values that print redacted (`None` without credentials). Neither
    is bound in this frame when a `ValidationError` leaves it."""
    bad = [
        (name, rule)
        for name, value in (("key", key), ("secret", secret))
        if value is not None and (rule := credential_rule(value)) is not None
    ]
    missing = [name for name, value in (("key", key), ("secret", secret)) if value is None]
    pair = (HiddenText(key), Secret(secret)) if key is not None and secret is not None and not bad else None
    del key, secret
    if bad:
        name, rule = bad[0]
        why = "must be a non-empty string" if rule == "type" else "must be non-empty printable ASCII without whitespace"
        raise ValidationError(name, "[redacted]", rule, why)
    if len(missing) == 1:
        other = "secret" if missing[0] == "key" else "key"
        raise ValidationError(missing[0], None, "required", f"must be set together with {other}")
    return pair


class ClientBase:
    """Configuration, clock, limiter and context of a client, blocking or asyncio; see
    `ExchangeClient` for the options. `transport` sends the blocking client's attempts."""

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
        deadline: float | None = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES,
        rate_limit: RateLimitMode = "wait",
        max_rate_limit_wait_ms: float | None = None,
        clock_sync: ClockSync = "lazy",
        size_decimal: bool = True,
        wire_drift: Literal["convert", "error"] = "convert",
        default_headers: Mapping[str, str] | None = None,
        logger: Logger | None = None,
        limiter: RateLimitStore | None = None,
        transport: Transport | None = None,
        proxy: ProxySetting = None,
        outcome_journal: object = None,
    ) -> None:
        try:
            pair = _key_pair(key, secret)
        finally:
            del key, secret  # from here on only `pair`, which prints redacted, holds them
        check_number("timeout", timeout, 0.001, 86_400, False)
        check_number("deadline", deadline, 0.001, 86_400, False)
        _check_proxy(proxy)
        check_number("max_retries", max_retries, 0, 10, True)
        check_number("max_response_bytes", max_response_bytes, 1, 2_147_483_647, True)
        check_number("max_rate_limit_wait_ms", max_rate_limit_wait_ms, 0, 2_147_483_647, False)
        _one_of("rate_limit", rate_limit, ("wait", "reject", "off"))
        _one_of("clock_sync", clock_sync, ("lazy", "off"))
        _one_of("wire_drift", wire_drift, ("convert", "error"))
        if logger is not None and not is_logger(logger):
            raise ValidationError("logger", logger, "type", "must be a callable, a logging.Logger or a LoggerAdapter")
        for name, value in (default_headers or {}).items():
            check_header("default_headers", name, cast(object, value), api.signing_headers)
        journal = journal_option(outcome_journal)
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
                max_rate_limit_wait_ms, deadline, wire_drift,
            ),
            clock=ServerClock(clock_sync, server_time),
            limiter=limiter or process_limiter(),
            transport=transport or self._make_transport(max_response_bytes, proxy),
            account=account_fingerprint(pair[0]) if pair is not None else "public",
            credentials=(pair[0], make_signer(pair[1])) if pair is not None else None,
            redact=make_redactor([pair[0], pair[1].reveal()] if pair is not None else []),
            clock_mode=clock_sync,
            journal=journal,
        )

    def _make_transport(self, max_response_bytes: int, proxy: ProxySetting) -> Transport:
        """The transport used when none is given, made once the options were checked."""
        return HttpTransport(max_response_bytes, proxy=proxy)

    @property
    def base_url(self) -> str:
        """Base URL every request goes to, including the `/api/v4` prefix."""
        return self._ctx.base_url

    @property
    def clock_offset_ms(self) -> float:
        """Milliseconds added to local time to get server time (0 before the first measurement)."""
        return self._ctx.clock.offset_ms

    def __repr__(self) -> str:
        ctx: Context | None = getattr(self, "_ctx", None)  # None while __init__ runs (a traceback's frame)
        return f"{type(self).__name__}(base_url={ctx.base_url if ctx is not None else None!r})"


class Core(ClientBase):
    """The blocking client's calls over `http.client`; see `ExchangeClient` for the options."""

    _own_transport: HttpTransport | None = None

    def _make_transport(self, max_response_bytes: int, proxy: ProxySetting) -> Transport:
        """The default transport, made once the options were checked (closed by `close()`)."""
        self._own_transport = HttpTransport(max_response_bytes, proxy=proxy)
        return self._own_transport

    def close(self) -> None:
        """Closes the pooled connections of the default transport (a transport of your own is
        left open); every later call raises `ClientClosedError`. Calling it again does nothing."""
        self._ctx.closed = True
        if self._own_transport is not None:
            self._own_transport.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def sync_clock(self) -> None:
        """Measures the server-time offset now (otherwise done before the first private call)."""
        self._ctx.clock.sync()

    def pending_outcomes(self) -> list[JournalEntry]:
        """The writes the outcome journal holds: sent (or about to be) by a process that got no
        definitive answer, possibly one that crashed. Raises `ExchangeError` without a journal."""
        return journal_of(self._ctx).pending()

    def resolve_pending(self) -> list[ResolvedPending]:
        """Resolves what the outcome journal holds (after a restart) by the same lookups as
        `resolve_outcome`: a write found is `applied` and its entry cleared; any other stays with
        the reason. Never resends. Raises `ExchangeError` without a journal."""
        steps = resolve_pending(self._ctx, lambda m, p, o: call(self._ctx, m, p, o))
        return run(steps, perform(self._ctx))

    def resolve_outcome(self, error: Exception) -> Resolution:
        """Finds out what happened to a write that failed, given any error of a write call:
        `applied` with its record, `not_applied` (certain: nothing was sent or it was refused before
        processing; resending is safe) or `unknown` (look again after `retry_after_ms`; resend only
        when `resend` is `same_id`, with that id). The rules: `outcome_policy`."""
        steps = resolve_outcome(self._ctx, lambda m, p, o: call(self._ctx, m, p, o), error)
        return run(steps, perform(self._ctx))

    def request(
        self,
        method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"],
        path: str,
        *,
        query: Mapping[str, object] | None = None,
        body: object = None,
        auth: Literal["public", "private"] | None = None,
        **options: Any,
    ) -> Any:
        """Sends a request to any path, for endpoints newer than the spec, with the same errors. A path
        of a spec operation (`/spot/orders/123` is `get_order`'s) is signed, limited and retried as
        that operation; any other path is signed (unless `auth="public"`), limited to 150 requests per
        10 s per method, and retried only when it is a GET. The path is checked and encoded before
        anything is sent (see the README)."""
        meta = raw_operation_meta(method, path, auth, self._ctx.api.path_prefix, self._ctx.operations)
        params = envelope_params(query, body)
        return execute(self._ctx, meta, params, options)  # pyright: ignore[reportArgumentType]

    def execute_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> Any:
        """Runs one operation (used by the generated methods)."""
        return execute(self._ctx, meta, params, options)

    def execute_operation_with_response(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> ApiResponse[Any]:
        """Runs one operation, returning its data with the answer it ended with (used by the
        generated `with_response` methods)."""
        answers: list[tuple[WireResponse, int, str]] = []

        def keep(wire: WireResponse, attempts: int, request_id: str) -> None:
            answers.append((wire, attempts, request_id))

        data = execute(self._ctx, meta, params, options, on_answer=keep)
        wire, attempts, request_id = answers[-1]
        return api_response(self._ctx.api, data, wire, attempts, request_id, self._ctx.redact)

    def iterate_operation(
        self, meta: OperationMeta, params: Mapping[str, Any] | None, options: RequestOptions
    ) -> Iterator[Any]:
        """Iterates every item of a paginated operation (used by the generated `iter_` methods)."""
        return iterate(self._ctx, meta, params, options)
