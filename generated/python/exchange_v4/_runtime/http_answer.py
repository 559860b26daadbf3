# Copied by exchange-v4 from generator/targets/python/runtime/http_answer.py. Do not edit here: edit that file,
# then run: npm run generate
"""One HTTP/1.x answer read from bytes as they arrive, for both transports (`transport.py` feeds it
from a socket, `aio_pool.Connection` from the event loop): the status line, the headers (1xx
answers skipped), a body framed by `Content-Length`, by chunks or by the end of the stream, and
whether the connection can carry another request. Strict: anything else is a `BadAnswer` saying
what was wrong; a body past the cap is `AnswerTooLarge`, raised as soon as the declared length, a
chunk's size or the count shows it. No I/O."""

from __future__ import annotations

import re

MAX_HEAD_BYTES = 64 * 1024
"""The longest head read (status lines and headers of the answer and its 1xx answers, or a chunked
body's trailers): 64 KiB."""

MAX_CHUNK_LINE = 1024
"""The longest chunk-size line (the size and its extensions): 1 KiB."""

_STATUS_LINE = re.compile(r"HTTP/1\.([01]) ([1-9]\d\d)(?: [^\r\n]*)?")
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_HEX = re.compile(rb"[0-9A-Fa-f]{1,16}")
#: Header names already found to be tokens (checked once each; at most 256 kept).
_GOOD_NAMES: set[str] = set()
_HEAD, _LENGTH, _SIZE, _DATA, _DATA_END, _TRAILERS, _UNTIL_CLOSE, _DONE = range(8)


class BadAnswer(Exception):
    """The bytes that came back are not an HTTP/1.x answer (the message says how)."""


class AnswerTooLarge(Exception):
    """The answer's body is larger than the cap."""

    def __init__(self, status: int) -> None:
        super().__init__(f"the body of a {status} answer is larger than the cap")
        self.status = status


def content_length(value: str) -> int:
    """The length a `Content-Length` value declares (a list of one repeated length is that length);
    `BadAnswer` for anything else. Pure."""
    if value.isdigit() and value.isascii() and len(value) <= 18:
        return int(value)
    first, *rest = (v.strip() for v in value.split(","))
    if not first.isdigit() or not first.isascii() or len(first) > 18 or any(v != first for v in rest):
        raise BadAnswer(f"a bad Content-Length: {value[:24]!r}")
    return int(first)


