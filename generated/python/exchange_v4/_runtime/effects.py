# Copied by exchange-v4 from generator/targets/python/runtime/effects.py. Do not edit here: edit that file,
# then run: npm run generate
"""The I/O a call needs, as values. The request loop (`request.call`) is a generator: it decides
everything (validation, signing, the retry and outcome policy, lookups) and yields one `Effect` at a
time for its driver to perform, receiving the result (or the error, thrown back in). Two drivers
perform them: `run` here (blocking: threads, `http.client`) and `AsyncCore._run` (aio_core.py, asyncio).
Neither decides anything: a rule lives once, in the loop."""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, Union

from .metadata import RateLimit
from .rate_limit import RateLimitMode
from .transport import WireRequest

T = TypeVar("T")


@dataclass(frozen=True)
class ClockReady:
    """`ServerClock.ready`: measure the server time first when due (result: None)."""

    on_refresh_error: Callable[[Exception], None]
    timeout_s: float


@dataclass(frozen=True)
class ClockResync:
    """`ServerClock.resync` after a `REQUEST_EXPIRED` answer to offset number `signed_with`."""

    signed_with: int
    timeout_s: float


@dataclass(frozen=True)
class Acquire:
    """`RateLimiter.acquire`: a slot in every bucket of `keys` (result: the `Ticket`)."""

    keys: Sequence[str]
    limit: RateLimit
    operation: str
    mode: RateLimitMode
    max_wait_ms: float


@dataclass(frozen=True)
class Send:
    """One attempt on the wire (result: the `WireResponse`; a `SendFailure` is thrown back)."""

    request: WireRequest


@dataclass(frozen=True)
class Sleep:
    """A backoff wait of `ms` milliseconds."""

    ms: float


Effect = Union[ClockReady, ClockResync, Acquire, Send, Sleep]
"""Everything the request loop asks its driver to do."""

Steps = Generator[Effect, Any, T]
"""A call as the request loop runs it: effects out, their results in, its value at the end."""


@dataclass(frozen=True)
class Done(Generic[T]):
    """The loop ended with `value`."""

    value: T


class StepResult:
    """What the last effect came to, to hand back to the loop: its result, or the error it raised."""

    __slots__ = ("result", "failure")

    def __init__(self) -> None:
        self.result: Any = None
        self.failure: BaseException | None = None


def advance(steps: Steps[T], step: StepResult) -> Effect | Done[T]:
    """Hands the last effect's result to the loop (an error is thrown into it, which decides and
    may raise it on) and returns the next effect, or `Done` with the loop's value. Both drivers
    (`run`, blocking, and the asyncio client's) step the loop with it."""
    result, failure = step.result, step.failure
    step.result, step.failure = None, None
    try:
        return steps.throw(failure) if failure is not None else steps.send(result)
    except StopIteration as done:
        return Done(done.value)  # pyright: ignore[reportUnknownArgumentType]


def run(steps: Steps[T], perform: Callable[[Effect], Any]) -> T:
    """Runs `steps` to its end, performing each effect with `perform` (blocking)."""
    step = StepResult()
    while not isinstance(effect := advance(steps, step), Done):
        try:
            step.result = perform(effect)
        except BaseException as error:  # noqa: BLE001 - handed to the loop, which raises it on
            step.failure = error
    return effect.value
