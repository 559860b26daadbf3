"""The outcome journal in a local file (the `outcome_journal` option given a path): append-only JSON
lines (journal.py), each record one `write` to a file opened with `O_APPEND` and fsync'd before the
write it records is sent, so several processes of one machine (Python or TypeScript) share it.
Reading skips a torn last line; the next record ends it first.

Compaction keeps the file bounded, by the TypeScript client's protocol: once a clear leaves it over
`compact_bytes`, the process that takes the lock file (`<path>.lock`, created exclusively) writes the
pending entries to a temporary file, renames it over the journal, then copies any record appended
to the old file meanwhile. An appender checks after its fsync that the path still names the file
it wrote to, and appends again to the new one if not (replaying a record twice changes nothing)."""

from __future__ import annotations

import os
import secrets
import time

from .journal import JournalEntry, encode_clear, encode_intent, replay

DEFAULT_COMPACT_BYTES = 65_536
"""Size in bytes over which a clear triggers a compaction."""

STALE_LOCK_SECONDS = 30.0
"""A lock file older than this was left by a process that died while compacting."""


def _complete_lines(fd: int, start: int) -> tuple[str, int]:
    """The complete lines of an open file from byte `start` on, and where the next read starts."""
    size = os.fstat(fd).st_size
    data = os.pread(fd, max(0, size - start), start) if size > start else b""
    cut = data.rfind(b"\n") + 1
    return data[:cut].decode("utf-8", errors="replace"), start + cut


def _sync_folder(path: str) -> None:
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # folders cannot be fsync'd everywhere; the file itself was
    finally:
        os.close(fd)


class FileJournal:
    """The journal in a local file of JSON lines, shared safely by the processes of one machine."""

    def __init__(self, path: str | os.PathLike[str], compact_bytes: int = DEFAULT_COMPACT_BYTES) -> None:
        self.path = os.fspath(path)
        #: Size in bytes over which a clear compacts the file.
        self.compact_bytes = compact_bytes

    def _append_once(self, text: str) -> bool:
        """Appends in one write and fsyncs; True when the path still names the file written to."""
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            if size > 0:
                with open(self.path, "rb") as reader:
                    reader.seek(size - 1)
                    if reader.read(1) != b"\n":
                        text = "\n" + text  # a line torn by a crash is ended first
            data = text.encode("utf-8")
            if os.write(fd, data) != len(data):
                raise OSError(f"short write to {self.path}")
            os.fsync(fd)
            written = os.fstat(fd).st_ino
        finally:
            os.close(fd)
        try:
            return os.stat(self.path).st_ino == written
        except FileNotFoundError:
            return False

    def _append(self, text: str) -> None:
        for _ in range(5):
            if self._append_once(text):
                return
        raise OSError(f"{self.path} was replaced five times during one append")

    def _lock(self) -> bool:
        lock = self.path + ".lock"
        for _ in range(2):
            try:
                os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                return True
            except FileExistsError:
                try:
                    age = time.time() - os.stat(lock).st_mtime
                except FileNotFoundError:
                    continue
                if age < STALE_LOCK_SECONDS:
                    return False
                try:
                    os.unlink(lock)
                except FileNotFoundError:
                    pass
        return False

    def compact(self) -> None:
        """Rewrites the file with its pending entries only, unless another process is doing so."""
        if not self._lock():
            return
        tmp = f"{self.path}.{int(time.time() * 1000)}.{secrets.token_hex(6)}.tmp"
        old = -1
        try:
            old = os.open(self.path, os.O_RDONLY)
            text, end = _complete_lines(old, 0)
            kept = "".join(encode_intent(entry) for entry in replay(text))
            out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                if kept:
                    os.write(out, kept.encode("utf-8"))
                os.fsync(out)
            finally:
                os.close(out)
            os.replace(tmp, self.path)
            _sync_folder(self.path)
            tail, _ = _complete_lines(old, end)  # records appended to the old file after it was read
            if tail:
                self._append(tail)
        finally:
            if old >= 0:
                os.close(old)
            for leftover in (tmp, self.path + ".lock"):
                try:
                    os.unlink(leftover)
                except FileNotFoundError:
                    pass

    def record(self, entry: JournalEntry) -> None:
        """Appends the entry's intent and fsyncs it."""
        self._append(encode_intent(entry))

    def clear(self, entry_id: str) -> None:
        """Appends the entry's clearing and fsyncs it; compacts once the file is over `compact_bytes`."""
        self._append(encode_clear(entry_id))
        if os.stat(self.path).st_size > self.compact_bytes:
            self.compact()

    def pending(self) -> list[JournalEntry]:
        """The entries not cleared, oldest first."""
        try:
            with open(self.path, encoding="utf-8") as reader:
                return replay(reader.read())
        except FileNotFoundError:
            return []
