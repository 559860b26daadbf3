# Copied by exchange-v4 from templates/python/runtime/signing.py. Do not edit here: edit that file,
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
    return "\n".join([method.upper(), path, query, body_hash, str(timestamp)])


Signer = Callable[[str, str, str, bytes, int], str]
"""`(method, path, query, body, timestamp) -> signature`."""


def make_signer(secret: str) -> Signer:
    """A signer for one API secret. The secret lives only in this closure: it is not an attribute of
    anything the client prints, logs or raises."""
    key = secret.encode("utf-8")

    def sign(method: str, path: str, query: str, body: bytes, timestamp: int) -> str:
        text = signature_string(method, path, query, body_sha512(body), timestamp)
        return hmac.new(key, text.encode("utf-8"), hashlib.sha512).hexdigest()

    return sign
