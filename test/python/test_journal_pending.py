"""The outcome journal after a restart: `resolve_pending` resolves each entry by its lookup (found:
applied and cleared; not listed, failed lookup, another account, unknown operation: unknown with the
reason, kept), never resends; the file store compacts by the TypeScript client's protocol."""

import os
import tempfile
import time
import unittest

from fakes import KEY, Script, client, reply

from exchange_v4 import ExchangeError
from exchange_v4._runtime.context import account_fingerprint
from exchange_v4._runtime.journal import JournalEntry, encode_clear, encode_intent
from exchange_v4._runtime.journal_file import FileJournal
from exchange_v4._runtime.transport import SendFailure

WITHDRAWALS = "/wallet/withdrawals"


def entry(value: str, account: str | None = None, operation: str = "withdraw", n: int = 0) -> JournalEntry:
    return JournalEntry(
        id=f"{n:032x}",
        operation=operation,
        field="withdraw_order_id",
        value=value,
        targets=((value, {}),),
        params_hash="b" * 128,
        sent_at_ms=1_700_000_000_000 + n,
        account=account if account is not None else account_fingerprint(KEY),
    )


class ResolvePending(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "journal.jsonl")
        self.journal = FileJournal(self.path)

    def tearDown(self) -> None:
        self.dir.cleanup()

    def resolve(self, steps: dict[str, list[object]]) -> tuple[list[object], Script]:
        script = Script(steps)  # type: ignore[arg-type]
        return client(script, outcome_journal=self.path, max_retries=0).resolve_pending(), script  # type: ignore[return-value]

    def test_table(self) -> None:
        found = [{"id": "w1", "withdraw_order_id": "o-1", "status": "DONE"}]
        rows: list[tuple[str, JournalEntry, dict[str, list[object]], str, bool, str]] = [
            ("found by its id", entry("o-1"), {WITHDRAWALS: [reply(200, found)]}, "applied", True, ""),
            ("not listed yet", entry("o-2"), {WITHDRAWALS: [reply(200, [])]}, "unknown", False, "is listed yet"),
            ("lookup failed", entry("o-3"), {WITHDRAWALS: [SendFailure("not_sent", "connection reset")]}, "unknown", False, "failed"),
            ("another account", entry("o-4", account="f" * 16), {}, "unknown", False, "another account"),
            ("unknown operation", entry("o-5", operation="gone"), {}, "unknown", False, "unknown to this client"),
        ]
        for name, given, steps, status, cleared, reason in rows:
            with self.subTest(name):
                if os.path.exists(self.path):
                    os.unlink(self.path)
                self.journal.record(given)
                results, script = self.resolve(steps)
                self.assertEqual(len(results), 1)
                got = results[0]
                self.assertEqual((got.resolution.status, got.cleared), (status, cleared))  # type: ignore[attr-defined]
                self.assertIn(reason, got.resolution.reason)  # type: ignore[attr-defined]
                self.assertEqual([p for p in script.paths() if p.startswith("POST")], [])
                self.assertEqual(len(self.journal.pending()), 0 if cleared else 1)

    def test_applied_record_and_unknown_resend(self) -> None:
        self.journal.record(entry("o-1"))
        results, _ = self.resolve({WITHDRAWALS: [reply(200, [{"withdraw_order_id": "o-1", "id": "w1"}])]})
        self.assertEqual(results[0].resolution.record["id"], "w1")  # type: ignore[attr-defined]
        self.journal.record(entry("o-2", n=1))
        results, _ = self.resolve({WITHDRAWALS: [reply(200, [])]})
        self.assertEqual(results[0].resolution.resend, "never")  # type: ignore[attr-defined]
        self.assertIsNotNone(results[0].resolution.retry_after_ms)  # type: ignore[attr-defined]

    def test_without_a_journal(self) -> None:
        with self.assertRaises(ExchangeError):
            client(Script({})).resolve_pending()
        with self.assertRaises(ExchangeError):
            client(Script({})).pending_outcomes()


class Compaction(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "journal.jsonl")

    def tearDown(self) -> None:
        self.dir.cleanup()

    def test_a_clear_over_the_size_keeps_only_pending_entries(self) -> None:
        journal = FileJournal(self.path, compact_bytes=2_000)
        for n in range(20):
            journal.record(entry(f"o-{n}", n=n))
        for n in range(19):
            journal.clear(f"{n:032x}")
        self.assertEqual([e.value for e in journal.pending()], ["o-19"])
        # Every clear that left the file over 2 000 bytes compacted it: it never grows far past that.
        self.assertLessEqual(os.path.getsize(self.path), 2_000 + len(encode_intent(entry("o-1"))))
        journal.compact()
        with open(self.path, encoding="utf-8") as f:
            self.assertEqual(f.read(), encode_intent(entry("o-19", n=19)))
        self.assertFalse(os.path.exists(self.path + ".lock"))

    def test_a_lock_held_by_a_live_process_skips_compaction(self) -> None:
        journal = FileJournal(self.path, compact_bytes=10)
        journal.record(entry("o-1"))
        open(self.path + ".lock", "w").close()
        journal.clear(f"{0:032x}")
        with open(self.path, encoding="utf-8") as f:
            self.assertEqual(f.read(), encode_intent(entry("o-1")) + encode_clear(f"{0:032x}"))

    def test_a_stale_lock_is_taken_over(self) -> None:
        journal = FileJournal(self.path, compact_bytes=10)
        journal.record(entry("o-1"))
        open(self.path + ".lock", "w").close()
        old = time.time() - 60
        os.utime(self.path + ".lock", (old, old))
        journal.clear(f"{0:032x}")
        with open(self.path, encoding="utf-8") as f:
            self.assertEqual(f.read(), "")
        self.assertFalse(os.path.exists(self.path + ".lock"))

    def test_an_append_to_a_replaced_file_is_written_again_to_the_new_one(self) -> None:
        journal = FileJournal(self.path)
        journal.record(entry("o-1"))
        real_fsync = os.fsync
        replaced: list[bool] = []

        def fsync_then_replace(fd: int) -> None:
            real_fsync(fd)
            if not replaced:  # a compaction renames a new file over the journal right after the fsync
                replaced.append(True)
                tmp = self.path + ".new"
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(encode_intent(entry("o-1")))
                os.replace(tmp, self.path)

        os.fsync = fsync_then_replace
        try:
            journal.record(entry("o-2", n=1))
        finally:
            os.fsync = real_fsync
        self.assertEqual([e.value for e in journal.pending()], ["o-1", "o-2"])

    def test_a_torn_last_line_is_ended_and_skipped(self) -> None:
        journal = FileJournal(self.path)
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(encode_intent(entry("o-1"))[:40])
        journal.record(entry("o-2", n=1))
        self.assertEqual([e.value for e in journal.pending()], ["o-2"])


if __name__ == "__main__":
    unittest.main()
