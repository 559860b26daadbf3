# Copied by exchange-v4 from generator/targets/python/runtime/signing.py. Do not edit here: edit that file,
# then run: npm run generate
"""Request signing (HMAC-SHA512). The signature string has five parts joined by a line feed: the
upper-case method, the path with the `/api/v4` prefix, the raw query string exactly as sent (no
`?`), the lower-case hex SHA-512 of the exact body bytes (of the empty string without a body) and
the Timestamp header value (whole Unix seconds). The signature is the lower-case hex HMAC-SHA512 of
that string keyed with the API secret."""

from __future__ import annotations

import hashlib
import hmac
from typing import Callable

EMPTY_BODY_SHA512 = hashlib.sha512(b"").hexdigest()
"""SHA-512 of the empty string: the body hash of a request without a body."""


def body_sha512(body: bytes) -> str:
    """Lower-case hex SHA-512 of the body bytes (`EMPTY_BODY_SHA512` for no body)."""
    return hashlib.sha512(body).hexdigest() if body else EMPTY_BODY_SHA512


def signature_string(method: str, path: str, query: str, body_hash: str, timestamp: int | str) -> str:
    """The five-line string that is signed."""
    return f"{method.upper()}\n{path}\n{query}\n{body_hash}\n{timestamp}"


Signer = Callable[[str, str, str, bytes, int], str]
"""`(method, path, query, body, timestamp) -> signature`."""


class HiddenText(str):
    """Text that is sent as it is (the API key and the signature header values) but prints as
    `'[redacted]'` in a repr: a frame local, a headers mapping or a request holding it shows neither
    (error trackers and `pytest --showlocals` record `repr()` of every local)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "'[redacted]'"


class Secret:
    """The API secret, kept out of every repr, format and pickle: not a `str`, it prints as
    `Secret([redacted])`; only the signer reads it, inside one expression."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The secret itself (never bind it to a name in a frame that may end on a traceback)."""
        return self._value

    def __repr__(self) -> str:
        return "Secret([redacted])"

    __str__ = __repr__

    def __reduce__(self) -> tuple[object, ...]:
        raise TypeError("the API secret is not pickled")


def signed_headers(
    names: tuple[str, str, str], key: str, sign: Signer, method: str, path: str, query: str, body: bytes, timestamp: int
) -> dict[str, str]:
    """The three signing headers of one request (`names`: the key, timestamp and signature header
    names, in that order): the key as given, the timestamp as whole seconds, the signature of the
    request's parts."""
    key_header, timestamp_header, signature_header = names
    return {
        key_header: key,
        timestamp_header: str(timestamp),
        signature_header: sign(method, path, query, body, timestamp),
    }


def make_signer(secret: str | Secret) -> Signer:
    """A signer for one API secret. The secret lives only in this closure, as a `Secret`: it is not an
    attribute of anything the client prints, logs or raises, nor a readable local of any frame; the
    signatures it returns are `HiddenText`. The HMAC is keyed once (it prints and pickles without
    the key); each signature starts from a copy of it."""
    held = secret if isinstance(secret, Secret) else Secret(secret)
    del secret
    keyed = hmac.new(held.reveal().encode("utf-8"), digestmod=hashlib.sha512)

    def sign(method: str, path: str, query: str, body: bytes, timestamp: int) -> str:
        mac = keyed.copy()  # `signature_string` of the body's `body_sha512`, written out here
        body_hash = hashlib.sha512(body).hexdigest() if body else EMPTY_BODY_SHA512
        mac.update(f"{method.upper()}\n{path}\n{query}\n{body_hash}\n{timestamp}".encode("utf-8"))
        return HiddenText(mac.hexdigest())

    return sign