class AnswerParser:
    """Fed the bytes of one answer (`feed`, then `end` at the end of the stream) until `done`.
    `limit`: the largest body kept; `head_only`: the answer has no body (a HEAD or CONNECT request).
    Then `status`, `headers` (lower-case names, the last of a repeated one), `body()` and `reusable`
    (HTTP/1.1 without `Connection: close`, or 1.0 with `keep-alive`; a framed body; nothing extra)."""

    __slots__ = ("limit", "head_only", "status", "headers", "done", "reusable", "received", "_state",
                 "_rest", "_pieces", "_size", "_left", "_head_bytes", "_keep")

    def __init__(self, limit: int, head_only: bool = False) -> None:
        self.limit = limit
        self.head_only = head_only
        self.status = 0
        self.headers: dict[str, str] = {}
        self.done = False
        self.reusable = False
        #: Bytes fed so far.
        self.received = 0
        self._state = _HEAD
        self._rest = b""
        self._pieces: list[bytes] = []
        self._size = 0
        self._left = 0
        self._head_bytes = 0
        self._keep = False

    def body(self) -> bytes:
        """The body read (whole once `done`)."""
        return b"".join(self._pieces)

    def feed(self, data: bytes) -> bool:
        """Takes the next bytes; whether the answer is complete. Bytes past its end make the
        connection not reusable (nobody asked for them)."""
        self.received += len(data)
        if self._rest:
            data, self._rest = self._rest + data, b""
        at, n = 0, len(data)
        while at < n or self._state == _DONE:
            state = self._state
            if state == _HEAD:
                end = data.find(b"\r\n\r\n", at)
                if end < 0:
                    if self._head_bytes + n - at > MAX_HEAD_BYTES:
                        raise BadAnswer(f"an answer's head longer than {MAX_HEAD_BYTES} bytes")
                    break
                self._head_bytes += end + 4 - at
                if self._head_bytes > MAX_HEAD_BYTES:
                    raise BadAnswer(f"an answer's head longer than {MAX_HEAD_BYTES} bytes")
                self._head(data[at:end].decode("latin-1"))
                at = end + 4
            elif state == _LENGTH or state == _DATA:
                take = min(self._left, n - at)
                self._pieces.append(data[at : at + take] if at or take < n else data)
                at += take
                self._left -= take
                if self._left:
                    break
                if state == _LENGTH:
                    self._finish()
                else:
                    self._state = _DATA_END
            elif state == _SIZE:
                end = data.find(b"\r\n", at)
                if end < 0 or end - at > MAX_CHUNK_LINE:
                    if n - at > MAX_CHUNK_LINE:
                        raise BadAnswer(f"a chunk-size line longer than {MAX_CHUNK_LINE} bytes")
                    break
                size = data[at:end].split(b";", 1)[0].strip(b" \t")
                if not _HEX.fullmatch(size):
                    raise BadAnswer(f"a bad chunk size: {size[:20]!r}")
                at = end + 2
                self._left = int(size, 16)
                if not self._left:
                    self._state = _TRAILERS
                    self._head_bytes = 0
                elif self._size + self._left > self.limit:
                    raise AnswerTooLarge(self.status)
                else:
                    self._size += self._left
                    self._state = _DATA
            elif state == _DATA_END:
                if n - at < 2:
                    break
                if data[at : at + 2] != b"\r\n":
                    raise BadAnswer("a chunk not ended by CRLF")
                at += 2
                self._state = _SIZE
            elif state == _TRAILERS:
                end = data.find(b"\r\n", at)
                if end < 0:
                    if self._head_bytes + n - at > MAX_HEAD_BYTES:
                        raise BadAnswer(f"trailers longer than {MAX_HEAD_BYTES} bytes")
                    break
                self._head_bytes += end + 2 - at
                if self._head_bytes > MAX_HEAD_BYTES:
                    raise BadAnswer(f"trailers longer than {MAX_HEAD_BYTES} bytes")
                blank = end == at
                at = end + 2
                if blank:
                    self._finish()
            elif state == _UNTIL_CLOSE:
                self._size += n - at
                if self._size > self.limit:
                    raise AnswerTooLarge(self.status)
                self._pieces.append(data[at:] if at else data)
                at = n
            else:  # _DONE
                if at < n:
                    self.reusable = False  # bytes past the answer: nobody asked for them
                return True
        if at < n:
            self._rest = data[at:]
        return False

    def end(self) -> bool:
        """The stream ended: completes a body read to the end of the stream; `BadAnswer` when the
        answer was cut short (or never began)."""
        if self._state == _UNTIL_CLOSE:
            self._state = _DONE
            self.done = True
        if self.done:
            self.reusable = False
            return True
        if not self.received:
            raise BadAnswer("the connection closed before any answer")
        raise BadAnswer("the connection closed before the answer ended")

    def _head(self, head: str) -> None:
        lines = head.split("\r\n")
        match = _STATUS_LINE.fullmatch(lines[0])
        if match is None:
            raise BadAnswer(f"not an HTTP/1.x status line: {lines[0][:40]!r}")
        status = int(match.group(2))
        headers: dict[str, str] = {}
        last = ""
        for line in lines[1:]:
            if line[0] in " \t":  # an obsolete folded line continues the last header
                if not last:
                    raise BadAnswer("a folded line before any header")
                headers[last] = f"{headers[last]} {line.strip()}"
                continue
            name, colon, value = line.partition(":")
            if not colon or name not in _GOOD_NAMES:
                if not colon or not _TOKEN.fullmatch(name):
                    raise BadAnswer(f"a bad header line: {line[:40]!r}")
                if len(_GOOD_NAMES) < 256:
                    _GOOD_NAMES.add(name)
            last = name.lower()
            value = value.strip()
            if last == "content-length" and headers.get(last, value) != value:
                raise BadAnswer("two different Content-Length headers")
            headers[last] = value
        if status < 200 and status != 101:
            return  # informational: the answer follows
        self.status = status
        self.headers = headers
        connection = headers.get("connection")
        tokens = [t.strip() for t in connection.lower().split(",")] if connection else ()
        self._keep = "close" not in tokens if match.group(1) == "1" else "keep-alive" in tokens
        coding = headers.get("transfer-encoding")
        if self.head_only or status in (204, 304) or status == 101:
            self._keep = self._keep and status != 101
            self._finish()
        elif coding is not None:
            if coding.rsplit(",", 1)[-1].strip().lower() != "chunked":
                self._state = _UNTIL_CLOSE
            else:
                self._keep = self._keep and "content-length" not in headers
                self._state = _SIZE
        elif "content-length" in headers:
            self._left = content_length(headers["content-length"])
            if self._left > self.limit:
                raise AnswerTooLarge(status)
            if self._left:
                self._state = _LENGTH
            else:
                self._finish()
        else:
            self._state = _UNTIL_CLOSE

    def _finish(self) -> None:
        self._state = _DONE
        self.done = True
        self.reusable = self._keep
